// The data of one country page (/country/{code} and /job-market/{name}), trimmed to what the page shows.
import type { ServingDb } from "../../../pipeline/serving-db.ts";
import { getCountryDetail } from "./data.server.ts";

export const HISTORY_RANGES = { "5y": 60, "10y": 120, all: Infinity } as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;

export function historyRange(value: string | null): HistoryRange {
  return value === "10y" || value === "all" ? value : "5y";
}

export function loadCountryPage(db: ServingDb, code: string, range: HistoryRange, now = new Date()) {
  const detail = getCountryDetail(db, code, now);
  if (!detail) return null;
  const { country, snapshot, panel, fresh, history, community } = detail;
  const months = HISTORY_RANGES[range];
  // Trim leading months without any score, then keep the chosen window.
  const firstScored = history.findIndex((h) => h.score !== null);
  const scoredHistory = firstScored < 0 ? [] : history.slice(firstScored);
  const shown = Number.isFinite(months) ? scoredHistory.slice(-months) : scoredHistory;
  return {
    now: now.toISOString(),
    country: { code: country.code, name: country.name, slug: country.slug, flag: country.flag },
    fresh,
    score: fresh ? snapshot!.score : null,
    status: fresh ? snapshot!.status : null,
    label: fresh ? snapshot!.label : null,
    confidence: fresh ? snapshot!.confidence : null,
    basis: fresh ? snapshot!.basis : null,
    cover: fresh ? snapshot!.cover : null,
    subScores: fresh ? snapshot!.sub_scores : null,
    anchorMonth: snapshot?.anchor_month ?? null,
    asOf: snapshot?.as_of ?? null,
    yoyFrom: snapshot?.yoy.from_month ?? null,
    // A stale score is not shown, nor is anything derived from it; a country without any score keeps its context data.
    panel: fresh || snapshot?.score === null ? panel : null,
    history: shown,
    historyMonths: scoredHistory.length,
    range,
    community,
  };
}

export type CountryPageData = NonNullable<ReturnType<typeof loadCountryPage>>;
