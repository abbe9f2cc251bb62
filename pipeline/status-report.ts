// The status report (`jwi status`, the operator's data status): what the store holds and what is published, read
// from the serving database alone, so it never waits for a running job.
import { COUNTRIES } from "../lib/countries.ts";
import { currentHolder, type LockHolder } from "./jobs/lock.ts";
import { lagRuleText, tableLags } from "./lags.ts";
import { ageInMonths } from "./model/period.ts";
import { operatorPause, pendingPublication, type PausedBy } from "./pause.ts";
import { countrySources, type PublishedSource, type SourceInput } from "./provenance.ts";
import { publishedProvenance } from "./publish.ts";
import type { ServingDb } from "./serving-db.ts";
import type { PublishedSnapshot } from "./youth.ts";
import { isStale, staleSummary, type StaleSummary } from "./staleness.ts";
import { readStoreStatus } from "./store-status.ts";
import type { TableStatusRow } from "./store/observations.ts";
import type { StoredDataType } from "./types.ts";

export interface StatusReport {
  as_of_month: string;
  /** Is a job running now, and whose (never waits). */
  job: { running: boolean; holder: LockHolder | null };
  /** When the store's state below was last copied (by the start or end of a job); null before any job. */
  store_checked_at: string | null;
  data: Array<{
    data_type: StoredDataType;
    table: string;
    /** v2.2: the series within the table (`dim=CODE,…`; `""` for a table with one series). */
    series: string;
    country: string;
    newest_period: string;
    age_months: number;
    /** Past its data type's cut-off as of the report: it no longer counts in the score (staleness.ts). */
    stale: boolean;
    observations: number;
    /** v2.2: the newest release its values came from (null: its files stated none). */
    release: string | null;
    /** v2.2: the series the model reads for this table and country; another series of it is kept but not read. */
    read: boolean;
  }>;
  /** The stale rule in words, each data type's cut-off, the countries with stale data (aggregates apart). */
  stale: StaleSummary;
  /** v2.3: the publication lags of the current model, in words and per source table (pipeline/lags.ts). */
  lags: { rule: string; tables: Array<{ table: string; data_type: string; months: number }> };
  tables: TableStatusRow[];
  /** The source tables whose last download failed (`tables[].lastStatus` "failed"). */
  tables_failing: string[];
  /**
   * The server's update schedule (JWI_UPDATE_CRON) and its next run, as the operator API answers it; null in
   * `jwi status`, which cannot know the server's environment. `cron` null: no schedule.
   */
  schedule: { cron: string | null; next_run: string | null } | null;
  /**
   * The newest download run (`jwi update`/`fetch`, the server's schedule) as the audit log has it, so a failed
   * scheduled update shows where the operator looks; null before any.
   */
  last_update: {
    at: string;
    action: string;
    actor: string;
    door: string | null;
    result: string;
    reason: string | null;
  } | null;
  published: {
    model: string | null;
    as_of: string | null;
    published_at: string | null;
    countries: Array<{
      code: string;
      score: number | null;
      status: string | null;
      as_of: string | null;
      /** The newest month with a scoring input (null: none at all, "no data to score": product/no-score.ts). */
      anchor_month: string | null;
      age_days: number | null;
      /**
       * Where each published figure came from (pipeline/provenance.ts), as the API's country document gives it: per
       * input, and per sector rate; null when nothing was published for the country.
       */
      sources: {
        inputs: Partial<Record<SourceInput, PublishedSource>>;
        sectors: Array<{ revision: string; code: string; source: PublishedSource | null }>;
      } | null;
    }>;
    /**
     * The share cards served now (/og/{code}.png): how many, how many are drawn (a PNG stored under their key) and
     * how many the server will draw at their first request; how the current publication keyed them. Null before
     * any publication.
     */
    cards: {
      /** Cards the site serves (one or two per country). */
      stored: number;
      /** Of those, cards an earlier publication keyed that this one did not replace (its keying failed, …). */
      older: number;
      /** Of those, cards whose picture is drawn and stored. */
      drawn: number;
      /** stored − drawn: drawn by the server the first time someone asks for them (or ahead, when it is idle). */
      to_draw: number;
      /** Keyed by the current publication; null: made without a card keyer. */
      keyed: number | null;
      /** Why the current publication keyed no cards; null when it did. */
      error: string | null;
    } | null;
  };
  /**
   * The operator's pause (who, since when, why), or null while publication runs. While paused no score reaches
   * visitors and a recalc is stored as `pending` (pipeline/publish.ts).
   */
  paused: PausedBy | null;
  /** The publication computed while paused, published on resume; null when none waits. */
  pending: { model: string; as_of: string; computed_at: string; countries_scored: number } | null;
}

/** The status report, read from the serving database alone. */
export function statusReport(dataDir: string, db: ServingDb, now = new Date()): StatusReport {
  const asOfMonth = now.toISOString().slice(0, 7);
  const store = readStoreStatus(db);
  const pub = db
    .prepare(
      `SELECT id, model, as_of, published_at, cards_keyed, cards_error FROM publications ORDER BY id DESC LIMIT 1`,
    )
    .get() as
    | {
        id: number;
        model: string;
        as_of: string;
        published_at: string;
        cards_keyed: number | null;
        cards_error: string | null;
      }
    | undefined;
  const cards = db
    .prepare(
      `SELECT count(*) AS stored, count(*) FILTER (WHERE c.publication_id <> ?) AS older, count(i.card_key) AS drawn
         FROM share_cards c LEFT JOIN share_card_images i ON i.card_key = c.card_key`,
    )
    .get(pub?.id ?? 0) as { stored: number; older: number; drawn: number };
  const snaps = db
    .prepare(
      `SELECT country, score, status, as_of, json_extract(payload, '$.anchor_month') AS anchor_month, payload FROM snapshots`,
    )
    .all() as Array<{
    country: string;
    score: number | null;
    status: string | null;
    as_of: string;
    anchor_month: string | null;
    payload: string;
  }>;
  const byCountry = new Map(snaps.map((s) => [s.country, s]));
  const provenance = publishedProvenance(db);
  const sourcesOf = (payload: string): StatusReport["published"]["countries"][number]["sources"] => {
    const snapshot = JSON.parse(payload) as PublishedSnapshot;
    const { inputs, sectors } = countrySources(snapshot, provenance);
    return {
      inputs,
      sectors: (snapshot.sectors ?? []).map((r, i) => ({
        revision: r.revision,
        code: r.code,
        source: sectors[i] ?? null,
      })),
    };
  };
  const update = db
    .prepare(
      `SELECT at, action, actor, result, detail FROM audit_log WHERE action IN ('update', 'fetch') ORDER BY id DESC LIMIT 1`,
    )
    .get() as { at: string; action: string; actor: string; result: string; detail: string | null } | undefined;
  const updateDetail = update?.detail ? (JSON.parse(update.detail) as { door?: string; reason?: string }) : {};
  const dayMs = 86_400_000;
  const { busy, holder } = currentHolder(dataDir);
  const data = store.series.map((r) => ({
    data_type: r.dataType,
    table: r.table,
    series: r.series,
    country: r.geo,
    newest_period: r.newestPeriod,
    age_months: ageInMonths(r.newestPeriod, asOfMonth),
    stale: isStale(r.dataType, r.newestPeriod, asOfMonth),
    observations: r.observations,
    release: r.release,
    read: r.read,
  }));
  return {
    as_of_month: asOfMonth,
    job: { running: busy, holder },
    store_checked_at: store.copiedAt,
    data,
    // Only the series read count: a kept, unread series never makes a country stale.
    stale: staleSummary(data.filter((r) => r.read)),
    lags: {
      rule: lagRuleText(),
      tables: tableLags().map((t) => ({ table: t.table, data_type: t.dataType, months: t.months })),
    },
    tables: store.tables,
    tables_failing: store.tables.filter((t) => t.lastStatus === "failed").map((t) => t.table),
    schedule: null,
    last_update: update
      ? {
          at: update.at,
          action: update.action,
          actor: update.actor,
          door: updateDetail.door ?? null,
          result: update.result,
          reason: updateDetail.reason ?? null,
        }
      : null,
    published: {
      model: pub?.model ?? null,
      as_of: pub?.as_of ?? null,
      published_at: pub?.published_at ?? null,
      countries: COUNTRIES.map((c) => {
        const s = byCountry.get(c.code);
        return {
          code: c.code,
          score: s?.score ?? null,
          status: s?.status ?? null,
          as_of: s?.as_of ?? null,
          anchor_month: s?.anchor_month ?? null,
          age_days: pub ? Math.floor((now.getTime() - Date.parse(pub.published_at)) / dayMs) : null,
          sources: s ? sourcesOf(s.payload) : null,
        };
      }),
      cards: pub
        ? { ...cards, to_draw: cards.stored - cards.drawn, keyed: pub.cards_keyed, error: pub.cards_error }
        : null,
    },
    paused: operatorPause(db),
    pending: pendingPublication(db),
  };
}
