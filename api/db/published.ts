// Reads what the pipeline published (pipeline/serving-db.ts): the latest publication, snapshots, history, share cards.
// Only the one reader (api/read-model.ts) and the server's start (is anything published?) use it.
// Read-only; rows are checked with zod on the way out of SQLite (docs/architecture.md).
import { z } from "zod";
import type { Snapshot } from "../../pipeline/model/types.ts";
import type { HistoryPoint, PublicationRow, SourceRow } from "../../product/shapes.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import type { CardVariant } from "../../product/share-cards/card.ts";

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

/** A share card as read for one request (api/routes/share.ts). */
export type ShareCardRead = { kind: "none" } | { kind: "not-modified"; etag: string } | { kind: "card"; etag: string; png: Buffer };

const historyRowSchema = z.object({ month: z.string(), score: z.number().nullable(), status: statusSchema });

export class PublishedStore {
  private readonly latestIdStmt;
  private readonly latestStmt;
  private readonly snapshotsStmt;
  private readonly historyStmt;
  private readonly sourcesStmt;
  private readonly cardTagStmt;
  private readonly cardPngStmt;
  private readonly readCard;

  constructor(db: ServingDb) {
    this.latestIdStmt = db.prepare(`SELECT id FROM publications ORDER BY id DESC LIMIT 1`).pluck();
    this.latestStmt = db.prepare(
      `SELECT id, model, as_of, published_at, countries_scored, countries_total FROM publications ORDER BY id DESC LIMIT 1`,
    );
    this.snapshotsStmt = db.prepare(`SELECT country, publication_id, payload FROM snapshots`);
    this.historyStmt = db.prepare(`SELECT month, score, status FROM score_history WHERE country = ? ORDER BY month`);
    this.sourcesStmt = db.prepare(
      `SELECT source_table, data_type, newest_period, observations, last_ingested_at, last_changed_at, source_updated, last_checked_at
         FROM source_status WHERE observations > 0 ORDER BY data_type, source_table`,
    );
    this.cardTagStmt = db.prepare(`SELECT etag FROM share_cards WHERE country = ? AND variant = ?`).pluck();
    this.cardPngStmt = db.prepare(`SELECT png FROM share_cards WHERE country = ? AND variant = ?`).pluck();
    // One read transaction: the ETag and the image come from the same publication.
    this.readCard = db.transaction((code: string, variant: CardVariant, ifNoneMatch: (etag: string) => boolean): ShareCardRead => {
      let etag = this.cardTagStmt.get(code, variant) as string | undefined;
      // A publication made before stale cards existed has only the published one.
      if (etag === undefined && variant === "stale") etag = this.cardTagStmt.get(code, (variant = "published")) as string | undefined;
      if (etag === undefined) return { kind: "none" };
      if (ifNoneMatch(etag)) return { kind: "not-modified", etag };
      return { kind: "card", etag, png: this.cardPngStmt.get(code, variant) as Buffer };
    });
  }

  /**
   * A country's stored share card of `variant` (product/share-cards/), or its published card when no stale one was
   * stored; "not-modified" when `ifNoneMatch` accepts its ETag; "none" when no card is stored.
   */
  shareCard(code: string, variant: CardVariant, ifNoneMatch: (etag: string) => boolean): ShareCardRead {
    return this.readCard(code, variant, ifNoneMatch);
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

  /** Monthly score history of a country, oldest first. */
  history(country: string): HistoryPoint[] {
    return this.historyStmt.all(country).map((r) => historyRowSchema.parse(r));
  }
}
