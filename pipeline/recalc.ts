// Recalc: stored observations → model (pure) → one publish transaction into the serving database.
import { COUNTRIES, EU_AGGREGATE } from "./countries.ts";
import { CURRENT_MODEL, type ScoreModel } from "./model/index.ts";
import type { CountryResult, ModelInput, SeriesPoint } from "./model/types.ts";
import { parseAsOf } from "./model/period.ts";
import type { PausedBy } from "./pause.ts";
import { publish, storedCards, type CardRenderer } from "./publish.ts";
import type { ServingDb } from "./serving-db.ts";
import { SUCCESSOR_TABLES } from "./sources/eurostat/tables.ts";
import type { ObservationStore, StoredObservation } from "./store/observations.ts";

export { parseAsOf };

export interface RecalcCountry {
  code: string;
  name: string;
  score: number | null;
  status: string | null;
  label: string | null;
  confidence: string | null;
  basis: string | null;
  cover: number | null;
  anchor_month: string | null;
  yoy: number | null;
  yoy_label: string | null;
}

export interface RecalcSummary {
  model: string;
  as_of: string;
  published_at: string | null;
  publication_id: number | null;
  countries_scored: number;
  duration_ms: number;
  countries: RecalcCountry[];
  /**
   * Set when the operator had paused publication: the scores were stored as the pending publication and reach
   * visitors on resume (pipeline/publish.ts); `published_at` and `publication_id` are then null.
   */
  paused: PausedBy | null;
}


const point = (o: StoredObservation): SeriesPoint => ({
  period: o.period,
  value: o.value,
  flag: o.flag,
  ingestId: o.ingestId,
  unit: o.unit,
});

/**
 * Employment expectations (EEI) tables, most preferred first: where several give the same country and month,
 * Eurostat's teibs030 wins, then ei_bsee_m_r2, then DG ECFIN's file (docs/model.md §1).
 */
export const EXPECTATIONS_TABLE_PREFERENCE: readonly string[] = ["teibs030", "ei_bsee_m_r2", "ecfin_eei"];

/**
 * Groups stored observations into one model input per covered country. Where a legacy table and its
 * successor give the same (data type, country, period), the successor's value wins; where several
 * expectations tables do, the one first in EXPECTATIONS_TABLE_PREFERENCE wins; equal ranks fall back to the
 * table name. So the order in which the files were ingested never changes a result.
 */
export function buildModelInputs(rows: readonly StoredObservation[]): ModelInput[] {
  // rank: 1 for a successor table, 0 for a legacy one, so a successor replaces a legacy value of the same period;
  // expectations tables rank by preference (they only ever compete with each other).
  const rank = (table: string): number => {
    const preference = EXPECTATIONS_TABLE_PREFERENCE.indexOf(table);
    if (preference >= 0) return EXPECTATIONS_TABLE_PREFERENCE.length - preference;
    return Object.values(SUCCESSOR_TABLES).includes(table) ? 1 : 0;
  };
  const series = new Map<string, Map<string, { p: SeriesPoint; rank: number; table: string }>>();
  const put = (geo: string, kind: string, o: StoredObservation) => {
    const key = `${geo}|${kind}`;
    let byPeriod = series.get(key);
    if (!byPeriod) series.set(key, (byPeriod = new Map()));
    const seen = byPeriod.get(o.period);
    const r = rank(o.table);
    if (!seen || r > seen.rank || (r === seen.rank && o.table < seen.table)) byPeriod.set(o.period, { p: point(o), rank: r, table: o.table });
  };
  for (const o of rows) {
    // Every other data type is its own series by name: "expectations" (model v2.1) lands in `expectations`.
    const kind =
      o.dataType === "unemployment" ? (o.period.includes("Q") ? "unemploymentQuarterly" : "unemploymentMonthly") : o.dataType;
    put(o.geo, kind, o);
  }
  const get = (geo: string, kind: string): SeriesPoint[] =>
    [...(series.get(`${geo}|${kind}`)?.values() ?? [])]
      .map((x) => x.p)
      .sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  const euMonthly = get(EU_AGGREGATE, "unemploymentMonthly");
  const euQuarterly = get(EU_AGGREGATE, "unemploymentQuarterly");
  return COUNTRIES.map((c) => ({
    country: c.code,
    unemploymentMonthly: get(c.code, "unemploymentMonthly"),
    unemploymentQuarterly: get(c.code, "unemploymentQuarterly"),
    vacancy: get(c.code, "vacancy"),
    lmb: get(c.code, "lmb"),
    expectations: get(c.code, "expectations"),
    gdp: get(c.code, "gdp"),
    inflation: get(c.code, "inflation"),
    euUnemploymentMonthly: euMonthly,
    euUnemploymentQuarterly: euQuarterly,
  }));
}

/** Pure: every country's result as of a date. */
export function scoreAll(inputs: readonly ModelInput[], asOf: string, model: ScoreModel = CURRENT_MODEL): CountryResult[] {
  return inputs.map((input) => model.computeCountry(input, asOf));
}

export function summarise(results: readonly CountryResult[]): RecalcCountry[] {
  const names = new Map(COUNTRIES.map((c) => [c.code, c.name]));
  return results.map(({ snapshot: s }) => ({
    code: s.country,
    name: names.get(s.country) ?? s.country,
    score: s.score,
    status: s.status,
    label: s.label,
    confidence: s.confidence,
    basis: s.basis,
    cover: s.cover,
    anchor_month: s.anchor_month,
    yoy: s.yoy.delta,
    yoy_label: s.yoy.label,
  }));
}

export interface RecalcOptions {
  asOf?: string;
  now?: Date;
  model?: ScoreModel;
  /** Compute and return the summary without publishing. */
  dryRun?: boolean;
  /** Draws the publication's share cards (none without it); loaded only when a recalc publishes. */
  cards?: () => Promise<CardRenderer>;
}

/** Scores every covered country and publishes snapshots and history in one transaction. */
export async function recalc(store: ObservationStore, db: ServingDb, opts: RecalcOptions = {}): Promise<RecalcSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const asOf = parseAsOf(opts.asOf, now);
  const model = opts.model ?? CURRENT_MODEL;
  const rows = await store.allObservations();
  const results = scoreAll(buildModelInputs(rows), asOf, model);
  let publishedAt: string | null = null;
  let publicationId: number | null = null;
  let paused: PausedBy | null = null;
  if (!opts.dryRun) {
    publishedAt = now.toISOString();
    const sources = await store.tableStatus();
    // Cards are drawn before the transaction: the write lock is held only to store them
    // (docs/decisions/008-share-cards.md). The renderer is loaded only when a recalc publishes.
    const render = opts.cards ? await opts.cards() : null;
    const cards = render ? await render(results.map((r) => r.snapshot), storedCards(db)) : undefined;
    const outcome = publish(db, { model: model.id, asOf, publishedAt, results, sources, cards });
    paused = outcome.paused;
    if (paused) publishedAt = null;
    else publicationId = outcome.publicationId;
  }
  return {
    model: model.id,
    as_of: asOf,
    published_at: publishedAt,
    publication_id: publicationId,
    countries_scored: results.filter((r) => r.snapshot.score !== null).length,
    duration_ms: Math.round(performance.now() - started),
    countries: summarise(results),
    paused,
  };
}
