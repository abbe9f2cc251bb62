// How the updater is configured: from the validated environment (lib/env.ts) for the CLI and the server,
// or by hand in tests (short timeouts, no backoff).
import type { PipelineEnv } from "../../lib/env.ts";
import { PRODUCT_VERSION } from "../../lib/paths.ts";
import type { Logger } from "../../lib/logger.ts";
import type { HttpOptions } from "./http.ts";

const PRODUCT_NAME_UA = "JobWeatherIndex";

/** `JobWeatherIndex/0.1.0 (+https://jobweather.example)`: who is asking, and where to find them. */
export function userAgent(publicOrigin?: string | null): string {
  const origin = publicOrigin?.trim().replace(/\/+$/, "");
  return `${PRODUCT_NAME_UA}/${PRODUCT_VERSION}${origin ? ` (+${origin})` : ""}`;
}

/** One step of a run, for a progress line. */
interface FetchProgress {
  table: string;
  step: "request" | "ingest";
}

export interface FetchOptions {
  /** Eurostat statistics API data endpoint (JWI_EUROSTAT_BASE_URL). */
  baseUrl: string;
  /** The barometer workbook (JWI_BAROMETER_URL); null: the barometer is skipped with a note. */
  barometerUrl: string | null;
  http: HttpOptions;
  /** Pause between two requests of one run. */
  pauseMs: number;
  /** A table whose newest period is older than this looks frozen (default FROZEN_AFTER_MONTHS). */
  frozenAfterMonths?: number;
  /** Clock (tests pin it). */
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Stops the run between (and during) downloads; the tables not reached are reported as failed (cancelled). */
  signal?: AbortSignal;
  logger?: Logger;
  onProgress?: (p: FetchProgress) => void;
}

/** The updater's options from the environment; `overrides` for what the caller knows better (logger, progress). */
export function fetchOptionsFromEnv(env: PipelineEnv, overrides: Partial<FetchOptions> = {}): FetchOptions {
  return {
    baseUrl: env.JWI_EUROSTAT_BASE_URL,
    barometerUrl: env.JWI_BAROMETER_URL ?? null,
    pauseMs: env.JWI_FETCH_PAUSE_MS,
    ...overrides,
    http: {
      userAgent: userAgent(env.JWI_PUBLIC_ORIGIN),
      timeoutMs: env.JWI_FETCH_TIMEOUT_MS,
      retries: env.JWI_FETCH_RETRIES,
      backoffMs: env.JWI_FETCH_BACKOFF_MS,
      ...overrides.http,
    },
  };
}
