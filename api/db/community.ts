// Community writes (experiences, waiting-list requests) in the serving database; contact messages are in
// db/contact.ts. One prepared statement per query, parameters always bound; every write is a single statement,
// so nothing is ever half-written.
import { z } from "zod";
import { cleanUserText } from "../../lib/clean-text.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { roundHalfAway } from "../../pipeline/model/round.ts";
import { MOOD_LABELS, type WaitingListService } from "../../product/options.ts";
import type { AdminExperience, ExperienceSummary, PublicExperience, WaitingListRequest } from "../../product/shapes.ts";
import type { ExperienceInput, WaitingListInput } from "../schemas.ts";

const experienceRowSchema = z.object({
  id: z.number().int(),
  country_code: z.string(),
  role_family: z.string(),
  seniority: z.string(),
  residency: z.string(),
  local_language: z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
  mood: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  created_at: z.string(),
  hidden: z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
  hidden_at: z.string().nullable(),
  hidden_by: z.string().nullable(),
});
type ExperienceRow = z.infer<typeof experienceRowSchema>;

const toPublic = (r: ExperienceRow): PublicExperience => ({
  id: r.id,
  country_code: r.country_code,
  role_family: r.role_family,
  seniority: r.seniority,
  residency: r.residency,
  local_language: r.local_language,
  mood: r.mood,
  mood_label: MOOD_LABELS[r.mood] ?? String(r.mood),
  comment: r.comment,
  created_at: r.created_at,
});

const toAdmin = (r: ExperienceRow): AdminExperience => ({
  ...toPublic(r),
  hidden: r.hidden,
  hidden_at: r.hidden_at,
  hidden_by: r.hidden_by,
});

export class ExperienceStore {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly visibleStmt;
  private readonly summaryStmt;
  private readonly adminListStmt;
  private readonly setHiddenStmt;
  private readonly countStmt;
  private readonly countryVersionStmt;

  constructor(db: ServingDb) {
    this.insertStmt = db.prepare(
      `INSERT INTO experiences (country_code, role_family, seniority, residency, local_language, mood, comment, created_at)
       VALUES (@country_code, @role_family, @seniority, @residency, @local_language, @mood, @comment, @created_at)`,
    );
    this.byIdStmt = db.prepare(`SELECT * FROM experiences WHERE id = ?`);
    this.visibleStmt = db.prepare(
      `SELECT * FROM experiences WHERE country_code = ? AND hidden = 0 ORDER BY id DESC LIMIT ?`,
    );
    this.summaryStmt = db.prepare(
      `SELECT count(*) AS count,
              coalesce(sum(mood <= 2), 0) AS frustrated,
              coalesce(sum(mood = 3), 0) AS neutral,
              coalesce(sum(mood >= 4), 0) AS positive,
              avg(mood) AS average
         FROM experiences WHERE country_code = ? AND hidden = 0`,
    );
    this.adminListStmt = db.prepare(
      `SELECT * FROM experiences
        WHERE (@country IS NULL OR country_code = @country) AND (@hidden IS NULL OR hidden = @hidden)
        ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    );
    this.setHiddenStmt = db.prepare(
      `UPDATE experiences SET hidden = @hidden, hidden_at = @at, hidden_by = @by WHERE id = @id`,
    );
    this.countStmt = db.prepare(`SELECT count(*) AS n FROM experiences`);
    this.countryVersionStmt = db.prepare(`SELECT version FROM community_versions WHERE country_code = ?`).pluck() as {
      get(code: string): number | undefined;
    };
  }

  /**
   * The version of a country's experiences: counted up by SQLite triggers on every post, hidden or shown post of that
   * country (api/db/schema.ts), whichever process wrote it; 0 before the first. What reads them keeps on it.
   */
  countryVersion(countryCode: string): number {
    return this.countryVersionStmt.get(countryCode) ?? 0;
  }

  /**
   * Stores one experience and returns it as stored. `run()`, not `INSERT … RETURNING` through `get()`: a `get()`
   * hands back the returned row before the statement's commit, and better-sqlite3 does not report a commit that
   * then fails (a full disk): the caller would acknowledge a write that was never stored.
   */
  insert(countryCode: string, input: ExperienceInput, createdAt: string): PublicExperience {
    const info = this.insertStmt.run({
      country_code: countryCode,
      role_family: input.role_family,
      seniority: input.seniority,
      residency: input.residency,
      local_language: input.local_language ? 1 : 0,
      mood: input.mood,
      comment: input.comment,
      created_at: createdAt,
    });
    return toPublic(experienceRowSchema.parse(this.byIdStmt.get(info.lastInsertRowid)));
  }

  /** The newest visible experiences of a country (newest first; id breaks ties of the same millisecond). */
  listVisible(countryCode: string, limit: number): PublicExperience[] {
    return this.visibleStmt.all(countryCode, limit).map((r) => toPublic(experienceRowSchema.parse(r)));
  }

  summary(countryCode: string): ExperienceSummary {
    const r = this.summaryStmt.get(countryCode) as {
      count: number;
      frustrated: number;
      neutral: number;
      positive: number;
      average: number | null;
    };
    return {
      count: r.count,
      frustrated: r.frustrated,
      neutral: r.neutral,
      positive: r.positive,
      average_mood: r.average === null ? null : roundHalfAway(r.average, 1),
    };
  }

  listForAdmin(q: {
    country: string | null;
    hidden: boolean | null;
    limit: number;
    offset: number;
  }): AdminExperience[] {
    return this.adminListStmt
      .all({
        country: q.country,
        hidden: q.hidden === null ? null : q.hidden ? 1 : 0,
        limit: q.limit,
        offset: q.offset,
      })
      .map((r) => toAdmin(experienceRowSchema.parse(r)));
  }

  /** Hides or shows one experience; undefined when the id does not exist. */
  setHidden(id: number, hidden: boolean, by: string, at: string): AdminExperience | undefined {
    const changes = this.setHiddenStmt.run({
      id,
      hidden: hidden ? 1 : 0,
      at: hidden ? at : null,
      by: hidden ? cleanUserText(by) : null,
    }).changes;
    if (changes === 0) return undefined;
    return toAdmin(experienceRowSchema.parse(this.byIdStmt.get(id)));
  }

  count(): number {
    return (this.countStmt.get() as { n: number }).n;
  }
}

const waitingRowSchema = z.object({
  id: z.number().int(),
  service: z.enum(["career-consultant", "cv-upgrade"]),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});

export class WaitingListStore {
  private readonly insertStmt;
  private readonly listStmt;
  private readonly countStmt;
  private readonly byIdStmt;
  private readonly deleteStmt;
  private readonly purgeStmt;

  constructor(db: ServingDb) {
    this.insertStmt = db.prepare(
      `INSERT INTO waiting_list (service, name, email, phone, message, created_at)
       VALUES (@service, @name, @email, @phone, @message, @created_at)`,
    );
    this.listStmt = db.prepare(
      `SELECT id, service, name, email, phone, message, created_at FROM waiting_list
        WHERE (@service IS NULL OR service = @service) ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    );
    this.countStmt = db.prepare(
      `SELECT count(*) AS n FROM waiting_list WHERE (@service IS NULL OR service = @service)`,
    );
    this.byIdStmt = db.prepare(
      `SELECT id, service, name, email, phone, message, created_at FROM waiting_list WHERE id = ?`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM waiting_list WHERE id = ?`);
    this.purgeStmt = db.prepare(`DELETE FROM waiting_list WHERE created_at < ?`);
  }

  insert(input: WaitingListInput, createdAt: string): { id: number; service: WaitingListService; created_at: string } {
    const info = this.insertStmt.run({
      service: input.service,
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      created_at: createdAt,
    });
    return { id: Number(info.lastInsertRowid), service: input.service, created_at: createdAt };
  }

  /** Newest first. limit -1 = all. */
  list(q: { service: WaitingListService | null; limit: number; offset: number }): WaitingListRequest[] {
    return this.listStmt.all(q).map((r) => waitingRowSchema.parse(r));
  }

  count(service: WaitingListService | null = null): number {
    return (this.countStmt.get({ service }) as { n: number }).n;
  }

  get(id: number): WaitingListRequest | undefined {
    const row = this.byIdStmt.get(id);
    return row === undefined ? undefined : waitingRowSchema.parse(row);
  }

  /** Deletes one request for good (a deletion asked for); false when the id does not exist. */
  delete(id: number): boolean {
    return this.deleteStmt.run(id).changes > 0;
  }

  /** Deletes every request received before `before` (ISO time); returns how many (the retention sweep). */
  deleteReceivedBefore(before: string): number {
    return this.purgeStmt.run(before).changes;
  }
}
