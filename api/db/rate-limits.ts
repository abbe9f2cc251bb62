// Rate-limit counters in the serving database, so that limits (failed logins above all) survive a restart of the
// server and hold across its worker processes. An express-rate-limit Store: fixed windows per (bucket, client).
// Client addresses are never stored as such: only an HMAC of them, keyed by a secret kept in the same database.
import { createHmac, randomBytes } from "node:crypto";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { SettingsTable } from "../../pipeline/settings.ts";

const RATE_LIMIT_SCHEMA = `
CREATE TABLE IF NOT EXISTS rate_limits (
  bucket TEXT NOT NULL,
  client TEXT NOT NULL,
  hits INTEGER NOT NULL,
  reset_at INTEGER NOT NULL,
  PRIMARY KEY (bucket, client)
) WITHOUT ROWID;
`;

const SECRET_KEY = "rate_limit_secret";

/** The database's HMAC key for client addresses (and login accounts: db/login-backoff.ts), made on first use. */
export function clientSecret(db: ServingDb): Buffer {
  const settings = new SettingsTable(db);
  const row = settings.get(SECRET_KEY);
  if (row) return Buffer.from(row.value, "base64");
  const secret = randomBytes(32);
  settings.addIfMissing(SECRET_KEY, secret.toString("base64"), new Date().toISOString(), "server");
  return Buffer.from(settings.get(SECRET_KEY)!.value, "base64");
}

export class SqliteRateLimitStore implements Store {
  private windowMs = 60_000;
  private readonly secret: Buffer;
  private readonly bumpStmt;
  private readonly readStmt;
  private readonly decrementStmt;
  private readonly resetStmt;
  private readonly purgeStmt;
  private writes = 0;
  /** Tells express-rate-limit's double-count check that limiters of different buckets on one request count apart. */
  readonly prefix: string;

  constructor(
    db: ServingDb,
    /** The limiter's name (`login`, `experiences`, …): its counters are its own. */
    private readonly bucket: string,
  ) {
    this.prefix = `${bucket}:`;
    db.exec(RATE_LIMIT_SCHEMA);
    this.secret = clientSecret(db);
    this.bumpStmt = db.prepare(
      `INSERT INTO rate_limits (bucket, client, hits, reset_at) VALUES (@bucket, @client, 1, @reset)
       ON CONFLICT (bucket, client) DO UPDATE SET
         hits = CASE WHEN reset_at <= @now THEN 1 ELSE hits + 1 END,
         reset_at = CASE WHEN reset_at <= @now THEN excluded.reset_at ELSE reset_at END`,
    );
    this.readStmt = db.prepare(
      `SELECT hits, reset_at FROM rate_limits WHERE bucket = ? AND client = ? AND reset_at > ?`,
    );
    this.decrementStmt = db.prepare(`UPDATE rate_limits SET hits = max(hits - 1, 0) WHERE bucket = ? AND client = ?`);
    this.resetStmt = db.prepare(`DELETE FROM rate_limits WHERE bucket = ? AND client = ?`);
    this.purgeStmt = db.prepare(`DELETE FROM rate_limits WHERE reset_at <= ?`);
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private client(key: string): string {
    return createHmac("sha256", this.secret).update(key).digest("base64url");
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const row = this.readStmt.get(this.bucket, this.client(key), Date.now()) as
      { hits: number; reset_at: number } | undefined;
    return row ? { totalHits: row.hits, resetTime: new Date(row.reset_at) } : undefined;
  }

  increment(key: string): ClientRateLimitInfo {
    const now = Date.now();
    const client = this.client(key);
    // run(), never a RETURNING through get(): a failed commit (full disk) must fail the request (db/community.ts).
    this.bumpStmt.run({ bucket: this.bucket, client, reset: now + this.windowMs, now });
    if (++this.writes % 500 === 0) this.purgeStmt.run(now);
    const row = this.readStmt.get(this.bucket, client, now - 1) as { hits: number; reset_at: number };
    return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
  }

  decrement(key: string): void {
    this.decrementStmt.run(this.bucket, this.client(key));
  }

  resetKey(key: string): void {
    this.resetStmt.run(this.bucket, this.client(key));
  }
}
