// The data of /compare/{a}-{b}[-{c}[-{d}]] (routes/compare.tsx's loader), by phase: the "Compare with…" form's
// address, the page explaining the 2-to-4 rule, each country's figures on one time axis, and why their scores differ
// (product/compare.ts: the exact attribution over the inputs, in words).
import { countryByCode } from "../../../lib/countries.ts";
import type { Snapshot, SubScoreKey } from "../../../pipeline/model/types.ts";
import type { PublishedSnapshot } from "../../../pipeline/youth.ts";
import {
  COMPARE_MAX,
  COMPARE_MIN,
  compareAddress,
  differenceView,
  type ComparePath,
} from "../../../product/compare.ts";
import { countryNameIn } from "../../../product/country-names.ts";
import { countryInSentence } from "../../../product/country-phrases.ts";
import { historyView } from "../../../product/history-view.ts";
import { ALL_CHOICE, readSectorChoice, type SectorChoice } from "../../../product/sectors.ts";
import { joinFlags } from "../components/flag-mark.tsx";
import { pageMessages } from "../i18n/catalog.server.ts";
import type { Locale } from "../i18n/locales.ts";
import type { SiteLoadContext } from "./context.ts";
import { pageTextOf } from "./page-text.server.ts";
import { compareSectorCell, coverSentences } from "./sectors.server.ts";

/** Eurostat's flag of each sub-score's input: its own figure's, or the letters of the figures it is computed from. */
function inputFlags(s: Snapshot): Record<SubScoreKey, string | null> {
  const u = s.unemployment?.flag;
  const sentiment = (s.sentiment_sources ?? []).map((x) => (x.source === "lmb" ? s.lmb?.flag : s.eei?.flag));
  return {
    U: joinFlags(u),
    V: joinFlags(s.vacancy?.flag),
    C: joinFlags(u, s.vacancy?.flag),
    M: joinFlags(u, s.unemployment_year_before?.flag),
    S: joinFlags(...sentiment),
  };
}

/** Months of history drawn (as the country page's default range). */
const HISTORY_MONTHS = 60;

/** The sector section's default: every sector (the headline vacancy rate). */
const ALL: SectorChoice = { kind: "all", value: ALL_CHOICE };

/**
 * The "Compare with…" form (`?add={code}`): the address of the countries named so far (one is enough) plus the one
 * picked; null when that pick cannot be added (unknown, already named, or the set full), and the address is read as
 * it is.
 */
export function addedAddress(raw: string, add: string): string | null {
  const named = raw.split("-").map((c) => (/^[a-z]{2}$/i.test(c) ? countryByCode(c)?.code : undefined));
  const extra = /^[a-z]{2}$/i.test(add) ? countryByCode(add)?.code : undefined;
  if (named.every((c) => c !== undefined) && extra && !named.includes(extra) && named.length < COMPARE_MAX)
    return compareAddress([...named, extra]);
  return null;
}

/** One country alone, five and more, or one named twice: the rule in words, with the ways on (docs/product.md). */
export function limitsData(request: Request, r: Extract<ComparePath, { kind: "count" | "duplicate" }>) {
  const t = pageTextOf(request);
  const repeated = r.kind === "duplicate" ? r.repeated : [];
  return {
    notFound: false as const,
    limits: true as const,
    codes: r.codes,
    repeated,
    meta: {
      title: repeated.length
        ? t("compare.duplicate.title")
        : t("compare.limits.title", { min: COMPARE_MIN, max: COMPARE_MAX }),
    },
    messages: pageMessages(request, "compare"),
  };
}

/** Each country's card, inputs and sector figures, and its history on one time axis shared by all. */
function comparedCountries(
  context: SiteLoadContext,
  codes: readonly string[],
  lang: Locale,
  choice: SectorChoice,
  paused: boolean,
) {
  const readings = codes.map((code) => context.read.country(code, context.now)!);
  // One time axis: the same months for every country (the newest HISTORY_MONTHS of any of them).
  const months = [...new Set(readings.flatMap((x) => x.history.filter((h) => h.score !== null).map((h) => h.month)))]
    .sort()
    .slice(-HISTORY_MONTHS);
  return readings.map(({ item, snapshot, history }) => {
    const byMonth = new Map(history.map((h) => [h.month, h]));
    const shown = snapshot && snapshot.score !== null;
    return {
      code: item.code,
      name: countryNameIn(lang, item.code),
      score: item.score,
      status: item.status,
      label: item.label,
      confidence: item.confidence,
      evidence: item.evidence,
      withheld: item.withheld_reason,
      subScores: shown ? snapshot.sub_scores : null,
      /** Eurostat's flags of each sub-score's input (of the figures it is computed from), shown beside it. */
      flags: shown ? inputFlags(snapshot) : null,
      history: historyView(months.map((m) => byMonth.get(m) ?? { month: m, score: null, status: null })),
      mood: context.read.communityOf(item.code).summary,
      sector: compareSectorCell(snapshot as PublishedSnapshot | null, choice, paused),
    };
  });
}

/** A country compared (its card, its column of the tables, its history). */
export type ComparedCountry = ReturnType<typeof comparedCountries>[number];

/** Why they differ: each country against the highest score of the set (two countries: one sentence). */
function differencesOf(countries: readonly ComparedCountry[], lang: Locale) {
  const scored = countries
    .filter((c) => c.score !== null)
    .sort((a, b) => b.score! - a.score! || a.code.localeCompare(b.code));
  const top = scored[0];
  // The sentences name the countries as a sentence says them ("the Netherlands"), the cards as a heading does.
  const said = (c: ComparedCountry) => ({
    ...c,
    name: countryInSentence(lang, c.code),
    sub_scores: c.subScores,
  });
  const differences = top ? scored.slice(1).map((c) => differenceView(said(c), said(top))) : [];
  return differences.filter((d) => d !== null);
}

/** The page of 2 to 4 countries: their figures, why they differ, the sector section's pick, the page's words. */
export function compareData(
  request: Request,
  context: SiteLoadContext,
  { codes, lang, sectorParam, keep }: { codes: string[]; lang: Locale; sectorParam: string | null; keep: string },
) {
  const sectorPick = readSectorChoice(sectorParam, ALL, { allowAll: true });
  const paused = context.read.publicationState(context.now).paused;
  const countries = comparedCountries(context, codes, lang, sectorPick.choice, paused);
  const differences = differencesOf(countries, lang);
  const t = pageTextOf(request);
  const names = countries.map((c) => c.name).join(` ${t("compare.vs")} `);
  return {
    notFound: false as const,
    limits: false as const,
    codes,
    countries,
    differences,
    sector: {
      choice: sectorPick.choice,
      unknown: sectorPick.unknown,
      paused,
      keep,
      covers: coverSentences(
        t,
        sectorPick.choice,
        countries.map((c) => (c.sector?.kind === "sector" ? c.sector : null)),
      ),
    },
    meta: { title: t("compare.meta.title", { names }), description: t("compare.meta.description", { names }) },
    messages: pageMessages(request, "compare"),
  };
}
