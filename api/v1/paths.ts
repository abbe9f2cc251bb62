// A v1 route's path as the two routers read it: the Express path and the fast path's pattern, both made from the
// route's documented path (api/v1/table.ts), and its path parameters checked through the schemas the document is
// generated from (a 404 message when they name nothing).
import { countryByCode } from "../../lib/countries.ts";
import { DEFAULT_LOCALE } from "../../product/locales.ts";
import type { RankingType } from "../../product/options.ts";
import { API_V1_BASE } from "../../product/open-data.ts";
import { countryParams, rankingParams } from "./schemas/params.ts";
import type { V1Params, V1Route } from "./table.ts";

const PARAM_NOT_FOUND = {
  country: (raw: Record<string, string>) =>
    `Unknown country code "${String(raw.code ?? "").slice(0, 12)}": not one of the 31 covered countries.`,
  ranking: (raw: Record<string, string>) =>
    `Unknown ranking "${String(raw.type ?? "").slice(0, 40)}": use brightest or stormiest.`,
} as const;

/**
 * A route's path parameters through the schemas the document is generated from; a message saying what does not
 * exist (a 404) when they name nothing. `lang` is English here: the query's (`v1Lang`) is checked after the path.
 */
export function v1Params(
  route: V1Route,
  raw: Record<string, string>,
): { ok: true; params: V1Params } | { ok: false; notFound: string } {
  const lang = DEFAULT_LOCALE;
  if (route.params === null) return { ok: true, params: { lang } };
  if (route.params === "ranking") {
    const parsed = rankingParams.safeParse(raw);
    return parsed.success
      ? { ok: true, params: { type: parsed.data.type as RankingType, lang } }
      : { ok: false, notFound: PARAM_NOT_FOUND.ranking(raw) };
  }
  const parsed = countryParams.safeParse(raw);
  const country = parsed.success ? countryByCode(parsed.data.code) : undefined;
  return country
    ? { ok: true, params: { code: country.code, lang } }
    : { ok: false, notFound: PARAM_NOT_FOUND.country(raw) };
}

/** The route's path below API_V1_BASE, as Express writes it (`/countries/:code`). */
export const expressPath = (route: V1Route): string =>
  route.doc.path.slice(API_V1_BASE.length).replace(/\{(\w+)\}/g, ":$1");

/** The route's path below API_V1_BASE as a pattern with one group per parameter, with their names. */
export function pathPattern(route: V1Route): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const rel = route.doc.path.slice(API_V1_BASE.length);
  const source = rel
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(m[1]!);
      return "([^/]+)";
    })
    .join("");
  return { re: new RegExp(`^${source}$`), names };
}
