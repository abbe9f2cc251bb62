// What the updater asks Eurostat for and what it reads from an answer before the answer goes to ingest.
// Pure: request URLs are built from the pins of sources/eurostat/tables.ts (never a second copy of them),
// and an answer is looked at only for what decides the run (HTML page, error body, empty, frozen, `updated`).
// Validation proper stays in ingest.
import { COUNTRIES, EU_AGGREGATE, type Country } from "../countries.ts";
import { ageInMonths } from "../model/period.ts";
import { normalisePeriod } from "../sources/eurostat/period.ts";
import { SUCCESSOR_TABLES, type TableConfig } from "../sources/eurostat/tables.ts";

/**
 * Tables fetched only for the covered countries missing from another table (score-v2.md §1: `une_rt_q`
 * "for countries missing from" `une_rt_m`).
 */
export const PARTIAL_FALLBACKS: Readonly<Record<string, string>> = { une_rt_q: "une_rt_m" };

/** A table whose newest period is older than this (as of the run) no longer publishes: it looks frozen. */
export const FROZEN_AFTER_MONTHS = 12;

/** Successor table → the legacy table it replaces. */
export const PREDECESSOR_TABLES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SUCCESSOR_TABLES).map(([legacy, successor]) => [successor, legacy]),
);

/** Eurostat geo codes of the given covered countries (GR → EL), then the EU aggregate. */
export function requestGeos(countries: readonly Country[] = COUNTRIES): string[] {
  return [...countries.map((c) => c.eurostatGeo), EU_AGGREGATE];
}

/**
 * `{base}/{table}?format=JSON&lang=EN&<pins>&geo=…`. Every code of a required pin is asked for (the reader
 * then pins the preferred one the answer has). Optional pins are left out on purpose: the API rejects a
 * dimension a table does not have (INVALID_QUERY_DIMENSION), and the reader pins them when they are there.
 */
export function tableUrl(baseUrl: string, config: TableConfig, geos: readonly string[]): string {
  const params = new URLSearchParams({ format: "JSON", lang: "EN" });
  for (const pin of config.pins) {
    if (pin.optional) continue;
    for (const code of pin.codes) params.append(pin.dimension, code);
  }
  for (const geo of geos) params.append("geo", geo);
  return `${baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(config.table)}?${params.toString()}`;
}

export type EurostatAnswer =
  /** Not something ingest should see: an HTML page, an error body, another table. */
  | { kind: "refused"; reason: string }
  /** Not JSON: ingest rejects it with its own message. */
  | { kind: "unreadable" }
  | {
      kind: "dataset";
      updated: string | null;
      /** Why the answer holds no value at all, or null. */
      empty: string | null;
      /** Why the title or description says the table is closed, or null. */
      closed: string | null;
      /** The dataset's newest period (its OBS_PERIOD_OVERALL_LATEST annotation), or null. */
      newestPeriod: string | null;
    };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** True when the body is an HTML page (by its type, or by how it starts). */
export function looksLikeHtml(body: Buffer, contentType: string | null): boolean {
  if (/html/i.test(contentType ?? "")) return true;
  const head = body.subarray(0, 512).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<!doctype html") || head.startsWith("<html") || head.startsWith("<head") || head.startsWith("<body");
}

function htmlTitle(body: Buffer): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body.subarray(0, 64 * 1024).toString("utf8"))?.[1]?.trim();
  return title ? title.replace(/\s+/g, " ") : null;
}

const stripHtml = (html: string): string =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Why a table looks closed from its own words: a title ending in a year range that is over
 * (`… (1997-2025)`), or a description saying it is discontinued. Null when neither.
 */
export function closedHint(label: string | null, description: string | null, now: Date): string | null {
  const reasons: string[] = [];
  const range = label ? /\((\d{4})\s*[-–]\s*(\d{4})\)\s*$/.exec(label) : null;
  if (range && Number(range[2]) < now.getUTCFullYear()) reasons.push(`its title ends with (${range[1]}-${range[2]})`);
  if (description) {
    const text = stripHtml(description);
    const sentence = /[^.]*\b(discontinued|no longer (?:updated|produced|maintained))\b[^.]*/i.exec(text)?.[0]?.trim();
    if (sentence) reasons.push(`its description says "${sentence.length > 160 ? `${sentence.slice(0, 160)}…` : sentence}"`);
  }
  return reasons.length ? reasons.join(" and ") : null;
}

/** Why a newest period this old means the table no longer publishes, or null. */
export function staleHint(newestPeriod: string | null, now: Date, afterMonths = FROZEN_AFTER_MONTHS): string | null {
  if (newestPeriod === null) return null;
  const age = ageInMonths(newestPeriod, now.toISOString().slice(0, 10));
  return age > afterMonths ? `its newest period ${newestPeriod} is ${age} months old` : null;
}

function annotation(extension: Record<string, unknown>, type: string): string | null {
  const list = Array.isArray(extension.annotation) ? extension.annotation : [];
  for (const a of list) {
    if (isObject(a) && a.type === type) {
      const v = a.title ?? a.date ?? a.text;
      if (typeof v === "string") return v;
    }
  }
  return null;
}

function categoryCodes(dimension: unknown): string[] | null {
  if (!isObject(dimension) || !isObject(dimension.category)) return null;
  const index = dimension.category.index;
  if (Array.isArray(index)) return index.map(String);
  if (isObject(index)) return Object.keys(index);
  if (isObject(dimension.category.label)) return Object.keys(dimension.category.label);
  return [];
}

/** Names the filter that matched nothing, as far as the answer tells. */
function emptyReason(json: Record<string, unknown>, config: TableConfig): string {
  const dims = isObject(json.dimension) ? json.dimension : {};
  for (const pin of config.pins) {
    if (pin.optional) continue;
    const codes = categoryCodes(dims[pin.dimension]);
    if (codes !== null && !pin.codes.some((c) => codes.includes(c))) {
      return `Eurostat answered with no values: dimension "${pin.dimension}" has none of ${pin.codes.join(", ")} (a filter that matches nothing)`;
    }
  }
  const geo = categoryCodes(dims.geo);
  if (geo !== null && geo.length === 0) return "Eurostat answered with no values: none of the requested countries has data in this table";
  return "Eurostat answered with no values (empty `value`): a filter matches nothing";
}

/** Reads what decides the run from one answer of `{base}/{config.table}`. */
export function inspectEurostat(body: Buffer, contentType: string | null, config: TableConfig, now: Date): EurostatAnswer {
  if (looksLikeHtml(body, contentType)) {
    const title = htmlTitle(body);
    return { kind: "refused", reason: `answered an HTML page${title ? ` ("${title}")` : ""} instead of JSON-stat data` };
  }
  let json: unknown;
  try {
    const text = body.toString("utf8");
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return { kind: "unreadable" };
  }
  if (!isObject(json)) return { kind: "unreadable" };
  if ("error" in json && !("value" in json)) {
    const errors = Array.isArray(json.error) ? json.error : [json.error];
    const labels = errors.map((e) => (isObject(e) && typeof e.label === "string" ? e.label : null)).filter(Boolean);
    return { kind: "refused", reason: `Eurostat answered with an error: ${labels.join("; ") || JSON.stringify(json.error).slice(0, 200)}` };
  }
  const extension = isObject(json.extension) ? json.extension : {};
  const declared = typeof extension.id === "string" ? extension.id.trim().toLowerCase() : null;
  if (declared !== null && declared !== "" && declared !== config.table) {
    return { kind: "refused", reason: `answered with table ${declared} instead of ${config.table}` };
  }
  const value = json.value;
  const isEmpty = Array.isArray(value) ? value.every((v) => v === null) : isObject(value) ? Object.keys(value).length === 0 : false;
  const latest = annotation(extension, "OBS_PERIOD_OVERALL_LATEST");
  return {
    kind: "dataset",
    updated: typeof json.updated === "string" ? json.updated : null,
    empty: isEmpty ? emptyReason(json, config) : null,
    closed: closedHint(typeof json.label === "string" ? json.label : null, typeof extension.description === "string" ? extension.description : null, now),
    newestPeriod: latest === null ? null : (normalisePeriod(latest)?.period ?? null),
  };
}
