// What the site's loaders read, in-process, from the serving database (pipeline/serving-db.ts) through the
// API's own read stores, so the site and the API answer from the same rows with the same rules.
// Server-only (the .server suffix keeps it out of the browser bundle).
import { COUNTRIES, REGIONS, countryByCode, flagOf, type Country, type RegionId } from "../../../pipeline/countries.ts";
import { isScoreFresh } from "../../../pipeline/model/fresh.ts";
import { statusOf } from "../../../pipeline/model/v2.ts";
import type { HistoryPoint, Snapshot, Status } from "../../../pipeline/model/types.ts";
import type { ServingDb } from "../../../pipeline/serving-db.ts";
import { PublishedStore } from "../../../api/db/published.ts";
import { ExperienceStore, type ExperienceSummary, type PublicExperience } from "../../../api/db/community.ts";
import { SettingsStore } from "../../../api/db/operator.ts";
import { marketPanel, type MarketPanel } from "../../../api/market-panel.ts";
import { EXPERIENCE_LIST_LIMIT, RANKING_SIZE, type RankingType } from "../../../api/options.ts";

interface Stores {
  published: PublishedStore;
  experiences: ExperienceStore | null;
  settings: SettingsStore | null;
  /** Snapshots of the newest publication, parsed once per publication id. */
  cache: { publicationId: number; snapshots: Map<string, Snapshot> } | null;
}

const storesByDb = new WeakMap<ServingDb, Stores>();

/** The API's tables may be missing when the site runs against a database the API never opened. */
function optional<T>(make: () => T): T | null {
  try {
    return make();
  } catch {
    return null;
  }
}

function stores(db: ServingDb): Stores {
  let s = storesByDb.get(db);
  if (!s) {
    s = {
      published: new PublishedStore(db),
      experiences: optional(() => new ExperienceStore(db)),
      settings: optional(() => new SettingsStore(db)),
      cache: null,
    };
    storesByDb.set(db, s);
  }
  return s;
}

function snapshots(db: ServingDb): Map<string, Snapshot> {
  const s = stores(db);
  const id = s.published.latestId();
  if (!s.cache || s.cache.publicationId !== id) {
    s.cache = { publicationId: id, snapshots: id === 0 ? new Map() : s.published.snapshots() };
  }
  return s.cache.snapshots;
}

/** The one freshness rule of the product (pipeline/model/fresh.ts), shared with the API. */
export const isFresh = isScoreFresh;

// ---------------------------------------------------------------------------------------------------------
// Overview: every country with its published score

export interface CountryOverview {
  code: string;
  name: string;
  slug: string;
  flag: string;
  region: RegionId;
  /** Null when the country has no fresh score ("not enough recent data"). */
  score: number | null;
  status: Status | null;
  label: string | null;
  confidence: string | null;
  basis: string | null;
  anchor_month: string | null;
}

export interface Overview {
  /** ISO time of this read: every "now"-dependent text is computed from it, on the server and in the browser. */
  now: string;
  publication: { model: string; as_of: string; published_at: string } | null;
  /** The operator paused publication, or no covered country has a fresh score. */
  paused: boolean;
  pausedBy: "operator" | "no-fresh-data" | null;
  countries: CountryOverview[];
  scoredCount: number;
}

function overviewOf(c: Country, s: Snapshot | undefined, now: Date): CountryOverview {
  const fresh = isFresh(s, now);
  return {
    code: c.code,
    name: c.name,
    slug: c.slug,
    flag: flagOf(c.code),
    region: c.region,
    score: fresh ? s!.score : null,
    status: fresh ? s!.status : null,
    label: fresh ? s!.label : null,
    confidence: fresh ? s!.confidence : null,
    basis: fresh ? s!.basis : null,
    anchor_month: s?.anchor_month ?? null,
  };
}

export function publicationState(db: ServingDb): { paused: boolean; reason: string | null } {
  const setting = stores(db).settings?.publication();
  return { paused: setting?.paused ?? false, reason: setting?.reason ?? null };
}

export function getOverview(db: ServingDb, now = new Date()): Overview {
  const snaps = snapshots(db);
  const countries = COUNTRIES.map((c) => overviewOf(c, snaps.get(c.code), now));
  const scoredCount = countries.filter((c) => c.score !== null).length;
  const latest = stores(db).published.latest();
  const operatorPaused = publicationState(db).paused;
  const pausedBy = operatorPaused ? "operator" : scoredCount === 0 ? "no-fresh-data" : null;
  return {
    now: now.toISOString(),
    publication: latest ? { model: latest.model, as_of: latest.as_of, published_at: latest.published_at } : null,
    paused: pausedBy !== null,
    pausedBy,
    countries,
    scoredCount,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Rankings and regions

export function rankingOf(overview: Overview, type: RankingType): CountryOverview[] {
  const scored = overview.countries.filter((c) => c.score !== null && c.score !== 0);
  scored.sort((a, b) => (type === "brightest" ? b.score! - a.score! : a.score! - b.score!) || a.name.localeCompare(b.name));
  return scored.slice(0, RANKING_SIZE);
}

export interface RegionRow {
  id: RegionId;
  name: string;
  /** Mean of the region's fresh scores; null when none of its countries has one. */
  average: number | null;
  status: Status | null;
  scored: number;
  total: number;
  best: CountryOverview | null;
  worst: CountryOverview | null;
  countries: CountryOverview[];
}

export function regionsOf(overview: Overview): RegionRow[] {
  const rows = REGIONS.map(({ id, name }): RegionRow => {
    const members = overview.countries.filter((c) => c.region === id).sort((a, b) => a.name.localeCompare(b.name));
    const scored = members.filter((c) => c.score !== null).sort((a, b) => b.score! - a.score!);
    const average = scored.length ? scored.reduce((sum, c) => sum + c.score!, 0) / scored.length : null;
    return {
      id,
      name,
      average,
      status: average === null ? null : statusOf(average),
      scored: scored.length,
      total: members.length,
      best: scored[0] ?? null,
      worst: scored.length > 1 ? scored[scored.length - 1] : null,
      countries: members,
    };
  });
  return rows.sort((a, b) => (b.average ?? -1) - (a.average ?? -1));
}

// ---------------------------------------------------------------------------------------------------------
// One country

export interface CommunityData {
  items: PublicExperience[];
  summary: ExperienceSummary;
}

export interface CountryDetail {
  country: CountryOverview;
  /** The published snapshot as the pipeline wrote it; null when nothing was published for the country. */
  snapshot: Snapshot | null;
  /** Spec market panel (api/market-panel.ts); null without a snapshot. */
  panel: MarketPanel | null;
  /** Whether the score is fresh (else the page says "not enough recent data" and shows no score). */
  fresh: boolean;
  history: HistoryPoint[];
  community: CommunityData;
  sources: SourceRow[];
}

const EMPTY_SUMMARY: ExperienceSummary = { count: 0, frustrated: 0, neutral: 0, positive: 0, average_mood: null };

export function getCommunity(db: ServingDb, code: string): CommunityData {
  const store = stores(db).experiences;
  if (!store) return { items: [], summary: EMPTY_SUMMARY };
  return { items: store.listVisible(code, EXPERIENCE_LIST_LIMIT), summary: store.summary(code) };
}

export function getCountryDetail(db: ServingDb, code: string, now = new Date()): CountryDetail | null {
  const country = countryByCode(code);
  if (!country) return null;
  const snapshot = snapshots(db).get(country.code) ?? null;
  const fresh = isFresh(snapshot ?? undefined, now);
  return {
    country: overviewOf(country, snapshot ?? undefined, now),
    snapshot,
    panel: snapshot ? marketPanel(snapshot) : null,
    fresh,
    history: stores(db).published.history(country.code),
    community: getCommunity(db, country.code),
    sources: getSources(db),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Data sources (methodology page, data ages)

export interface SourceRow {
  source_table: string;
  data_type: string;
  newest_period: string | null;
  observations: number;
  last_ingested_at: string | null;
  last_changed_at: string | null;
  source_updated: string | null;
  /** When `jwi update` last asked the source (null for tables only ever loaded from files). */
  last_checked_at: string | null;
}

/** The source tables that hold data (a table only ever checked, never stored, is left out). */
export function getSources(db: ServingDb): SourceRow[] {
  try {
    return db
      .prepare(
        `SELECT source_table, data_type, newest_period, observations, last_ingested_at, last_changed_at, source_updated,
                last_checked_at
           FROM source_status WHERE observations > 0 ORDER BY data_type, source_table`,
      )
      .all() as SourceRow[];
  } catch {
    return [];
  }
}
