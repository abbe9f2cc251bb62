// Recalc: stored observations → model (pure) → one publish transaction into the serving database.
import { COUNTRIES, EU_AGGREGATE } from "../lib/countries.ts";
import { InputError } from "../lib/errors.ts";
import { CURRENT_MODEL, type ScoreModel } from "./model/index.ts";
import type { CountryResult, ModelInput, SeriesPoint } from "./model/types.ts";
import { parseAsOf } from "./model/period.ts";
import type { Logger } from "../lib/logger.ts";
import type { PausedBy } from "./pause.ts";
import { historyColumns } from "./publish-rows.ts";
import { publish, publishedProvenance, type CardCounts, type CardKeyer, type KeyedCard } from "./publish.ts";
import type { ServingDb } from "./serving-db.ts";
import { movedCountries, publishedSnapshots, type MovedCountry } from "./moved.ts";
export { NOTHING_CHANGED } from "./types.ts";
import { tablePrecedence } from "./sources/eurostat/tables.ts";
import { compareRelease } from "./sources/series-key.ts";
import type { IngestFile, ObservationStore, StoredObservation } from "./store/observations.ts";
import { readKey, readSeries } from "./store/read-series.ts";
export { readSeries };
import { withSectorRates } from "./sectors.ts";
import { withYouthUnemployment, youthObservations } from "./youth.ts";
import { splitSources, withSources, type ChosenInputs, type InputKind, type SourceValue } from "./provenance.ts";

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
  /**
   * The publication's share cards: how many it keyed, of them already drawn (a PNG stored under the key, from an
   * earlier publication or request) and to draw on the first request for them (the server draws them; the recalc
   * draws none), why keying failed (then all three are 0 and the site keeps its cards), and the time spent
   * keying them, part of duration_ms. Null: no cards (dry run, unchanged, no keyer).
   */
  cards: (CardCounts & { error: string | null; duration_ms: number }) | null;
  countries: RecalcCountry[];
  /**
   * True when the scores, statuses, histories and inputs equal the current publication's: nothing was published,
   * `publication_id` and `published_at` are the current publication's, and the site keeps its ETags.
   */
  unchanged?: boolean;
  /**
   * Set when the operator had paused publication: the scores were stored as the pending publication and reach
   * visitors on resume (pipeline/publish.ts); `published_at` and `publication_id` are then null.
   */
  paused: PausedBy | null;
  /**
   * The countries whose score as shown or status differs from the publication before this run (pipeline/moved.ts):
   * from, to and the largest part of why. Empty when nothing was published (unchanged) or nothing moved; for a
   * dry run, what publishing would move.
   */
  moved: MovedCountry[];
}

const point = (o: StoredObservation): SeriesPoint => ({
  period: o.period,
  value: o.value,
  flag: o.flag,
  ingestId: o.ingestId,
  unit: o.unit,
});

/** The Employment Expectations Indicator's doors: one series whichever of them a value came through (docs/model.md §1). */
export const EXPECTATIONS_TABLES: readonly string[] = ["teibs030", "ei_bsee_m_r2", "ecfin_eei"];

/**
 * The observations the model reads, per geo, input and period. First the one series read per table and country
 * (readSeries); then, across tables: where a legacy table and its successor give the same (data type, country,
 * period), the successor's value wins; the EEI's doors (EXPECTATIONS_TABLES) are one series, in which the later
 * release wins per month (an undated file ranks before every dated release; among equal releases the later
 * ingestion). So the order in which the files were ingested never changes a result.
 */
export function chooseInputs(rows: readonly StoredObservation[], asOf?: string): ChosenInputs {
  const read = readSeries(rows, asOf);
  // rank: the table's precedence among its data type's (0 first), so a successor replaces a legacy value of the
  // same period, and the job vacancy statistics the euro indicator computed from them (TABLE_PRECEDENCE).
  const wins = (o: StoredObservation, seen: StoredObservation): boolean => {
    if (EXPECTATIONS_TABLES.includes(o.table) && EXPECTATIONS_TABLES.includes(seen.table)) {
      const byRelease = compareRelease(o.release, seen.release);
      return byRelease > 0 || (byRelease === 0 && o.ingestId > seen.ingestId);
    }
    const r = tablePrecedence(o.dataType, o.table);
    const rank = tablePrecedence(seen.dataType, seen.table);
    return r < rank || (r === rank && o.table < seen.table);
  };
  const chosen = new Map<string, Map<string, StoredObservation>>();
  for (const o of rows) {
    // Youth unemployment and sector vacancy rates are context only (v2.2 §10, v2.3 §11): never a model input
    // (withContext attaches them afterwards).
    if (o.dataType === "youth_unemployment" || o.dataType === "sector_vacancy") continue;
    if (read.get(readKey(o)) !== o.series) continue;
    // Every other data type is its own series by name: "expectations" (model v2.1) lands in `expectations`.
    const kind =
      o.dataType === "unemployment"
        ? o.period.includes("Q")
          ? "unemploymentQuarterly"
          : "unemploymentMonthly"
        : o.dataType;
    const key = `${o.geo}|${kind}`;
    let byPeriod = chosen.get(key);
    if (!byPeriod) chosen.set(key, (byPeriod = new Map()));
    const seen = byPeriod.get(o.period);
    if (!seen || wins(o, seen)) byPeriod.set(o.period, o);
  }
  return chosen;
}

/** One model input per covered country from the chosen observations (chooseInputs), each series oldest first. */
export function modelInputs(chosen: ChosenInputs): ModelInput[] {
  const get = (geo: string, kind: InputKind): SeriesPoint[] =>
    [...(chosen.get(`${geo}|${kind}`)?.values() ?? [])]
      .map(point)
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

/** Groups stored observations into one model input per covered country (chooseInputs, then modelInputs). */
export function buildModelInputs(rows: readonly StoredObservation[], asOf?: string): ModelInput[] {
  return modelInputs(chooseInputs(rows, asOf));
}

/**
 * The results with the published context the model does not compute attached to each snapshot: youth unemployment
 * (pipeline/youth.ts), the sector vacancy rates (pipeline/sectors.ts, v2.3) and, last, where each input's figure came
 * from (pipeline/provenance.ts; each sector rate carries its own). `chosen`: the observations the model was handed
 * (chooseInputs of the same rows and date), when the caller has them. Pure; the scores are untouched.
 */
export function withContext(
  results: readonly CountryResult[],
  rows: readonly StoredObservation[],
  asOf: string,
  chosen: ChosenInputs = chooseInputs(rows, asOf),
): CountryResult[] {
  const youth = youthObservations(rows, asOf);
  const snapshots = withSectorRates(
    withYouthUnemployment(
      results.map((r) => r.snapshot),
      rows,
      asOf,
      youth,
    ),
    rows,
    asOf,
  );
  const youthOf = new Map([...youth].map(([geo, y]) => [geo, y.newest]));
  return withSources(
    results.map((r, i) => ({ ...r, snapshot: snapshots[i]! })),
    chosen,
    youthOf,
  );
}

/** Pure: every country's result as of a date. */
export function scoreAll(
  inputs: readonly ModelInput[],
  asOf: string,
  model: ScoreModel = CURRENT_MODEL,
): CountryResult[] {
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
  /** Keys the publication's share cards (none without it); loaded only when a recalc publishes. */
  cards?: () => Promise<CardKeyer>;
  /** Where a failure to key the cards is reported (the publication goes ahead without new cards). */
  logger?: Logger;
}

/** Scores every covered country and publishes snapshots and history in one transaction. */
export async function recalc(store: ObservationStore, db: ServingDb, opts: RecalcOptions = {}): Promise<RecalcSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const asOf = parseAsOf(opts.asOf, now);
  const model = opts.model ?? CURRENT_MODEL;
  const rows = await store.allObservations();
  // An empty store scores no country: publishing "0 of 31 countries scored" (and keying 31 cards) is no publication.
  if (rows.length === 0)
    throw new InputError(
      "Nothing to score: run `jwi ingest` first (the store holds no observation). Nothing was published.",
    );
  // Context that never enters a score (youth unemployment, v2.2 §10) and the provenance of every figure are attached
  // after the model has computed, from the same chosen observations it was handed.
  const chosen = chooseInputs(rows, asOf);
  // The snapshots name each figure's value; its release, ingest and file are published beside them (provenance.ts).
  const { results, values, ingestIds } = splitSources(
    withContext(scoreAll(modelInputs(chosen), asOf, model), rows, asOf, chosen),
  );
  let publishedAt: string | null = null;
  let publicationId: number | null = null;
  let cardSummary: RecalcSummary["cards"] = null;
  let unchanged = false;
  let paused: PausedBy | null = null;
  // The source tables a publication names are the ones that hold data: a table the updater checked but never stored
  // (a failed download, offline) is the operator's concern (store_tables), not an input, and publishes nothing.
  const sources = opts.dryRun ? [] : (await store.tableStatus()).filter((t) => t.ingests > 0);
  // The files the figures' sources name (pipeline/provenance.ts): published beside the snapshots.
  const files = opts.dryRun ? [] : await store.ingestFiles(ingestIds);
  const current = opts.dryRun
    ? null
    : sameAsPublished(db, model.id, asOf, results, sources, { values, files }, Boolean(opts.cards));
  // Read before publish() replaces them: what this run moves, compared with the publication it follows.
  const moved = current
    ? []
    : movedCountries(
        publishedSnapshots(db),
        results.map((r) => r.snapshot),
      );
  if (current) {
    unchanged = true;
    publishedAt = current.published_at;
    publicationId = current.id;
  } else if (!opts.dryRun) {
    publishedAt = now.toISOString();
    // The cards are keyed, not drawn: the server draws each new key's picture the first time it is asked for
    // (docs/decisions/008-share-cards.md). The keyer is loaded only when a recalc publishes.
    let cards: KeyedCard[] | undefined;
    let cardError: string | undefined;
    const cardsStarted = performance.now();
    if (opts.cards) {
      try {
        const key = await opts.cards();
        cards = key(results.map((r) => r.snapshot));
      } catch (err) {
        // The scores are published all the same; the countries keep the cards they had (publish.ts), and the
        // data status says why there are no new ones until the next publication keys them.
        cardError = err instanceof Error ? err.message : String(err);
        opts.logger?.error({ err }, "share cards not keyed: the publication keeps the previous cards");
      }
    }
    const cardsMs = Math.round(performance.now() - cardsStarted);
    const outcome = publish(db, {
      model: model.id,
      asOf,
      publishedAt,
      results,
      sources,
      values,
      files,
      cards,
      cardError,
    });
    if (opts.cards) {
      cardSummary = {
        ...(outcome.cards ?? { keyed: 0, drawn: 0, to_draw: 0 }),
        error: cardError ?? null,
        duration_ms: cardsMs,
      };
    }
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
    cards: cardSummary,
    countries: summarise(results),
    moved,
    ...(unchanged ? { unchanged } : {}),
    paused,
  };
}

/** The data columns of a source table as published (when it was last checked is not an input). */
const sourceKey = (t: {
  table: string;
  dataType: string;
  newestPeriod: string | null;
  observations: number;
  lastChangedAt: string | null;
  sourceUpdated: string | null;
}) => JSON.stringify([t.table, t.dataType, t.newestPeriod, t.observations, t.lastChangedAt, t.sourceUpdated]);

/**
 * The current publication when `results` would publish nothing new: same model and as-of date, every snapshot
 * (scores, statuses, inputs and their ingest ids, explanations) and every month of history equal, the same source
 * tables with the same data. Otherwise null. A publication that changes nothing would only roll the site's ETags.
 */
function sameAsPublished(
  db: ServingDb,
  modelId: string,
  asOf: string,
  results: readonly CountryResult[],
  sources: readonly Parameters<typeof sourceKey>[0][],
  provenance: { values: readonly SourceValue[]; files: readonly IngestFile[] },
  drawsCards: boolean,
): { id: number; published_at: string } | null {
  const pub = db
    .prepare(`SELECT id, model, as_of, published_at, cards_error FROM publications ORDER BY id DESC LIMIT 1`)
    .get() as
    { id: number; model: string; as_of: string; published_at: string; cards_error: string | null } | undefined;
  if (!pub || pub.model !== modelId || pub.as_of !== asOf) return null;
  // A publication that lacks its share cards (made without a keyer, e.g. by an older version's server job, or
  // whose keying failed) is made again when cards can be keyed now, so the site gets them.
  if (drawsCards && (pub.cards_error !== null || db.prepare(`SELECT 1 FROM share_cards LIMIT 1`).get() === undefined))
    return null;
  const snapshots = new Map(
    (
      db.prepare(`SELECT country, payload FROM snapshots WHERE publication_id = ?`).all(pub.id) as Array<{
        country: string;
        payload: string;
      }>
    ).map((r) => [r.country, r.payload]),
  );
  if (snapshots.size !== results.length) return null;
  for (const r of results) if (snapshots.get(r.snapshot.country) !== JSON.stringify(r.snapshot)) return null;
  const history = db
    .prepare(
      `SELECT country, month, score, status, basis, market, evidence, events FROM score_history ORDER BY country, month`,
    )
    .raw()
    .all() as unknown[][];
  const next = results
    .flatMap((r) => r.history.map((h) => [r.snapshot.country, ...historyColumns(h)]))
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0));
  if (JSON.stringify(history) !== JSON.stringify(next)) return null;
  const published = db
    .prepare(
      `SELECT source_table AS "table", data_type AS dataType, newest_period AS newestPeriod, observations, last_changed_at AS lastChangedAt,
      source_updated AS sourceUpdated FROM source_status`,
    )
    .all() as Array<Parameters<typeof sourceKey>[0]>;
  const a = published.map(sourceKey).sort();
  const b = sources.map(sourceKey).sort();
  if (JSON.stringify(a) !== JSON.stringify(b)) return null;
  // Where the figures came from: each value's release and ingest, and each ingest's file (a newer release of the same
  // values, or a store rebuilt from a backup that numbers its ingests anew, is published).
  const stored = publishedProvenance(db);
  const valueKey = (v: SourceValue) => JSON.stringify([v.key, v.release, v.ingest_id]);
  const fileKey = (f: IngestFile) => JSON.stringify([f.ingest_id, f.name, f.sha256, f.ingested_at]);
  const same =
    JSON.stringify(stored.valueRows.map(valueKey)) === JSON.stringify(provenance.values.map(valueKey)) &&
    JSON.stringify(stored.fileRows.map(fileKey)) === JSON.stringify(provenance.files.map(fileKey));
  return same ? { id: pub.id, published_at: pub.published_at } : null;
}
