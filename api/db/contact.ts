// Messages of the contact form in the serving database: personal data, read by the operator only (never through a
// public route). One prepared statement per query, parameters always bound; every write is a single statement.
import { z } from "zod";
import { cleanUserText } from "../../lib/clean-text.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { CONTACT_TOPIC_IDS, type ContactTopic } from "../../product/options.ts";
import type { ContactMessage } from "../../product/shapes.ts";
import type { ContactInput } from "../schemas.ts";

const rowSchema = z.object({
  id: z.number().int(),
  topic: z.enum(CONTACT_TOPIC_IDS),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});

export interface ContactListQuery {
  topic: ContactTopic | null;
  /** null: both; true: handled ones only; false: open ones only. */
  handled: boolean | null;
  /** -1 = all. */
  limit: number;
  offset: number;
}

export class ContactStore {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly listStmt;
  private readonly countStmt;
  private readonly handledStmt;
  private readonly deleteStmt;
  private readonly purgeStmt;

  constructor(db: ServingDb) {
    this.insertStmt = db.prepare(
      `INSERT INTO contact_messages (topic, name, email, message, created_at) VALUES (@topic, @name, @email, @message, @created_at)`,
    );
    this.byIdStmt = db.prepare(`SELECT * FROM contact_messages WHERE id = ?`);
    const where = `(@topic IS NULL OR topic = @topic) AND (@handled IS NULL OR (handled_at IS NOT NULL) = @handled)`;
    this.listStmt = db.prepare(
      `SELECT * FROM contact_messages WHERE ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    );
    this.countStmt = db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE ${where}`);
    this.handledStmt = db.prepare(`UPDATE contact_messages SET handled_at = @at, handled_by = @by WHERE id = @id`);
    this.deleteStmt = db.prepare(`DELETE FROM contact_messages WHERE id = ?`);
    this.purgeStmt = db.prepare(`DELETE FROM contact_messages WHERE created_at < ?`);
  }

  /**
   * Stores one message; returns its id and time only (the answer to the sender names no personal data).
   * `run()`, never `INSERT … RETURNING` read with `get()`: that hands back a row before a commit that may still
   * fail (a full disk), and the sender would be told it was stored (db/community.ts).
   */
  insert(input: ContactInput, createdAt: string): { id: number; topic: ContactTopic; created_at: string } {
    const info = this.insertStmt.run({
      topic: input.topic,
      name: input.name,
      email: input.email,
      message: input.message,
      created_at: createdAt,
    });
    return { id: Number(info.lastInsertRowid), topic: input.topic, created_at: createdAt };
  }

  /** Newest first. */
  list(q: ContactListQuery): ContactMessage[] {
    return this.listStmt.all(this.params(q)).map((r) => rowSchema.parse(r));
  }

  count(q: Pick<ContactListQuery, "topic" | "handled">): number {
    return (this.countStmt.get(this.params({ ...q, limit: -1, offset: 0 })) as { n: number }).n;
  }

  get(id: number): ContactMessage | undefined {
    const row = this.byIdStmt.get(id);
    return row === undefined ? undefined : rowSchema.parse(row);
  }

  /** Marks one message handled (or open again); undefined when the id does not exist. */
  setHandled(id: number, handled: boolean, by: string, at: string): ContactMessage | undefined {
    const changes = this.handledStmt.run({
      id,
      at: handled ? at : null,
      by: handled ? cleanUserText(by) : null,
    }).changes;
    if (changes === 0) return undefined;
    return rowSchema.parse(this.byIdStmt.get(id));
  }

  /** Deletes one message for good; false when the id does not exist. */
  delete(id: number): boolean {
    return this.deleteStmt.run(id).changes > 0;
  }

  /** Deletes every message received before `before` (ISO time); returns how many (the retention sweep). */
  deleteReceivedBefore(before: string): number {
    return this.purgeStmt.run(before).changes;
  }

  private params(q: ContactListQuery) {
    return { topic: q.topic, handled: q.handled === null ? null : q.handled ? 1 : 0, limit: q.limit, offset: q.offset };
  }
}
