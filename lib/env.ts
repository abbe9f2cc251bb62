// Environment of the pipeline and the CLI, validated once with zod. Nothing else reads process.env
// for these names (the API's server variables extend this schema in api/env.ts).
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { DEFAULT_EUROSTAT_BASE_URL } from "./source-links.ts";

const httpUrl = (what: string) =>
  z
    .url({ error: `must be an absolute http(s) URL (${what})` })
    .refine((v) => /^https?:\/\//i.test(v), "must start with http:// or https://");

/** A whole number within bounds, from its text; `dflt` when unset. */
export const intFrom = (name: string, min: number, max: number, dflt: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional()
    .transform((v) => v ?? dflt);

/** The reason a cron pattern is refused, or null when croner accepts it. */
function cronProblem(pattern: string): string | null {
  try {
    new Cron(pattern, { paused: true }).stop();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export const pipelineEnvSchema = z.object({
  JWI_DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Eurostat dissemination API, JSON-stat data endpoint (`{base}/{table}?…`); no trailing slash needed. */
  JWI_EUROSTAT_BASE_URL: httpUrl("the Eurostat statistics API data endpoint")
    .transform((v) => v.replace(/\/+$/, ""))
    .default(DEFAULT_EUROSTAT_BASE_URL),
  /** Where the European Labour Market Barometer workbook (.xlsx) is downloaded; unset: the barometer is not fetched. */
  JWI_BAROMETER_URL: httpUrl("the barometer workbook").optional(),
  /** Built-in update schedule of `jwi serve` (cron pattern, server time); unset: off. */
  JWI_UPDATE_CRON: z
    .string()
    .trim()
    .min(1, "must be a cron pattern such as `30 6 * * *`")
    .superRefine((v, ctx) => {
      const problem = cronProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: `not a valid cron pattern ("${v}"): ${problem}` });
    })
    .optional(),
  /** Per-attempt time limit of one download (headers and body), in milliseconds. */
  JWI_FETCH_TIMEOUT_MS: intFrom("JWI_FETCH_TIMEOUT_MS", 100, 600_000, 60_000),
  /** Retries after a failed attempt (429, 5xx, network error, timeout, cut-off body). */
  JWI_FETCH_RETRIES: intFrom("JWI_FETCH_RETRIES", 0, 10, 3),
  /** First backoff wait in milliseconds; doubles per retry (with jitter), at most 60 s per wait. */
  JWI_FETCH_BACKOFF_MS: intFrom("JWI_FETCH_BACKOFF_MS", 0, 60_000, 2_000),
  /**
   * How long a data job (ingest, recalc, update, upload) waits for a running one to finish before giving up and
   * naming it, in seconds (the CLI's --wait overrides it).
   */
  JWI_LOCK_WAIT_S: intFrom("JWI_LOCK_WAIT_S", 0, 3600, 30),
  /** Pause between two requests of one run, in milliseconds (politeness toward the publisher). */
  JWI_FETCH_PAUSE_MS: intFrom("JWI_FETCH_PAUSE_MS", 0, 60_000, 500),
  /**
   * Public origin of the site, named in the User-Agent of downloads. The API's schema (api/env.ts)
   * redefines it with its default; here it is optional.
   */
  JWI_PUBLIC_ORIGIN: z.string().trim().min(1).optional(),
});

export type PipelineEnv = z.infer<typeof pipelineEnvSchema>;

/** Formats every bad variable, one per line, for a start-up error. */
export function formatEnvIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`).join("\n");
}

export function readPipelineEnv(env: NodeJS.ProcessEnv = process.env): PipelineEnv {
  const parsed = pipelineEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${formatEnvIssues(parsed.error)}`);
  }
  return { ...parsed.data, JWI_DATA_DIR: path.resolve(parsed.data.JWI_DATA_DIR) };
}
