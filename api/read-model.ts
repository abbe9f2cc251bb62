// Public read model: the published data as ready-to-send JSON, built once per publication and kept in memory.
// Reads ask SQLite for the newest publication id (one indexed lookup) at most every `checkIntervalMs`; when a
// recalc (from the API, which refreshes at once, or from `jwi recalc` in another process) has published a new
// set, the whole model is rebuilt from one consistent read. ETags carry the publication id and a body hash.
import { COUNTRIES, flagOf, type Country } from "../pipeline/countries.ts";
import { isScoreFresh } from "../pipeline/model/fresh.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import type { ServingDb } from "../pipeline/serving-db.ts";
import type { ExperienceStore } from "./db/community.ts";
import type { SettingsStore } from "./db/operator.ts";
import { PublishedStore, type PublicationRow } from "./db/published.ts";
import { cachedJson, type CachedBody } from "./http.ts";
import { marketPanel } from "./market-panel.ts";
import { EXPERIENCE_LIST_LIMIT, RANKING_SIZE, type RankingType } from "./options.ts";

export interface CountryListItem {
  code: string;
  name: string;
  flag: string;
  slug: string;
  region: string;
  score: number | null;
  status: string | null;
  label: string | null;
  confidence: string | null;
  basis: string | null;
  anchor_month: string | null;
  yoy: { delta: number | null; label: string | null };
}

export interface RankingItem {
  rank: number;
  code: string;
  name: string;
  flag: string;
  slug: string;
  score: number;
  status: string | null;
  label: string | null;
  confidence: string | null;
}

interface PublishedModel {
  publicationId: number;
  publication: PublicationRow | null;
  snapshots: Map<string, Snapshot>;
  countries: CachedBody;
  country: Map<string, CachedBody>;
  history: Map<string, CachedBody>;
  rankings: Record<RankingType, CachedBody>;
}

const identity = (c: Country) => ({ code: c.code, name: c.name, flag: flagOf(c.code), slug: c.slug, region: c.region });

export function countryListItem(c: Country, s: Snapshot | undefined): CountryListItem {
  return {
    ...identity(c),
    score: s?.score ?? null,
    status: s?.status ?? null,
    label: s?.label ?? null,
    confidence: s?.confidence ?? null,
    basis: s?.basis ?? null,
    anchor_month: s?.anchor_month ?? null,
    yoy: { delta: s?.yoy?.delta ?? null, label: s?.yoy?.label ?? null },
  };
}

/** One country in full: identity, the published snapshot (score-v2.md §7) and the market panel. */
export function countryDetail(c: Country, s: Snapshot | undefined, pub: PublicationRow | null) {
  const publication = pub ? { id: pub.id, model: pub.model, as_of: pub.as_of, published_at: pub.published_at } : null;
  if (!s) {
    return { ...identity(c), country: c.code, published: false, score: null, status: null, label: null, publication, market_panel: null };
  }
  return { ...identity(c), ...s, published: true, publication, market_panel: marketPanel(s) };
}

/** brightest: the 10 highest scores, descending; stormiest: the 10 lowest, ascending. Countries without a score are left out. */
export function ranking(type: RankingType, snapshots: ReadonlyMap<string, Snapshot>): RankingItem[] {
  const scored = COUNTRIES.flatMap((c) => {
    const s = snapshots.get(c.code);
    return s && s.score !== null ? [{ c, s, score: s.score }] : [];
  });
  scored.sort((a, b) => (type === "brightest" ? b.score - a.score : a.score - b.score) || a.c.code.localeCompare(b.c.code));
  return scored.slice(0, RANKING_SIZE).map(({ c, s, score }, i) => ({
    rank: i + 1,
    ...identity(c),
    score,
    status: s.status,
    label: s.label,
    confidence: s.confidence,
  }));
}

export class ReadModel {
  private readonly published: PublishedStore;
  private model: PublishedModel | null = null;
  private checkedAt = -Infinity;
  private readonly experiencesCache = new Map<string, CachedBody & { version: number }>();

  constructor(
    private readonly db: ServingDb,
    private readonly experiences: ExperienceStore,
    private readonly settings: SettingsStore,
    /** How long a checked publication id is trusted (ms); 0 checks on every read. */
    private readonly checkIntervalMs = 100,
  ) {
    this.published = new PublishedStore(db);
  }

  /** The current published model; rebuilt when a newer publication exists. */
  current(): PublishedModel {
    const now = performance.now();
    if (this.model && now - this.checkedAt < this.checkIntervalMs) return this.model;
    this.checkedAt = now;
    const id = this.published.latestId();
    if (this.model && this.model.publicationId === id) return this.model;
    this.model = this.build();
    return this.model;
  }

  /** Checks for a new publication on the next read (after a recalc in this process). */
  refresh(): void {
    this.checkedAt = -Infinity;
  }

  private build(): PublishedModel {
    // One read transaction: the publication row, its snapshots and histories belong to the same publish.
    return this.db.transaction(() => {
      const publication = this.published.latest();
      const snapshots = publication ? this.published.snapshots() : new Map<string, Snapshot>();
      const tag = `p${publication?.id ?? 0}`;
      const country = new Map<string, CachedBody>();
      const history = new Map<string, CachedBody>();
      for (const c of COUNTRIES) {
        country.set(c.code, cachedJson(countryDetail(c, snapshots.get(c.code), publication), tag));
        history.set(c.code, cachedJson(publication ? this.published.history(c.code) : [], tag));
      }
      return {
        publicationId: publication?.id ?? 0,
        publication,
        snapshots,
        countries: cachedJson(
          COUNTRIES.map((c) => countryListItem(c, snapshots.get(c.code))),
          tag,
        ),
        country,
        history,
        rankings: {
          brightest: cachedJson({ type: "brightest", items: ranking("brightest", snapshots) }, tag),
          stormiest: cachedJson({ type: "stormiest", items: ranking("stormiest", snapshots) }, tag),
        },
      };
    })();
  }

  /** `{items, summary}` of a country's visible experiences; cached until the next community change. */
  experiencesOf(code: string): CachedBody {
    const version = this.experiences.changeVersion;
    const hit = this.experiencesCache.get(code);
    if (hit && hit.version === version) return hit;
    const body = cachedJson(
      { items: this.experiences.listVisible(code, EXPERIENCE_LIST_LIMIT), summary: this.experiences.summary(code) },
      `e${version}`,
    );
    const entry = { ...body, version };
    this.experiencesCache.set(code, entry);
    return entry;
  }

  /**
   * Whether the site shows its paused notice: the operator paused it, or no covered country has a fresh score
   * today (the same rule as the site: pipeline/model/fresh.ts).
   */
  publicationState(now = new Date()): { paused: boolean; reason: "operator" | "no-fresh-scores" | null; operator: ReturnType<SettingsStore["publication"]> } {
    const operator = this.settings.publication();
    const m = this.current();
    const fresh = [...m.snapshots.values()].some((s) => isScoreFresh(s, now));
    const reason = operator.paused ? "operator" : !fresh ? "no-fresh-scores" : null;
    return { paused: reason !== null, reason, operator };
  }
}
