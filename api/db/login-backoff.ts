// Per-account back-off of operator logins (docs/decisions/011-login-backoff.md), beside the per-address limit of
// rate-limit.ts: an attacker who spreads guesses over many addresses still gets one guess per growing delay.
// After FREE_FAILURES failures for a username, the next attempt must wait 1 s after the last failure, then 2 s,
// 4 s … up to MAX_DELAY_MS. An address that has logged in successfully to the account within KNOWN_FOR_MS is
// not held back, so a stranger cannot lock the real operator out; `jwi admin set-password` clears the back-off.
// Kept in the serving database: it survives a restart. Usernames and addresses are stored as HMACs only.
import { createHmac } from "node:crypto";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { clientSecret } from "./rate-limits.ts";

const FREE_FAILURES = 5;
const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** Failures are forgotten after this long without one. */
const FORGET_AFTER_MS = 24 * 3_600_000;
/** An address stays known to an account this long after its last successful login. */
const KNOWN_FOR_MS = 90 * 86_400_000;

/** The wait after `failures` failures in a row: 0 up to FREE_FAILURES, then 1 s, 2 s, 4 s … capped. */
export function backoffDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 30));
}

export class LoginBackoff {
  private readonly secret: Buffer;
  private readonly readStmt;
  private readonly failStmt;
  private readonly clearStmt;
  private readonly knownStmt;
  private readonly rememberStmt;
  private readonly purgeStmt;
  private readonly purgeKnownStmt;
  private writes = 0;

  constructor(db: ServingDb) {
    this.secret = clientSecret(db);
    this.readStmt = db.prepare(
      `SELECT failures, last_failure_at FROM login_backoff WHERE account = ? AND last_failure_at > ?`,
    );
    this.failStmt = db.prepare(
      `INSERT INTO login_backoff (account, failures, last_failure_at) VALUES (@account, 1, @now)
       ON CONFLICT (account) DO UPDATE SET
         failures = CASE WHEN last_failure_at <= @forgotten THEN 1 ELSE failures + 1 END,
         last_failure_at = @now`,
    );
    this.clearStmt = db.prepare(`DELETE FROM login_backoff WHERE account = ?`);
    this.knownStmt = db.prepare(
      `SELECT 1 FROM login_known_clients WHERE account = ? AND client = ? AND last_ok_at > ?`,
    );
    this.rememberStmt = db.prepare(
      `INSERT INTO login_known_clients (account, client, last_ok_at) VALUES (?, ?, ?)
       ON CONFLICT (account, client) DO UPDATE SET last_ok_at = excluded.last_ok_at`,
    );
    this.purgeStmt = db.prepare(`DELETE FROM login_backoff WHERE last_failure_at <= ?`);
    this.purgeKnownStmt = db.prepare(`DELETE FROM login_known_clients WHERE last_ok_at <= ?`);
  }

  private hmac(kind: string, value: string): string {
    return createHmac("sha256", this.secret).update(`${kind}\0${value}`).digest("base64url");
  }

  /**
   * Milliseconds `client` must still wait before an attempt for `username` is checked; 0 when it may try now
   * (fewer than FREE_FAILURES failures, the delay is over, or the client is known to the account).
   */
  waitMs(username: string, client: string, now: number): number {
    const account = this.hmac("account", username);
    const row = this.readStmt.get(account, now - FORGET_AFTER_MS) as
      { failures: number; last_failure_at: number } | undefined;
    if (!row) return 0;
    const wait = row.last_failure_at + backoffDelayMs(row.failures) - now;
    if (wait <= 0) return 0;
    return this.knownStmt.get(account, this.hmac("client", client), now - KNOWN_FOR_MS) ? 0 : wait;
  }

  /** A checked attempt failed (wrong username or password). */
  failed(username: string, now: number): void {
    this.failStmt.run({ account: this.hmac("account", username), now, forgotten: now - FORGET_AFTER_MS });
    if (++this.writes % 500 === 0) this.purgeStmt.run(now - FORGET_AFTER_MS);
  }

  /** A login succeeded: the account's failures are forgotten and the client is known to it from now on. */
  succeeded(username: string, client: string, now: number): void {
    const account = this.hmac("account", username);
    this.clearStmt.run(account);
    this.rememberStmt.run(account, this.hmac("client", client), now);
    this.purgeKnownStmt.run(now - KNOWN_FOR_MS);
  }

  /** Every account's back-off ends (`jwi admin set-password`: the operator's way in from anywhere). */
  static clearAll(db: ServingDb): void {
    db.prepare(`DELETE FROM login_backoff`).run();
  }
}
