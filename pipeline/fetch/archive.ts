// The raw-response archive: every downloaded body is kept as JWI_DATA_DIR/raw/<sha256>.<ext>, written to a
// temp file and renamed (a crash never leaves half a file under a real name). Identical bodies share one file.
// Replay one with `jwi ingest JWI_DATA_DIR/raw/<sha256>.json --type <type>`.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export const RAW_DIR = "raw";

export interface ArchivedFile {
  sha256: string;
  /** Relative to the data dir: `raw/<sha256>.json`. */
  file: string;
  bytes: number;
}

const sha256Of = (body: Buffer): string => createHash("sha256").update(body).digest("hex");

export async function archiveRaw(dataDir: string, body: Buffer, extension: ".json" | ".xlsx"): Promise<ArchivedFile> {
  const sha256 = sha256Of(body);
  const dir = path.join(dataDir, RAW_DIR);
  const name = `${sha256}${extension}`;
  const target = path.join(dir, name);
  const result = { sha256, file: path.join(RAW_DIR, name), bytes: body.length };
  if (existsSync(target)) return result;
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temp, body, { flag: "wx" });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return result;
}
