// A full disk for the server's own SQLite connection, without root: `PRAGMA max_page_count` pinned to the
// database's current size, then every table a route writes packed with rows until SQLite answers SQLITE_FULL,
// so that neither a free page nor room in an existing page is left for the route's own rows. A scratch table
// soaks up the free pages first. SQLite checks max_page_count per connection: the server's job child (its own
// connection) is not limited by it.
import { randomBytes } from "node:crypto";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { SettingsTable } from "../../pipeline/settings.ts";
import { CONTACT_TOPIC_IDS } from "../../product/options.ts";

/** One junk row of `size`, with the table's other values (`variants` below). */
type JunkRow = (p: { size: number; [column: string]: string | number }) => void;

/**
 * Junk rows per table the routes write, as SQL or through the table's owner (settings: pipeline/settings.ts): `size`
 * makes a row bigger or smaller; keys are random where they must be unique.
 */
const JUNK: Record<string, string | ((db: ServingDb) => JunkRow)> = {
  scratch: `INSERT INTO scratch (x) VALUES (randomblob(@size))`,
  experiences: `INSERT INTO experiences (country_code, role_family, seniority, residency, local_language, mood, comment, created_at)
                VALUES (@country, 'x', 'x', 'x', 0, 3, substr(hex(randomblob(@size)), 1, min(@size, 1000)), '2026-01-01')`,
  waiting_list: `INSERT INTO waiting_list (service, name, email, phone, message, created_at)
                 VALUES (@service, 'x', 'x', NULL, substr(hex(randomblob(@size)), 1, @size), '2026-01-01')`,
  contact_messages: `INSERT INTO contact_messages (topic, name, email, message, created_at)
                     VALUES (@topic, 'x', 'x@x', substr(hex(randomblob(@size)), 1, min(@size, 4000)), '2026-01-01')`,
  sessions: `INSERT INTO sessions (id_hash, username, created_at, expires_at)
             VALUES (hex(randomblob(32)), 'junk', '2026-01-01', '2000-01-01' || substr(hex(randomblob(@size)), 1, @size))`,
  audit_log: `INSERT INTO audit_log (at, actor, action, target, result, detail) VALUES ('2026', 'junk', 'x', NULL, 'ok', substr(hex(randomblob(@size)), 1, @size))`,
  settings: (db) => {
    const settings = new SettingsTable(db);
    return ({ size }) =>
      settings.addIfMissing(`junk-${randomHex(8)}`, randomHex(Math.ceil(size / 2)).slice(0, size), "2026", null);
  },
  rate_limits: `INSERT INTO rate_limits (bucket, client, hits, reset_at) VALUES ('junk', hex(randomblob(8)) || substr(hex(randomblob(@size)), 1, @size), 1, 0)`,
};

const randomHex = (bytes: number): string => randomBytes(bytes).toString("hex").toUpperCase();

const SIZES = [4000, 1000, 200, 40, 8, 1];
/** Consecutive SQLITE_FULL answers after which a table counts as packed (random keys land on different pages). */
const MISSES = 30;

function isFull(err: unknown): boolean {
  return (err as { code?: string }).code === "SQLITE_FULL";
}

/**
 * Makes the connection's database full. Returns a function that lifts the limit again (the junk rows stay:
 * tests compare counts taken after filling).
 */
export function fillDatabase(db: ServingDb): () => void {
  db.exec(`CREATE TABLE IF NOT EXISTS scratch (x BLOB)`);
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
  const pageCount = db.pragma("page_count", { simple: true }) as number;
  db.pragma(`max_page_count = ${pageCount}`);
  for (const [table, junk] of Object.entries(JUNK)) {
    if (!tables.includes(table) && table !== "scratch") continue;
    let insert: JunkRow;
    if (typeof junk === "string") {
      const stmt = db.prepare(junk);
      insert = (p) => void stmt.run(p);
    } else insert = junk(db);
    const variants =
      table === "experiences"
        ? [{ country: "DE" }, { country: "FR" }]
        : table === "waiting_list"
          ? [{ service: "career-consultant" }, { service: "cv-upgrade" }]
          : table === "contact_messages"
            ? CONTACT_TOPIC_IDS.map((topic) => ({ topic }))
            : [{}];
    for (const size of SIZES) {
      for (const v of variants) {
        let misses = 0;
        while (misses < MISSES) {
          try {
            insert({ size, ...v });
            misses = 0;
          } catch (err) {
            if (!isFull(err)) throw err;
            misses++;
          }
        }
      }
    }
  }
  return () => {
    db.pragma(`max_page_count = 4294967294`);
  };
}
