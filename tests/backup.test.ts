// `jwi backup DIR` and `jwi restore DIR` (issue 33; pipeline/backup.ts): a backup of a live server taken while
// visitors post experiences, waiting-list requests and contact messages, by the real CLI in a process of its own,
// restores into a new data directory with every table as it was at the snapshot (the posts a prefix of the live
// ones, everything else equal), the DuckDB store equal table by table, and a server started on it serves the
// restored publication, community and audit log. A partial or mismatched backup is refused with a clear message and
// leaves nothing behind. Before: two shell lines in docs/operations.md, and nothing tested that a copy restores.
import { createHash, randomBytes } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, login, postJson, startTestServer, validExperience, type TestServer } from "./api/helpers.ts";
import { jwi, tempDataDir } from "./helpers/cli.ts";
import { holdJobLock, jwiProcess } from "./helpers/processes.ts";

let live: TestServer;
const dirs = tempDataDir("jwi-backup-test-");
const backup = path.join(dirs.dir, "backup");
const restored = path.join(dirs.dir, "restored");

const waitingList = (i: number) => ({
  name: `Visitor ${i}`,
  email: `visitor${i}@example.org`,
  message: `Request ${i}`,
  service: "cv-upgrade",
});
const contact = (i: number) => ({
  name: `Writer ${i}`,
  email: `writer${i}@example.org`,
  topic: "question",
  message: `Message ${i}`,
});

/** Visitors writing, four at a time, until stopped; how many writes were accepted. */
function writeLoad(base: string): { stop(): Promise<number> } {
  let running = true;
  let accepted = 0;
  const worker = async (w: number) => {
    for (let i = w; running; i += 4) {
      const answers = await Promise.all([
        postJson(`${base}/api/countries/${["de", "fr", "pl"][i % 3]}/experiences`, {
          ...validExperience,
          comment: `Under load ${i}`,
        }),
        postJson(`${base}/api/waiting-list`, waitingList(i)),
        postJson(`${base}/api/contact`, contact(i)),
      ]);
      for (const a of answers) if (a.status === 201) accepted++;
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return accepted;
    },
  };
}

type Row = Record<string, unknown>;
const rowsOf = (db: Database.Database, table: string): Row[] => db.prepare(`SELECT * FROM "${table}"`).all() as Row[];
const canonical = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();
const tablesOf = (db: Database.Database) =>
  db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];

/** Tables visitors append to under load (rows with an id): the restored ones are a prefix of the live ones. */
const APPENDED = ["experiences", "waiting_list", "contact_messages"];
/** Counters the load moves (per client, per country): restored values are the live ones' earlier values. */
const COUNTERS = ["rate_limits", "community_versions"];

async function duckTables(dataDir: string): Promise<Record<string, { rows: number; hash: string }>> {
  const instance = await DuckDBInstance.create(path.join(dataDir, "jwi.duckdb"), { access_mode: "READ_ONLY" });
  try {
    const conn = await instance.connect();
    const names = (
      await conn.runAndReadAll(`SELECT table_name FROM information_schema.tables ORDER BY table_name`)
    ).getRowsJS() as string[][];
    const out: Record<string, { rows: number; hash: string }> = {};
    for (const [name] of names) {
      const r = (
        await conn.runAndReadAll(`SELECT count(*)::BIGINT, coalesce(sum(hash(t)), 0)::VARCHAR FROM "${name}" t`)
      ).getRowsJS()[0]!;
      out[name!] = { rows: Number(r[0]), hash: String(r[1]) };
    }
    conn.closeSync();
    return out;
  } finally {
    instance.closeSync();
  }
}

beforeAll(async () => {
  live = await startTestServer();
  // Some of everything before the load: posts, a lead, a message, and operator actions in the audit log.
  for (let i = 0; i < 3; i++)
    expect((await postJson(`${live.url}/api/countries/de/experiences`, validExperience)).status).toBe(201);
  expect((await postJson(`${live.url}/api/waiting-list`, waitingList(-1))).status).toBe(201);
  expect((await postJson(`${live.url}/api/contact`, contact(-1))).status).toBe(201);
  const cookie = await login(live.url);
  const first = (await getJson(`${live.url}/api/admin/experiences?country=DE`, { headers: { cookie } })).body.items[0];
  expect((await postJson(`${live.url}/api/admin/experiences/${first.id}/hide`, {}, { cookie })).status).toBe(200);
});

afterAll(async () => {
  await live?.stop();
  dirs.cleanup();
});

describe("a backup of a live server under write load restores whole", () => {
  let before: Record<string, number>;
  let accepted = 0;

  it("jwi backup, run while visitors write, exits 0 with a manifest of every file", async () => {
    before = Object.fromEntries(APPENDED.map((t) => [t, live.count(t)]));
    const load = writeLoad(live.url);
    // Let the load run a little first, so that the snapshot falls in the middle of it.
    await new Promise((r) => setTimeout(r, 300));
    // The real `jwi` in a process of its own, so that the server in this one goes on answering meanwhile.
    const r = await jwiProcess(live.dataDir, ["backup", backup, "--json"]);
    accepted = await load.stop();
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, backup });
    const manifest = JSON.parse(readFileSync(path.join(backup, "manifest.json"), "utf8"));
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(["jwi.sqlite", "jwi.duckdb"]),
    );
    expect(manifest.publication_id).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  });

  it("jwi restore into a new directory: every table of the serving store as at the snapshot", async () => {
    const r = await jwi(restored, "restore", backup, "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ ok: true, data_dir: restored });
    const a = new Database(path.join(live.dataDir, "jwi.sqlite"), { readonly: true });
    const c = new Database(path.join(restored, "jwi.sqlite"), { readonly: true });
    try {
      expect(tablesOf(c)).toEqual(tablesOf(a));
      const schema = (db: Database.Database) =>
        db.prepare(`SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name`).all();
      expect(schema(c)).toEqual(schema(a));
      let inLoad = 0;
      for (const table of tablesOf(a)) {
        const got = rowsOf(c, table);
        const live = rowsOf(a, table);
        if (APPENDED.includes(table)) {
          const last = Math.max(0, ...got.map((row) => Number(row.id)));
          // One moment of the live table: every row up to the newest restored one, none after.
          expect(canonical(got), table).toEqual(canonical(live.filter((row) => Number(row.id) <= last)));
          expect(got.length, table).toBeGreaterThanOrEqual(before[table]!);
          inLoad += got.length - before[table]!;
        } else if (COUNTERS.includes(table)) {
          expect(got.length, table).toBeLessThanOrEqual(live.length);
        } else {
          expect(canonical(got), table).toEqual(canonical(live));
        }
      }
      // The snapshot fell during the load: some of its posts are in, and the load went on after it.
      expect(inLoad).toBeGreaterThan(0);
      expect(
        APPENDED.reduce((n, t) => n + rowsOf(a, t).length, 0) - APPENDED.reduce((n, t) => n + rowsOf(c, t).length, 0),
      ).toBeGreaterThan(0);
      expect(c.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      a.close();
      c.close();
    }
  });

  it("the DuckDB store restores table by table", async () => {
    const [a, c] = [await duckTables(live.dataDir), await duckTables(restored)];
    expect(Object.keys(c).length).toBeGreaterThan(0);
    expect(c).toEqual(a);
    expect(c.observations!.rows).toBeGreaterThan(1000);
  });

  it("a server on the restored directory serves the restored publication, community and audit log", async () => {
    const liveHealth = (await getJson(`${live.url}/api/health`)).body;
    const server = await startTestServer({ dataDir: restored });
    try {
      const health = (await getJson(`${server.url}/api/health`)).body;
      expect(health).toMatchObject({
        ok: true,
        published_at: liveHealth.published_at,
        countries_scored: liveHealth.countries_scored,
      });
      const de = (await getJson(`${server.url}/api/countries/de/experiences`)).body;
      expect(de.summary.count).toBeGreaterThan(0);
      const cookie = await login(server.url);
      const audit = (await getJson(`${server.url}/api/admin/audit`, { headers: { cookie } })).body;
      expect(JSON.stringify(audit)).toMatch(/experience\.hide/);
      // The lead posted before the load is the oldest, so it is on the list's last page (newest first; how many the
      // load added depends on the machine's speed).
      const first = await getJson(`${server.url}/api/admin/waiting-list`, { headers: { cookie } });
      expect(first.status).toBe(200);
      const offset = Math.max(0, Number(first.body.total) - 100);
      const last = await getJson(`${server.url}/api/admin/waiting-list?offset=${offset}`, { headers: { cookie } });
      expect(JSON.stringify(last.body)).toContain("visitor-1@example.org");
    } finally {
      await server.stop();
    }
  });
});

/** Re-hashes one file of a backup in its manifest (what a careless or hostile copy does), after `edit`. */
function rehash(dir: string, rel: string, edit: (m: Record<string, unknown>) => void = () => {}): void {
  const file = path.join(dir, "manifest.json");
  const m = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const bytes = readFileSync(path.join(dir, rel));
  for (const f of m.files as { path: string; bytes: number; sha256: string }[])
    if (f.path === rel)
      Object.assign(f, { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  edit(m);
  writeFileSync(file, JSON.stringify(m));
}

describe("what is refused, with nothing left behind", () => {
  /** A copy of the good backup, spoilt by `spoil`. */
  async function spoilt(name: string, spoil: (dir: string) => void | Promise<void>): Promise<string> {
    const dir = path.join(dirs.dir, `spoilt-${name}`);
    cpSync(backup, dir, { recursive: true });
    await spoil(dir);
    return dir;
  }

  it.each([
    [
      "no manifest (a backup cut short)",
      (d: string) => rmSync(path.join(d, "manifest.json")),
      /not a complete backup: it has no manifest\.json/,
    ],
    ["the DuckDB store missing", (d: string) => rmSync(path.join(d, "jwi.duckdb")), /jwi\.duckdb is missing/],
    [
      "a file cut short",
      (d: string) =>
        writeFileSync(path.join(d, "jwi.sqlite"), readFileSync(path.join(d, "jwi.sqlite")).subarray(0, 4096)),
      /jwi\.sqlite has 4096 bytes, the manifest says/,
    ],
    [
      "a byte changed",
      (d: string) => {
        const b = readFileSync(path.join(d, "jwi.duckdb"));
        b[5000] = b[5000]! ^ 0xff;
        writeFileSync(path.join(d, "jwi.duckdb"), b);
      },
      /jwi\.duckdb does not match its SHA-256/,
    ],
    [
      "a store from another backup",
      (d: string) => appendFileSync(path.join(d, "jwi.sqlite"), Buffer.alloc(4096)),
      /jwi\.sqlite has \d+ bytes, the manifest says/,
    ],
    [
      "a file the manifest does not list",
      (d: string) => writeFileSync(path.join(d, "extra.db"), "x"),
      /extra\.db is not in the manifest/,
    ],
    // Issue 49, case 2: random bytes under the name jwi.duckdb, the manifest re-hashed over them, restored with
    // exit 0, and every ingest and recalc failed after. The copy is now opened read-only and queried.
    [
      "a jwi.duckdb that is not a DuckDB file (manifest re-hashed)",
      (d: string) => {
        writeFileSync(path.join(d, "jwi.duckdb"), randomBytes(statSync(path.join(d, "jwi.duckdb")).size));
        rehash(d, "jwi.duckdb");
      },
      /The backup's jwi\.duckdb is not a DuckDB database that opens: .+\. Nothing was restored\./,
    ],
    [
      "the same, from a manifest that predates the store's row counts",
      (d: string) => {
        writeFileSync(path.join(d, "jwi.duckdb"), randomBytes(64 * 1024));
        rehash(d, "jwi.duckdb", (m) => delete m.store_tables);
      },
      /The backup's jwi\.duckdb is not a DuckDB database that opens/,
    ],
    [
      "another DuckDB store under the name (manifest re-hashed, its row counts kept)",
      async (d: string) => {
        rmSync(path.join(d, "jwi.duckdb"));
        rmSync(path.join(d, "jwi.duckdb.wal"), { force: true });
        const other = await DuckDBInstance.create(path.join(d, "jwi.duckdb"));
        const conn = await other.connect();
        await conn.run("CREATE TABLE observations (value DOUBLE)");
        await conn.run("CHECKPOINT");
        conn.closeSync();
        other.closeSync();
        rehash(d, "jwi.duckdb", (m) => {
          m.files = (m.files as { path: string }[]).filter((f) => f.path !== "jwi.duckdb.wal");
        });
      },
      /The restored pipeline store does not hold the manifest's rows \(.*observations.*\)\. Nothing was restored\./,
    ],
    [
      "a manifest of another format",
      (d: string) => {
        const m = JSON.parse(readFileSync(path.join(d, "manifest.json"), "utf8"));
        writeFileSync(path.join(d, "manifest.json"), JSON.stringify({ ...m, version: 99 }));
      },
      /format 99/,
    ],
  ])("%s", async (name, spoil, message) => {
    const dir = await spoilt(name.replace(/\W+/g, "-"), spoil);
    const target = path.join(dirs.dir, `target-${name.replace(/\W+/g, "-")}`);
    const r = await jwi(target, "restore", dir, "--json");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Nothing was restored/);
    expect(r.json()).toMatchObject({ ok: false, error: { code: "rejected", exit: 1 } });
    expect(existsSync(target)).toBe(false);
  });

  it("jwi backup of a data directory whose jwi.duckdb is not a DuckDB file: refused, no backup left", async () => {
    const broken = path.join(dirs.dir, "broken-store");
    mkdirSync(broken);
    cpSync(path.join(restored, "jwi.sqlite"), path.join(broken, "jwi.sqlite"));
    writeFileSync(path.join(broken, "jwi.duckdb"), randomBytes(256 * 1024));
    const target = path.join(dirs.dir, "backup-of-broken");
    const r = await jwi(broken, "backup", target, "--json");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/The pipeline store .*jwi\.duckdb is not a DuckDB database that opens/);
    expect(existsSync(target)).toBe(false);
  });

  it("a data directory that holds data is not restored over", async () => {
    const r = await jwi(restored, "restore", backup);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not empty .*choose a new or empty directory/);
  });

  it("a backup never goes into a directory that holds files, nor into the data directory", async () => {
    const full = path.join(dirs.dir, "full");
    mkdirSync(full);
    writeFileSync(path.join(full, "keep.txt"), "mine");
    const r = await jwi(live.dataDir, "backup", full);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not empty/);
    expect(readFileSync(path.join(full, "keep.txt"), "utf8")).toBe("mine");
    expect((await jwi(live.dataDir, "backup", path.join(live.dataDir, "inside"))).stderr).toMatch(
      /outside the data directory/,
    );
  });

  it("while a data job holds the lock past --wait: exit 1 naming it, and no backup left", async () => {
    const holder = await holdJobLock(live.dataDir, "jwi update (cron)");
    try {
      const target = path.join(dirs.dir, "busy");
      const r = await jwi(live.dataDir, "backup", target, "--wait", "0", "--json");
      expect(r.code).toBe(1);
      expect(r.json()).toMatchObject({ ok: false, error: { code: "busy" } });
      expect(r.stderr).toMatch(/Another data job is running: jwi update \(cron\)/);
      expect(existsSync(target)).toBe(false);
    } finally {
      holder.stop();
    }
  });

  it("usage: a missing directory is exit 2; --help names the exit codes", async () => {
    expect((await jwi(live.dataDir, "backup")).code).toBe(2);
    expect((await jwi(live.dataDir, "restore")).code).toBe(2);
    const help = await jwi(live.dataDir, "backup", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 backed up/);
    expect((await jwi(live.dataDir, "restore", "--help")).stdout).toMatch(/Exit codes: 0 restored/);
  });
});
