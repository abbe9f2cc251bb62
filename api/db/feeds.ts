// Reads the feeds' history (feed_entries, written by pipeline/publish.ts). Read-only; rows checked with zod.
import { z } from "zod";
import type { ServingDb } from "../../pipeline/serving-db.ts";

const statusSchema = z.enum(["stormy", "rainy", "cloudy", "bright", "sunny"]).nullable();

const entrySchema = z.object({
  publication_id: z.number().int(),
  country: z.string().length(2),
  published_at: z.string(),
  previous_published_at: z.string(),
  from_as_of: z.string(),
  to_as_of: z.string(),
  from_score: z.number().nullable(),
  to_score: z.number().nullable(),
  from_status: statusSchema,
  to_status: statusSchema,
  text: z.string(),
  /** The exact attribution between the two snapshots (JSON); null when not comparable input by input. */
  explanation: z.string().nullable(),
});

/** One change event of one country at one publication. */
export type FeedEntryRow = z.infer<typeof entrySchema>;

const COLUMNS = `publication_id, country, published_at, previous_published_at, from_as_of, to_as_of, from_score, to_score,
  from_status, to_status, text, explanation`;

export class FeedStore {
  private readonly newestAllStmt;
  private readonly newestOfStmt;
  private readonly firstPublishedStmt;

  constructor(db: ServingDb) {
    this.newestAllStmt = db.prepare(
      `SELECT ${COLUMNS} FROM feed_entries ORDER BY publication_id DESC, country LIMIT ?`,
    );
    this.newestOfStmt = db.prepare(
      `SELECT ${COLUMNS} FROM feed_entries WHERE country = ? ORDER BY publication_id DESC LIMIT ?`,
    );
    this.firstPublishedStmt = db.prepare(`SELECT published_at FROM publications ORDER BY id LIMIT 1`).pluck();
  }

  /** The newest entries, newest publication first (countries in code order within one); of one country when given. */
  newest(limit: number, country?: string): FeedEntryRow[] {
    const rows = country === undefined ? this.newestAllStmt.all(limit) : this.newestOfStmt.all(country, limit);
    return rows.map((r) => entrySchema.parse(r));
  }

  /** When the first publication was made (a feed without entries dates from it); null before any. */
  firstPublishedAt(): string | null {
    return (this.firstPublishedStmt.get() as string | undefined) ?? null;
  }
}
