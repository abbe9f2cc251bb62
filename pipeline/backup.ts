// Backups of a data directory and their restore (`jwi backup DIR`, `jwi restore DIR`; docs/operations.md, "Backups").
//
// A backup is a directory holding
// - jwi.sqlite: a consistent snapshot of the serving store, taken while the server runs and writes (VACUUM INTO: one
//   read transaction, so every community post, lead and audit entry is in it or not, never half; WAL readers do not
//   block the server's writers);
// - jwi.duckdb (and its .wal when one is left): the pipeline's store, copied while this command holds the job lock,
//   so no job has it open (only jobs open DuckDB: docs/architecture.md, "Jobs");
// - raw/: the downloads kept for replay (pipeline/fetch/archive.ts), copied under the same lock;
// - manifest.json, written last: what the backup holds, file by file with its size and SHA-256, and the row count
//   of every table of the snapshot and of the DuckDB copy (each opened read-only and queried: a copy that is not
//   a database its engine opens is refused, not shipped). A directory without it is a backup cut short.
// A restore checks all of it before it writes anything, into a data directory that holds no store yet, and opens
// both restored stores read-only (SQLite's integrity check, DuckDB's tables) before it calls the restore done.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import Database from "better-sqlite3";
import { InputError } from "../lib/errors.ts";
import { RAW_DIR } from "./fetch/archive.ts";
import { acquireJobLock, HOLDER_FILE, LOCK_FILE } from "./jobs/lock.ts";
import { PRODUCT_VERSION } from "../lib/paths.ts";

/** The stores' file names in a data directory (pipeline/index.ts names them too; kept here to stay import-light). */
const BACKUP_SQLITE = "jwi.sqlite";
const BACKUP_DUCKDB = "jwi.duckdb";
const MANIFEST_FILE = "manifest.json";
const FORMAT = "jwi-backup";
const FORMAT_VERSION = 1;

interface BackupFile {
  /** Relative to the backup (and to the data directory): `jwi.sqlite`, `raw/<sha256>.json`. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  /** The product version that wrote it (package.json). */
  product_version: string;
  files: BackupFile[];
  /** Rows of every table of the serving store's snapshot. */
  tables: Record<string, number>;
  /**
   * Rows of every table of the pipeline store's copy (jwi.duckdb), read from the copy opened read-only. Absent in
   * backups written before it was kept; a restore then only checks that the copy opens and answers.
   */
  store_tables?: Record<string, number>;
  /** The newest publication in the snapshot (0: none). */
  publication_id: number;
}

export interface BackupOptions {
  /** The command, as the job lock names its holder (`jwi backup /srv/backups/x`). */
  command: string;
  /** How long to wait for a running job before giving up (ms). */
  waitMs: number;
  now?: () => Date;
}

const sha256File = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex");

function fileEntry(root: string, rel: string): BackupFile {
  const abs = path.join(root, rel);
  return { path: rel.split(path.sep).join("/"), bytes: statSync(abs).size, sha256: sha256File(abs) };
}

/** The rows of every table of a SQLite file, and its newest publication. */
function tablesOf(file: string): { tables: Record<string, number>; publication: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = db
        .prepare(`SELECT count(*) FROM "${name.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number;
    const publication = names.includes("publications")
      ? ((db.prepare(`SELECT coalesce(max(id), 0) FROM publications`).pluck().get() as number) ?? 0)
      : 0;
    return { tables, publication };
  } finally {
    db.close();
  }
}

/**
 * The rows of every table of a DuckDB file (with its .wal beside it, when one is), opened read-only: a file DuckDB
 * cannot open or query (random bytes, a truncated copy) is an InputError naming `what`, never a store handed on.
 */
async function storeTablesOf(file: string, what: string): Promise<Record<string, number>> {
  let instance: DuckDBInstance;
  try {
    instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  } catch (err) {
    throw new InputError(`${what} is not a DuckDB database that opens: ${firstLine(err)}. Nothing was restored.`, {
      cause: err,
    });
  }
  try {
    const conn = await instance.connect();
    try {
      const names = (
        await conn.runAndReadAll(
          `SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() ORDER BY table_name`,
        )
      )
        .getRowsJS()
        .map(([name]) => String(name));
      const tables: Record<string, number> = {};
      for (const name of names) {
        const rows = await conn.runAndReadAll(`SELECT count(*) FROM "${name.replace(/"/g, '""')}"`);
        tables[name] = Number(rows.getRowsJS()[0]![0]);
      }
      return tables;
    } catch (err) {
      throw new InputError(`${what} opens but cannot be read: ${firstLine(err)}. Nothing was restored.`, {
        cause: err,
      });
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

const firstLine = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split("\n")[0]!.replace(/\.$/, "");

/** The raw downloads of a data directory (finished files only: a download being written is a dot-file). */
function rawFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, RAW_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith(".") && statSync(path.join(dir, name)).isFile())
    .sort()
    .map((name) => path.join(RAW_DIR, name));
}

/** A directory that does not exist yet or is empty; anything else is refused (a backup never overwrites one). */
function emptyTarget(dir: string, what: string, ignore: readonly string[] = []): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new InputError(`${what} ${dir} is a file, not a directory.`);
  const present = readdirSync(dir).filter((name) => !ignore.includes(name));
  if (present.length > 0)
    throw new InputError(
      `${what} ${dir} is not empty (it holds ${present.slice(0, 3).join(", ")}${present.length > 3 ? ", …" : ""}): choose a new or empty directory.`,
    );
}

/**
 * Backs up `dataDir` into `target` (a new or empty directory): the serving store's snapshot at once, then, under
 * the job lock, the DuckDB store and the raw downloads; the manifest last. A failure removes what it wrote.
 */
export async function backupDataDir(dataDir: string, target: string, opts: BackupOptions): Promise<BackupManifest> {
  const source = path.resolve(dataDir);
  const dest = path.resolve(target);
  if (!existsSync(path.join(source, BACKUP_SQLITE)))
    throw new InputError(`${source} holds no serving store (${BACKUP_SQLITE}): there is nothing to back up.`);
  if (dest === source || dest.startsWith(`${source}${path.sep}`))
    throw new InputError(`The backup must go outside the data directory ${source}.`);
  emptyTarget(dest, "The backup directory");
  const created = !existsSync(dest);
  mkdirSync(dest, { recursive: true });
  const written: string[] = [];
  try {
    // 1. The serving store, while the server goes on writing: one read transaction.
    const snapshot = path.join(dest, BACKUP_SQLITE);
    const db = new Database(path.join(source, BACKUP_SQLITE), { fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      written.push(BACKUP_SQLITE);
      db.prepare("VACUUM INTO ?").run(snapshot);
    } finally {
      db.close();
    }
    // 2. The pipeline's store and the downloads, while no job can change them.
    const lock = await acquireJobLock(source, opts.command, { waitMs: opts.waitMs });
    const copied: string[] = [];
    try {
      for (const name of [BACKUP_DUCKDB, `${BACKUP_DUCKDB}.wal`]) {
        if (!existsSync(path.join(source, name))) continue;
        written.push(name);
        copyFileSync(path.join(source, name), path.join(dest, name));
        copied.push(name);
      }
      const raws = rawFiles(source);
      if (raws.length) mkdirSync(path.join(dest, RAW_DIR), { recursive: true });
      for (const rel of raws) {
        written.push(rel);
        copyFileSync(path.join(source, rel), path.join(dest, rel));
        copied.push(rel);
      }
    } finally {
      lock.release();
    }
    // 3. What it holds, checked from the copies themselves; the manifest last, under its name only when whole.
    const { tables, publication } = tablesOf(snapshot);
    const storeTables = existsSync(path.join(dest, BACKUP_DUCKDB))
      ? await storeTablesOf(path.join(dest, BACKUP_DUCKDB), `The pipeline store ${path.join(source, BACKUP_DUCKDB)}`)
      : undefined;
    const manifest: BackupManifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: (opts.now ?? (() => new Date()))().toISOString(),
      product_version: PRODUCT_VERSION,
      files: [BACKUP_SQLITE, ...copied].map((rel) => fileEntry(dest, rel)),
      tables,
      ...(storeTables ? { store_tables: storeTables } : {}),
      publication_id: publication,
    };
    const tmp = path.join(dest, `.${MANIFEST_FILE}.tmp`);
    written.push(`.${MANIFEST_FILE}.tmp`);
    writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(tmp, path.join(dest, MANIFEST_FILE));
    return manifest;
  } catch (err) {
    for (const rel of written) rmSync(path.join(dest, rel), { force: true });
    rmSync(path.join(dest, RAW_DIR), { recursive: true, force: true });
    if (created) rmSync(dest, { recursive: true, force: true });
    throw err;
  }
}

/** Reads a backup's manifest and checks every file against it; the manifest when all is whole, else InputError. */
function verifyBackup(dir: string): BackupManifest {
  const root = path.resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new InputError(`There is no backup directory ${root}.`);
  const manifestFile = path.join(root, MANIFEST_FILE);
  if (!existsSync(manifestFile))
    throw new InputError(
      `${root} is not a complete backup: it has no ${MANIFEST_FILE} (a backup writes it last, so this one was cut short or is not a backup). Nothing was restored.`,
    );
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest;
  } catch {
    throw new InputError(`${manifestFile} is not valid JSON: the backup is damaged. Nothing was restored.`);
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.files))
    throw new InputError(`${manifestFile} is not the manifest of a jwi backup. Nothing was restored.`);
  if (manifest.version !== FORMAT_VERSION)
    throw new InputError(
      `The backup is of format ${String(manifest.version)}; this jwi (${PRODUCT_VERSION}) reads format ${FORMAT_VERSION}. Nothing was restored.`,
    );
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const required of [BACKUP_SQLITE, BACKUP_DUCKDB])
    if (!listed.has(required))
      throw new InputError(
        `The backup's manifest lists no ${required}: it is not a whole backup. Nothing was restored.`,
      );
  const problems: string[] = [];
  for (const f of manifest.files) {
    if (typeof f.path !== "string" || f.path.startsWith("/") || f.path.split("/").includes("..")) {
      problems.push(`${String(f.path)}: not a path inside the backup`);
      continue;
    }
    const abs = path.join(root, ...f.path.split("/"));
    if (!existsSync(abs)) {
      problems.push(`${f.path} is missing`);
      continue;
    }
    const bytes = statSync(abs).size;
    if (bytes !== f.bytes) problems.push(`${f.path} has ${bytes} bytes, the manifest says ${f.bytes}`);
    else if (sha256File(abs) !== f.sha256) problems.push(`${f.path} does not match its SHA-256 in the manifest`);
  }
  const present = [
    ...readdirSync(root).filter((n) => n !== MANIFEST_FILE && n !== RAW_DIR),
    ...(existsSync(path.join(root, RAW_DIR))
      ? readdirSync(path.join(root, RAW_DIR)).map((n) => `${RAW_DIR}/${n}`)
      : []),
  ];
  for (const name of present) if (!listed.has(name)) problems.push(`${name} is not in the manifest`);
  if (problems.length)
    throw new InputError(
      `The backup in ${root} does not match its manifest: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? `; and ${problems.length - 5} more` : ""}. Nothing was restored.`,
      { problems },
    );
  return manifest;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  dataDir: string;
  /** Rows of every table of the restored serving store (equal to the manifest's). */
  tables: Record<string, number>;
}

/**
 * Restores a backup into `dataDir`, which must hold no store (a new or empty directory). Everything is checked
 * first (verifyBackup); the files are copied under temporary names, checked again, then renamed; the restored
 * serving store must pass SQLite's integrity check and hold the manifest's rows. A failure removes what it wrote.
 */
export async function restoreDataDir(
  backupDir: string,
  dataDir: string,
  opts: { command: string; waitMs: number },
): Promise<RestoreSummary> {
  const manifest = verifyBackup(backupDir);
  const root = path.resolve(backupDir);
  const dest = path.resolve(dataDir);
  if (dest === root) throw new InputError("Restore into another directory than the backup itself.");
  emptyTarget(dest, "The data directory", [LOCK_FILE, HOLDER_FILE]);
  const created = !existsSync(dest);
  mkdirSync(dest, { recursive: true });
  const lock = await acquireJobLock(dest, opts.command, { waitMs: opts.waitMs });
  const temps: string[] = [];
  const placed: string[] = [];
  let restored = false;
  try {
    for (const f of manifest.files) {
      const to = path.join(dest, ...f.path.split("/"));
      mkdirSync(path.dirname(to), { recursive: true });
      const tmp = `${to}.restoring`;
      temps.push(tmp);
      copyFileSync(path.join(root, ...f.path.split("/")), tmp);
      if (sha256File(tmp) !== f.sha256)
        throw new InputError(`${f.path} changed while it was copied. Nothing was restored.`);
    }
    for (const f of manifest.files) {
      const to = path.join(dest, ...f.path.split("/"));
      renameSync(`${to}.restoring`, to);
      placed.push(to);
    }
    const db = new Database(path.join(dest, BACKUP_SQLITE), { fileMustExist: true });
    try {
      const check = db.pragma("integrity_check", { simple: true });
      if (check !== "ok")
        throw new InputError(`The restored serving store fails SQLite's integrity check (${String(check)}).`);
      db.pragma("journal_mode = WAL");
    } finally {
      db.close();
    }
    const { tables } = tablesOf(path.join(dest, BACKUP_SQLITE));
    const differ = Object.keys({ ...manifest.tables, ...tables }).filter((t) => manifest.tables[t] !== tables[t]);
    if (differ.length)
      throw new InputError(`The restored serving store does not hold the manifest's rows (${differ.join(", ")}).`);
    // The pipeline store: opened read-only and queried, so that a copy that is not a database (its manifest
    // re-hashed over random bytes) is refused here rather than failing every ingest and recalc after.
    const storeTables = await storeTablesOf(path.join(dest, BACKUP_DUCKDB), `The backup's ${BACKUP_DUCKDB}`);
    if (manifest.store_tables) {
      const expected = manifest.store_tables;
      const off = Object.keys({ ...expected, ...storeTables }).filter((t) => expected[t] !== storeTables[t]);
      if (off.length)
        throw new InputError(
          `The restored pipeline store does not hold the manifest's rows (${off.join(", ")}). Nothing was restored.`,
        );
    }
    restored = true;
    return { manifest, dataDir: dest, tables };
  } finally {
    lock.release();
    if (!restored) {
      // Back to what it was: an empty directory, or none.
      for (const file of [...temps, ...placed]) rmSync(file, { force: true });
      for (const suffix of ["-wal", "-shm"]) rmSync(path.join(dest, `${BACKUP_SQLITE}${suffix}`), { force: true });
      rmSync(path.join(dest, RAW_DIR), { recursive: true, force: true });
      if (created) rmSync(dest, { recursive: true, force: true });
    }
  }
}
