// Operator state in the serving database: the password hash, sessions, settings and the audit log.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { cleanDeep, cleanUserText } from "../../lib/clean-text.ts";
import { SETTING_PUBLICATION } from "../../pipeline/pause.ts";
import { noteContentWrite, type ServingDb } from "../../pipeline/serving-db.ts";
import { SettingsTable } from "../../pipeline/settings.ts";
import type { AuditEntry, AuditResult, PublicationSetting } from "../../product/shapes.ts";
import { readCookie, SESSION_COOKIE } from "../cookies.ts";

/** Stored password hash (set by `jwi admin set-password`). */
export class CredentialStore {
  private readonly getStmt;
  private readonly setStmt;
  constructor(db: ServingDb) {
    this.getStmt = db.prepare(`SELECT password_hash FROM admin_credentials WHERE id = 1`);
    this.setStmt = db.prepare(
      `INSERT INTO admin_credentials (id, password_hash, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
    );
  }
  storedHash(): string | null {
    const row = this.getStmt.get() as { password_hash: string } | undefined;
    return row?.password_hash ?? null;
  }
  setHash(hash: string, at = new Date()): void {
    this.setStmt.run(hash, at.toISOString());
  }
}

export interface Session {
  username: string;
  expiresAt: string;
}

/** Sessions: a random 32-byte token goes to the cookie; only its SHA-256 is stored. */
export class SessionStore {
  private readonly insertStmt;
  private readonly findStmt;
  private readonly deleteStmt;
  private readonly purgeStmt;
  constructor(db: ServingDb) {
    this.insertStmt = db.prepare(
      `INSERT INTO sessions (id_hash, username, created_at, expires_at) VALUES (?, ?, ?, ?)`,
    );
    this.findStmt = db.prepare(`SELECT username, expires_at FROM sessions WHERE id_hash = ? AND expires_at > ?`);
    this.deleteStmt = db.prepare(`DELETE FROM sessions WHERE id_hash = ?`);
    this.purgeStmt = db.prepare(`DELETE FROM sessions WHERE expires_at <= ?`);
  }
  static hashToken(token: string): string {
    return createHash("sha256").update(token).digest("hex");
  }
  create(username: string, ttlMs: number, now = new Date()): { token: string; expiresAt: string } {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    this.purgeStmt.run(now.toISOString());
    this.insertStmt.run(SessionStore.hashToken(token), cleanUserText(username), now.toISOString(), expiresAt);
    return { token, expiresAt };
  }
  find(token: string, now = new Date()): Session | undefined {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const row = this.findStmt.get(SessionStore.hashToken(token), now.toISOString()) as
      { username: string; expires_at: string } | undefined;
    return row ? { username: row.username, expiresAt: row.expires_at } : undefined;
  }
  /** The operator named by a Cookie header's session (checked against the real clock), or null. */
  operatorOf(cookieHeader: string | null | undefined): { username: string; expires_at: string } | null {
    const token = readCookie(cookieHeader ?? undefined, SESSION_COOKIE);
    const s = token ? this.find(token, new Date()) : undefined;
    return s ? { username: s.username, expires_at: s.expiresAt } : null;
  }
  delete(token: string): boolean {
    return this.deleteStmt.run(SessionStore.hashToken(token)).changes > 0;
  }
}

const pauseSchema = z.object({ paused: z.boolean(), reason: z.string().nullable().default(null) });

/** The operator's settings (the pause switch), read and written through their table's owner (pipeline/settings.ts). */
export class SettingsStore {
  private readonly table: SettingsTable;

  constructor(private readonly db: ServingDb) {
    this.table = new SettingsTable(db);
  }
  publication(): PublicationSetting {
    const row = this.table.get(SETTING_PUBLICATION);
    if (!row) return { paused: false, reason: null, updated_at: null, updated_by: null };
    const parsed = pauseSchema.safeParse(safeJson(row.value));
    const value = parsed.success ? parsed.data : { paused: false, reason: null };
    return { ...value, updated_at: row.updated_at, updated_by: row.updated_by };
  }
  setPublication(paused: boolean, reason: string | null, by: string, at = new Date()): PublicationSetting {
    const cleanReason = reason === null ? null : cleanUserText(reason);
    this.table.set(
      SETTING_PUBLICATION,
      JSON.stringify({ paused, reason: cleanReason }),
      at.toISOString(),
      cleanUserText(by),
    );
    noteContentWrite(this.db);
    return this.publication();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  result: z.enum(["ok", "rejected", "denied", "busy", "error"]),
  detail: z.string().nullable(),
});

/**
 * Who did what, when, with which result. Never a password; no visitor data beyond ids. Every text is cleaned as
 * it is written (lib/clean-text.ts): a failed login's username is whatever a stranger typed, and the operator
 * panel shows it.
 */
export class AuditLog {
  private readonly insertStmt;
  private readonly listStmt;
  constructor(db: ServingDb) {
    this.insertStmt = db.prepare(
      `INSERT INTO audit_log (at, actor, action, target, result, detail) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.listStmt = db.prepare(
      `SELECT * FROM audit_log WHERE (@action IS NULL OR action = @action) ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    );
  }
  record(
    e: { actor: string; action: string; target?: string | null; result: AuditResult; detail?: unknown },
    at = new Date(),
  ): void {
    this.insertStmt.run(
      at.toISOString(),
      cleanUserText(e.actor).slice(0, 200),
      cleanUserText(e.action),
      e.target == null ? null : cleanUserText(e.target),
      e.result,
      e.detail === undefined ? null : JSON.stringify(cleanDeep(e.detail)),
    );
  }
  list(q: { action: string | null; limit: number; offset: number }): AuditEntry[] {
    return this.listStmt.all(q).map((r) => {
      const row = auditRowSchema.parse(r);
      return { ...row, detail: row.detail === null ? null : safeJson(row.detail) };
    });
  }
}
