// `jwi backup DIR` and `jwi restore DIR` (pipeline/backup.ts; docs/operations.md, "Backups").
import path from "node:path";
import type { BackupManifest } from "../../pipeline/backup.ts";
import { assertDataDir, progress, writeLine, type CommandContext } from "../io.ts";

export interface BackupCommandOptions {
  json?: boolean;
  /** Seconds to wait for a running data job before the DuckDB store is copied. */
  wait?: number;
}

const waitMsOf = (ctx: CommandContext, opts: BackupCommandOptions) => (opts.wait ?? ctx.env.JWI_LOCK_WAIT_S) * 1000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The rows of the tables an operator asks about first: what visitors wrote and what the operator did. */
function keyRows(tables: Record<string, number>): string {
  const named: Array<[string, string]> = [
    ["experiences", "community posts"],
    ["waiting_list", "waiting-list requests"],
    ["contact_messages", "contact messages"],
    ["audit_log", "audit entries"],
    ["publications", "publications"],
  ];
  return named
    .filter(([t]) => t in tables)
    .map(([t, words]) => `${tables[t]} ${words}`)
    .join(", ");
}

function summary(manifest: BackupManifest) {
  return {
    created_at: manifest.created_at,
    product_version: manifest.product_version,
    publication_id: manifest.publication_id,
    files: manifest.files.length,
    bytes: manifest.files.reduce((n, f) => n + f.bytes, 0),
    tables: manifest.tables,
  };
}

export async function backupCommand(ctx: CommandContext, dir: string, opts: BackupCommandOptions): Promise<void> {
  assertDataDir(ctx.dataDir);
  const { backupDataDir } = await import("../../pipeline/backup.ts");
  const bar = progress(ctx.io);
  bar.step("backing up the data directory");
  let manifest: BackupManifest;
  try {
    manifest = await backupDataDir(ctx.dataDir, dir, {
      command: `jwi backup ${dir}`,
      waitMs: waitMsOf(ctx, opts),
    });
  } finally {
    bar.done();
  }
  const s = summary(manifest);
  if (opts.json) {
    writeLine(ctx.io.stdout, JSON.stringify({ ok: true, backup: path.resolve(dir), ...s }, null, 2));
    return;
  }
  writeLine(
    ctx.io.stdout,
    `Backed up ${path.resolve(ctx.dataDir)} into ${path.resolve(dir)}: ${s.files} files, ${megabytes(s.bytes)}.`,
  );
  writeLine(ctx.io.stdout, `  serving store at ${manifest.created_at}: ${keyRows(manifest.tables)}`);
  writeLine(ctx.io.stdout, `  every file's SHA-256 is in ${path.join(path.resolve(dir), "manifest.json")}`);
  writeLine(ctx.io.stdout, `Restore it with: JWI_DATA_DIR=<new directory> jwi restore ${dir}`);
}

export async function restoreCommand(ctx: CommandContext, dir: string, opts: BackupCommandOptions): Promise<void> {
  const { restoreDataDir } = await import("../../pipeline/backup.ts");
  const bar = progress(ctx.io);
  bar.step("checking and restoring the backup");
  let restored: Awaited<ReturnType<typeof restoreDataDir>>;
  try {
    restored = await restoreDataDir(dir, ctx.dataDir, { command: `jwi restore ${dir}`, waitMs: waitMsOf(ctx, opts) });
  } finally {
    bar.done();
  }
  const s = summary(restored.manifest);
  if (opts.json) {
    writeLine(ctx.io.stdout, JSON.stringify({ ok: true, data_dir: restored.dataDir, ...s }, null, 2));
    return;
  }
  writeLine(
    ctx.io.stdout,
    `Restored the backup of ${restored.manifest.created_at} into ${restored.dataDir}: ${s.files} files, every one matching the manifest.`,
  );
  writeLine(ctx.io.stdout, `  ${keyRows(restored.tables)}; publication ${s.publication_id}`);
  writeLine(ctx.io.stdout, `Serve it with: JWI_DATA_DIR=${restored.dataDir} jwi serve`);
}
