// Reads what the pipeline published (pipeline/serving-db.ts): the latest publication, snapshots, history, share cards.
// Only the one reader (api/read-model.ts) and the server's start (is anything published?) use it.
// Read-only; rows are checked with zod on the way out of SQLite (docs/architecture.md).
import { z } from "zod";
import type { Snapshot } from "../../pipeline/model/types.ts";
import type { HistoryPoint, PublicationRow, SourceRow } from "../../product/shapes.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import type { PublishedProvenance } from "../../pipeline/provenance.ts";
import { publishedProvenance } from "../../pipeline/publish.ts";
import type { CardContent, CardVariant } from "../../product/share-cards/card.ts";

const statusSchema = z.enum(["stormy", "rainy", "cloudy", "bright", "sunny"]).nullable();
const valueAt = z.object({ value: z.number(), period: z.string(), flag: z.string().nullable().optional() }).loose();

/** The parts of a snapshot payload the API reads; the rest passes through untouched. */
const snapshotSchema = z
  .object({
    country: z.string().length(2),
    model: z.string(),
    as_of: z.string(),
    anchor_month: z.string().nullable(),
    score: z.number().min(1).max(10).nullable(),
    status: statusSchema,
    label: z.string().nullable(),
    confidence: z.string().nullable(),
    basis: z.string().nullable(),
    unemployment: valueAt.nullable(),
    vacancy: valueAt.nullable(),
    competition: z.number().nullable(),
    lmb: valueAt.nullable(),
    gdp: valueAt.nullable(),
    inflation: valueAt.nullable(),
    averages_3y: z.object({ vacancy: z.number().nullable(), competition: z.number().nullable() }).loose(),
    eu_average: z.object({ unemployment: z.number().nullable(), period: z.string().nullable() }).loose(),
    yoy: z.object({ delta: z.number().nullable(), label: z.enum(["Up", "Down", "Same"]).nullable() }).loose(),
  })
  .loose();

const publicationSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  as_of: z.string(),
  published_at: z.string(),
  countries_scored: z.number().int(),
  countries_total: z.number().int(),
});
export type { PublicationRow } from "../../product/shapes.ts";

/**
 * A share card as read for one request (api/routes/share.ts): its stored picture, or what to draw (its key has no
 * picture yet: api/share-card-images.ts draws and stores it). The ETag names the publication and the key, so it is
 * known before the picture is drawn.
 */
export type ShareCardRead =
  | { kind: "none" }
  | { kind: "not-modified"; etag: string }
  | { kind: "card"; etag: string; png: Buffer }
  | { kind: "to-draw"; etag: string; key: string; content: CardContent };

/** What a share card says (product/share-cards/card.ts CardContent), as the publication stored it. */
const cardContentSchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  score: z.number().nullable(),
  status: statusSchema,
  label: z.string().nullable(),
  month: z.string().nullable(),
  confidence: z.string().nullable(),
  noScore: z.object({ title: z.string(), line: z.string() }).nullable(),
});

function parseCardContent(json: string, card: string): CardContent {
  const content = cardContentSchema.safeParse(JSON.parse(json));
  if (!content.success)
    throw new Error(`the stored share card ${card} is not readable: ${z.prettifyError(content.error)}`);
  return content.data as CardContent;
}

const basisSchema = z.enum(["blended", "sentiment-only", "historical-only"]).nullable();
const historyEventSchema = z.strictObject({
  input: z.enum(["unemployment", "vacancy", "expectations", "barometer"]),
  change: z.enum(["starts", "stops"]),
  period: z.string(),
});
const historyRowSchema = z.object({
  month: z.string(),
  score: z.number().nullable(),
  status: statusSchema,
  basis: basisSchema,
  market: z.number().nullable(),
  evidence: z.number().nullable(),
  events: z.string().nullable(),
});
const STATUSES = new Set<unknown>([...statusSchema.unwrap().options, null]);
const BASES = new Set<unknown>([...basisSchema.unwrap().options, null]);
const numberOrNull = (x: unknown) => x === null || typeof x === "number";

/**
 * One stored history row, checked as historyRowSchema checks it but by hand: a new publication reads every country's
 * history (thousands of rows) in the request that first sees it, and zod per row made that about 50 ms of a busy
 * server's event loop. A row that fails goes through the schema, for its message. Its events (a few rows per
 * country) are JSON, checked by their schema.
 */
function historyRow(r: unknown): HistoryPoint {
  const { month, score, status, basis, market, evidence, events } = r as Record<string, unknown>;
  const row =
    typeof month === "string" &&
    numberOrNull(score) &&
    STATUSES.has(status) &&
    BASES.has(basis) &&
    numberOrNull(market) &&
    numberOrNull(evidence) &&
    (events === null || typeof events === "string")
      ? (r as z.infer<typeof historyRowSchema>)
      : historyRowSchema.parse(r);
  const point: HistoryPoint = {
    month: row.month,
    score: row.score,
    status: row.status,
    basis: row.basis,
    market: row.market,
    evidence: row.evidence,
  };
  if (row.events !== null) point.events = z.array(historyEventSchema).min(1).parse(JSON.parse(row.events));
  return point;
}

export class PublishedStore {
  private readonly latestIdStmt;
  private readonly latestStmt;
  private readonly snapshotsStmt;
  private readonly historyStmt;
  private readonly sourcesStmt;
  private readonly cardRowStmt;
  private readonly cardPngStmt;
  private readonly toDrawStmt;
  private readonly readCard;

  constructor(private readonly db: ServingDb) {
    this.latestIdStmt = db.prepare(`SELECT id FROM publications ORDER BY id DESC LIMIT 1`).pluck();
    this.latestStmt = db.prepare(
      `SELECT id, model, as_of, published_at, countries_scored, countries_total FROM publications ORDER BY id DESC LIMIT 1`,
    );
    this.snapshotsStmt = db.prepare(`SELECT country, publication_id, payload FROM snapshots`);
    this.historyStmt = db.prepare(
      `SELECT month, score, status, basis, market, evidence, events FROM score_history WHERE country = ? ORDER BY month`,
    );
    this.sourcesStmt = db.prepare(
      `SELECT source_table, data_type, newest_period, observations, last_ingested_at, last_changed_at, source_updated, last_checked_at
         FROM source_status WHERE observations > 0 ORDER BY data_type, source_table`,
    );
    this.cardRowStmt = db.prepare(
      `SELECT c.card_key, c.content, c.publication_id, i.card_key IS NOT NULL AS drawn
         FROM share_cards c LEFT JOIN share_card_images i ON i.card_key = c.card_key WHERE c.country = ? AND c.variant = ?`,
    );
    this.cardPngStmt = db.prepare(`SELECT png FROM share_card_images WHERE card_key = ?`).pluck();
    this.toDrawStmt = db.prepare(
      `SELECT c.country, c.variant, c.card_key, c.content FROM share_cards c LEFT JOIN share_card_images i ON i.card_key = c.card_key
         WHERE i.card_key IS NULL AND c.content IS NOT NULL ORDER BY c.variant, c.country`,
    );
    // One read transaction: the key, the ETag and the picture come from the same publication.
    this.readCard = db.transaction(
      (code: string, variant: CardVariant, ifNoneMatch: (etag: string) => boolean): ShareCardRead => {
        type Row = { card_key: string; content: string | null; publication_id: number; drawn: number };
        let row = this.cardRowStmt.get(code, variant) as Row | undefined;
        // A publication made before stale cards existed has only the published one.
        if (row === undefined && variant === "stale") row = this.cardRowStmt.get(code, "published") as Row | undefined;
        if (row === undefined) return { kind: "none" };
        // The key names the picture (equal keys, equal bytes), the publication id rolls caches over with the others.
        const etag = `"p${row.publication_id}-${row.card_key.slice(0, 16)}"`;
        if (ifNoneMatch(etag)) return { kind: "not-modified", etag };
        if (row.drawn) return { kind: "card", etag, png: this.cardPngStmt.get(row.card_key) as Buffer };
        // Carried over from a version that drew at publish time, without its picture: nothing to draw from.
        if (row.content === null) return { kind: "none" };
        return {
          kind: "to-draw",
          etag,
          key: row.card_key,
          content: parseCardContent(row.content, `${code}/${variant}`),
        };
      },
    );
  }

  /**
   * A country's share card of `variant` (product/share-cards/), or its published card when no stale one was
   * stored: its picture, or what to draw when its key has none yet; "not-modified" when `ifNoneMatch` accepts its
   * ETag; "none" when the publication names no card.
   */
  shareCard(code: string, variant: CardVariant, ifNoneMatch: (etag: string) => boolean): ShareCardRead {
    return this.readCard(code, variant, ifNoneMatch);
  }

  /**
   * The cards the site serves whose key has no picture yet, published cards first (what a page's og:image names),
   * one per key: what the server draws ahead (api/share-card-images.ts). A row that does not parse is left out
   * (its request answers the generic image and logs why).
   */
  cardsToDraw(): Array<{ key: string; content: CardContent }> {
    const seen = new Set<string>();
    const out: Array<{ key: string; content: CardContent }> = [];
    for (const r of this.toDrawStmt.all() as Array<{
      country: string;
      variant: string;
      card_key: string;
      content: string;
    }>) {
      if (seen.has(r.card_key)) continue;
      seen.add(r.card_key);
      try {
        out.push({ key: r.card_key, content: parseCardContent(r.content, `${r.country}/${r.variant}`) });
      } catch {
        continue;
      }
    }
    return out;
  }

  /** Id of the newest publication, 0 when nothing was ever published. Cheap: the read cache calls it per request. */
  latestId(): number {
    return (this.latestIdStmt.get() as number | undefined) ?? 0;
  }

  latest(): PublicationRow | null {
    const row = this.latestStmt.get();
    return row ? publicationSchema.parse(row) : null;
  }

  /** Every published snapshot by country code. */
  snapshots(): Map<string, Snapshot> {
    const out = new Map<string, Snapshot>();
    for (const row of this.snapshotsStmt.all() as Array<{ country: string; payload: string }>) {
      const parsed = snapshotSchema.parse(JSON.parse(row.payload));
      out.set(row.country, parsed as unknown as Snapshot);
    }
    return out;
  }

  /** The source tables that hold data (a table only ever checked, never stored, is left out). */
  sources(): SourceRow[] {
    return this.sourcesStmt.all() as SourceRow[];
  }

  /** Where the publication's figures came from: each value's release and ingest, each ingest's file (pipeline/provenance.ts). */
  provenance(): PublishedProvenance {
    const { values, files } = publishedProvenance(this.db);
    return { values, files };
  }

  /** Monthly score history of a country, oldest first. */
  history(country: string): HistoryPoint[] {
    return this.historyStmt.all(country).map(historyRow);
  }
}
