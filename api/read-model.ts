// The one reader of published data (docs/architecture.md, "One read path"). The API's routes and the site's
// loaders both ask this object, in the same process, through the same rules (product/publication.ts): the
// same rows, the same freshness gate, the same ranking rule, the same paused rule and reason.
//
// What a publication holds is read from SQLite once per publication and kept: the newest publication id is
// looked up at most every `checkIntervalMs` (a recalc by the API's job child or by `jwi recalc` in a terminal
// shows within that time). What depends on the clock (which scores may be shown) is derived per month, and the
// API's ready-to-send JSON bodies with it, their ETags naming the publication.
import { COUNTRIES, countryByCode } from "../lib/countries.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import { countrySources, type CountrySources, type PublishedProvenance } from "../pipeline/provenance.ts";
import { localContentWrites, type ServingDb } from "../pipeline/serving-db.ts";
import { changeViews, type ChangeViews } from "../product/change-view.ts";
import { marketPanel, type MarketPanel } from "../product/market-panel.ts";
import { EXPERIENCE_LIST_LIMIT, RANKING_TYPES, type RankingType } from "../product/options.ts";
import { listAll, pausedReason, ranking, regions, showsScore, withheld } from "../product/publication.ts";
import type {
  CommunityData,
  CountryListItem,
  HistoryPoint,
  PublicationRow,
  SitePublicationState,
  RankingItem,
  RegionRow,
  SourceRow,
} from "../product/shapes.ts";
import type { ExperienceStore } from "./db/community.ts";
import type { SettingsStore } from "./db/operator.ts";
import { PublishedStore, type ShareCardRead } from "./db/published.ts";
import { cachedJson, type CachedBody } from "../server/http/cache.ts";
import { countryBody } from "./country-body.ts";

/** One country as both readers show it. */
export interface CountryReading {
  /** Identity and the score as lists show it (null when none may be shown today). */
  item: CountryListItem;
  /**
   * The published snapshot, with everything derived from its score withheld when the score may not be shown
   * today (product/publication.ts `withheld`); null when nothing was published for the country.
   */
  snapshot: Snapshot | null;
  /** Whether its score is shown (product/publication.ts `showsScore`); the API's `fresh` field. */
  fresh: boolean;
  /** The market panel (product/market-panel.ts); null when the score is withheld or nothing was published. */
  panel: MarketPanel | null;
  /**
   * Why the score changed since the month before and a year before, as shown (product/change-view.ts): the
   * model's sentence and its display-rounded parts. Null when no score is shown (none, or withheld).
   */
  changeText: ChangeViews | null;
  history: HistoryPoint[];
  publication: Pick<PublicationRow, "id" | "model" | "as_of" | "published_at"> | null;
  /**
   * Where each figure of the snapshot came from, with its file and links (pipeline/provenance.ts); null when nothing
   * was published for the country.
   */
  sources: CountrySources | null;
}

interface PublishedModel {
  publicationId: number;
  publication: PublicationRow | null;
  snapshots: Map<string, Snapshot>;
  history: Map<string, HistoryPoint[]>;
  sources: SourceRow[];
  /** Where the publication's figures came from: each value's release and ingest, each ingest's file. */
  provenance: PublishedProvenance;
  /** What depends on the month of the request, made on first use per month. */
  byMonth: Map<string, MonthView>;
}

/**
 * What a body derived from the current publication is made from (the open data answers of api/v1/: regions,
 * sources, CSV downloads): the same rows and rules as every other read.
 */
export interface PublishedView {
  /** `p{publication id}-{YYYY-MM}`: the ETag prefix of every body made from this view. */
  tag: string;
  publication: PublicationRow | null;
  /** Every covered country as lists show it (product/publication.ts `listAll`), in the fixed order. */
  items: readonly CountryListItem[];
  /** Each covered country by its upper-case code. */
  readings: ReadonlyMap<string, CountryReading>;
  sources: readonly SourceRow[];
}

interface MonthView {
  tag: string;
  publication: PublicationRow | null;
  sources: SourceRow[];
  items: CountryListItem[];
  readings: Map<string, CountryReading>;
  /** Bodies made by `derivedBody`, by key. */
  derived: Map<string, CachedBody>;
  json: {
    countries: CachedBody;
    country: Map<string, CachedBody>;
    history: Map<string, CachedBody>;
    rankings: Record<RankingType, CachedBody>;
  };
}

const monthOf = (now: Date) => now.toISOString().slice(0, 7);

export class ReadModel {
  private readonly published: PublishedStore;
  private model: PublishedModel | null = null;
  private checkedAt = -Infinity;
  /**
   * The operator's pause switch as last read (with the publication id, at most every `checkIntervalMs`; at once
   * after `refresh`). While it is on, no score is shown anywhere (docs/decisions/006-what-the-api-shows.md).
   */
  private operatorPaused = false;
  /** This connection's content writes when the switch was read: a pause or resume here is seen at once. */
  private localWrites = -1;
  private readonly community = new Map<string, { version: number; data: CommunityData; body: CachedBody }>();

  constructor(
    private readonly db: ServingDb,
    private readonly experiences: ExperienceStore,
    private readonly settings: SettingsStore,
    /** How long a checked publication id is trusted (ms); 0 checks on every read. */
    private readonly checkIntervalMs = 100,
  ) {
    this.published = new PublishedStore(db);
  }

  /** The current publication's data; rebuilt when a newer publication exists. */
  private current(): PublishedModel {
    const t = performance.now();
    const local = localContentWrites(this.db);
    if (this.model && t - this.checkedAt < this.checkIntervalMs && local === this.localWrites) return this.model;
    this.checkedAt = t;
    this.localWrites = local;
    this.operatorPaused = this.settings.publication().paused;
    const id = this.published.latestId();
    if (this.model && this.model.publicationId === id) return this.model;
    this.model = this.build();
    return this.model;
  }

  /** Checks for a new publication and the pause switch on the next read (after a recalc, a pause or a resume here). */
  refresh(): void {
    this.checkedAt = -Infinity;
  }

  /** Id of the publication being served (0 before the first); cached pages key on it. */
  publicationId(): number {
    return this.current().publicationId;
  }

  /**
   * Whether the operator's pause is what this reader serves now (no score anywhere); cached pages key on it with
   * the publication id, so they roll over on pause and resume.
   */
  operatorPausedNow(): boolean {
    this.current();
    return this.operatorPaused;
  }

  private build(): PublishedModel {
    // One read transaction: the publication row, its snapshots, histories and sources belong to the same publish.
    return this.db.transaction((): PublishedModel => {
      const publication = this.published.latest();
      const snapshots = publication ? this.published.snapshots() : new Map<string, Snapshot>();
      const history = new Map(COUNTRIES.map((c) => [c.code, publication ? this.published.history(c.code) : []]));
      return {
        publicationId: publication?.id ?? 0,
        publication,
        snapshots,
        history,
        sources: publication ? this.published.sources() : [],
        provenance: publication ? this.published.provenance() : { values: new Map(), files: new Map() },
        byMonth: new Map(),
      };
    })();
  }

  private view(now: Date): MonthView {
    const m = this.current();
    const month = monthOf(now);
    const paused = this.operatorPaused;
    // Paused and running are two views of one publication, with their own ETags: caches roll over both ways.
    const key = paused ? `${month}-paused` : month;
    let v = m.byMonth.get(key);
    if (v) return v;
    const items = listAll(m.snapshots, now, paused);
    const pub = m.publication;
    const publication = pub ? { id: pub.id, model: pub.model, as_of: pub.as_of, published_at: pub.published_at } : null;
    const readings = new Map<string, CountryReading>();
    for (const [i, c] of COUNTRIES.entries()) {
      const s = m.snapshots.get(c.code);
      const fresh = showsScore(s, now, paused);
      const snapshot = s ? (fresh ? s : withheld(s)) : null;
      // A country without any score keeps its context figures; a withheld score takes what derives from it along.
      const panel = snapshot && (fresh || (!paused && s!.score === null)) ? marketPanel(snapshot) : null;
      const changeText = changeViews(snapshot);
      // While paused the history is withheld too: its newest month is the score that is not current.
      const history = paused ? [] : (m.history.get(c.code) ?? []);
      const sources = snapshot ? countrySources(snapshot, m.provenance) : null;
      readings.set(c.code, { item: items[i]!, snapshot, fresh, panel, changeText, history, publication, sources });
    }
    const tag = `p${m.publicationId}-${key}`;
    v = {
      tag,
      publication: pub,
      sources: m.sources,
      items,
      readings,
      derived: new Map(),
      json: {
        countries: cachedJson(items, tag),
        country: new Map(COUNTRIES.map((c) => [c.code, cachedJson(countryBody(c, readings.get(c.code)!), tag)])),
        history: new Map(COUNTRIES.map((c) => [c.code, cachedJson(readings.get(c.code)!.history, tag)])),
        rankings: Object.fromEntries(
          RANKING_TYPES.map((t) => [t, cachedJson({ type: t, items: ranking(t, items) }, tag)]),
        ) as Record<RankingType, CachedBody>,
      },
    };
    // Keep two views at most (a request at a month's turn, or a pause).
    if (m.byMonth.size > 1) m.byMonth.clear();
    m.byMonth.set(key, v);
    return v;
  }

  // -------------------------------------------------------------------------------------------------------
  // Reads (plain data): the site's loaders and the API's non-cached answers

  publication(): PublicationRow | null {
    return this.current().publication;
  }

  countries(now: Date): CountryListItem[] {
    return this.view(now).items;
  }

  /** One covered country (any case of its code); null for a code that is not covered. */
  country(code: string, now: Date): CountryReading | null {
    const c = countryByCode(code);
    return c ? this.view(now).readings.get(c.code)! : null;
  }

  ranking(type: RankingType, now: Date): RankingItem[] {
    return ranking(type, this.view(now).items);
  }

  regions(now: Date): RegionRow[] {
    return regions(this.view(now).items);
  }

  /** The source tables of the current publication that hold data. */
  sources(): SourceRow[] {
    return this.current().sources;
  }

  /** Whether the site shows its paused notice, and why (product/publication.ts `pausedReason`). */
  publicationState(now = new Date()): SitePublicationState {
    const items = this.view(now).items;
    const operator = this.settings.publication();
    const reason = pausedReason(operator.paused, items);
    return { paused: reason !== null, reason, operator };
  }

  /**
   * A country's share card for /og/{code}.png as the page would show it at `now`: the "stale" card when its score is
   * withheld as stale, else the published one; its picture, or what to draw when its key has none yet
   * (api/share-card-images.ts draws it); "none" while the operator paused publication (no score is current) or when
   * the publication names no card.
   */
  shareCard(code: string, now: Date, ifNoneMatch: (etag: string) => boolean): ShareCardRead {
    const reading = this.country(code, now);
    if (!reading || this.publicationState(now).reason === "operator") return { kind: "none" };
    return this.published.shareCard(
      reading.item.code,
      reading.item.withheld_reason === "stale" ? "stale" : "published",
      ifNoneMatch,
    );
  }

  /** A country's newest visible experiences and their summary; kept until the next community change. */
  communityOf(code: string): CommunityData {
    return this.communityEntry(code).data;
  }

  /**
   * The version of a country's community (api/db/community.ts countryVersion): what communityOf answers stays the same
   * while it does. The site's page cache keeps the pages showing a country's posts on it (server/site/page-cache.ts).
   */
  communityVersion(code: string): number {
    return this.experiences.countryVersion(code);
  }

  private communityEntry(code: string) {
    const version = this.experiences.countryVersion(code);
    const hit = this.community.get(code);
    if (hit && hit.version === version) return hit;
    const data = {
      items: this.experiences.listVisible(code, EXPERIENCE_LIST_LIMIT),
      summary: this.experiences.summary(code),
    };
    const entry = { version, data, body: cachedJson(data, `e${version}`) };
    this.community.set(code, entry);
    return entry;
  }

  // -------------------------------------------------------------------------------------------------------
  // The API's ready-to-send bodies (api/routes/public.ts and the fast path, api/fast-reads.ts)

  countriesBody(now: Date): CachedBody {
    return this.view(now).json.countries;
  }

  countryBody(code: string, now: Date): CachedBody {
    return this.view(now).json.country.get(code)!;
  }

  historyBody(code: string, now: Date): CachedBody {
    return this.view(now).json.history.get(code)!;
  }

  rankingBody(type: RankingType, now: Date): CachedBody {
    return this.view(now).json.rankings[type];
  }

  experiencesBody(code: string): CachedBody {
    return this.communityEntry(code).body;
  }

  /** The current publication as of `now`'s month, as derived bodies see it (answers made per request: api/v1/personal.ts). */
  publishedView(now: Date): PublishedView {
    const v = this.view(now);
    return { tag: v.tag, publication: v.publication, items: v.items, readings: v.readings, sources: v.sources };
  }

  /**
   * A body made from the current publication as of `now`'s month by `make`, once per publication, month and
   * `key`, and kept with the others of that month (api/v1/bodies.ts: regions, sources, CSV downloads).
   */
  derivedBody(key: string, now: Date, make: (view: PublishedView) => CachedBody): CachedBody {
    const v = this.view(now);
    let body = v.derived.get(key);
    if (!body) {
      body = make({ tag: v.tag, publication: v.publication, items: v.items, readings: v.readings, sources: v.sources });
      v.derived.set(key, body);
    }
    return body;
  }
}
