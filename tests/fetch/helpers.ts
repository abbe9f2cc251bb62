// Runs `jwi` in-process against a stand-in server, with short timeouts and no backoff, and reads the store back.
import { Writable } from "node:stream";
import { run } from "../../cli/jwi.ts";
import type { FetchSummary } from "../../pipeline/fetch/update.ts";
import type { StandIn } from "./stand-in.ts";

class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json<T = unknown>(): T;
}

/** The environment of a CLI run against `server`: tests never leave loopback, and never wait long. */
export function standInEnv(dataDir: string, server: StandIn, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    JWI_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    JWI_EUROSTAT_BASE_URL: server.url,
    JWI_FETCH_TIMEOUT_MS: "400",
    JWI_FETCH_RETRIES: "2",
    JWI_FETCH_BACKOFF_MS: "5",
    JWI_FETCH_PAUSE_MS: "0",
    JWI_PUBLIC_ORIGIN: "https://jobweather.example",
    ...extra,
  };
}

export async function jwiEnv(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await run(argv, { stdout, stderr, env });
  return { code, stdout: stdout.text, stderr: stderr.text, json: <T>() => JSON.parse(stdout.text) as T };
}

export const byTable = (s: FetchSummary, table: string) => {
  const t = s.tables.find((x) => x.table === table);
  if (!t) throw new Error(`no outcome for ${table} in ${s.tables.map((x) => x.table).join(", ")}`);
  return t;
};

export interface StatusJson {
  data: Array<{
    data_type: string;
    table: string;
    series: string;
    country: string;
    newest_period: string;
    observations: number;
  }>;
  tables: Array<{
    table: string;
    observations: number;
    ingests: number;
    lastCheckedAt: string | null;
    lastStatus: string | null;
    lastReason: string | null;
  }>;
  published: { published_at: string | null; countries: Array<{ code: string; score: number | null }> };
}

/** Observations and ingests per table, from `jwi status --json`. */
export async function storeCounts(
  env: NodeJS.ProcessEnv,
): Promise<Record<string, { observations: number; ingests: number }>> {
  const r = await jwiEnv(env, "status", "--json");
  if (r.code !== 0) throw new Error(r.stderr);
  const status = r.json<StatusJson>();
  return Object.fromEntries(status.tables.map((t) => [t.table, { observations: t.observations, ingests: t.ingests }]));
}
