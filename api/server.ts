// The server entry: validated environment → serving database + pipeline → seed an empty data dir from the
// bundled real fixtures → listen. SIGTERM/SIGINT finish in-flight requests, then close the databases.
import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { RequestHandler } from "express";
import { openPipeline, SQLITE_FILE, type Pipeline } from "../pipeline/index.ts";
import type { Logger } from "../pipeline/logger.ts";
import { updateScheduleFromEnv } from "../pipeline/fetch/schedule.ts";
import { ingestBundled } from "../pipeline/seed.ts";
import { openServingDb, type ServingDb } from "../pipeline/serving-db.ts";
import { createApp, requestListener, type JwiApp } from "./app.ts";
import { PublishedStore } from "./db/published.ts";
import { applyApiSchema } from "./db/schema.ts";
import { configFromEnv, readApiEnv, type AppConfig } from "./env.ts";
import { createServerLogger } from "./logger.ts";

export interface StartServerOptions {
  /** Port to listen on (0: a free one); default PORT from the environment, else 3000. */
  port?: number;
  /** Interface to bind (default: all). */
  host?: string;
  /** Data folder; default JWI_DATA_DIR. */
  dataDir?: string;
  /** Environment to validate (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Overrides of the configuration built from the environment (tests, benches). */
  config?: Partial<AppConfig>;
  logger?: Logger;
  siteHandler?: RequestHandler;
  /** Install SIGTERM/SIGINT handlers that close the server gracefully (default true). */
  handleSignals?: boolean;
  /** as-of date of the first recalc when seeding an empty data dir (default today). */
  seedAsOf?: string;
  /** How long close() waits for in-flight requests before cutting connections (default 10 s). */
  shutdownTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  app: JwiApp;
  db: ServingDb;
  pipeline: Pipeline;
  config: AppConfig;
  logger: Logger;
  /** Stops accepting connections, waits for in-flight requests, closes the databases. Idempotent. */
  close(): Promise<void>;
  /** Settles once the server has closed (by close() or a signal). */
  closed: Promise<void>;
}

/**
 * Loads the bundled real fixtures into an empty store and publishes scores when nothing is published yet.
 * Never synthetic files: visitors only ever see real numbers.
 */
export async function ensureSeeded(pipeline: Pipeline, logger: Logger, asOf?: string): Promise<void> {
  const status = await pipeline.status();
  if (status.data.length === 0) {
    logger.info("empty data store: loading the bundled real Eurostat files (fixtures/real)");
    await ingestBundled(pipeline);
  }
  if (new PublishedStore(pipeline.servingDb).latestId() === 0) {
    const summary = await pipeline.recalc({ asOf });
    logger.info({ as_of: summary.as_of, countries_scored: summary.countries_scored }, "scores computed and published");
  }
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const env = readApiEnv(opts.env ?? process.env); // throws, listing every bad variable
  const config: AppConfig = { ...configFromEnv(env), ...opts.config };
  const logger = opts.logger ?? createServerLogger(env.LOG_LEVEL);
  const dataDir = path.resolve(opts.dataDir ?? env.JWI_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const db = openServingDb(path.join(dataDir, SQLITE_FILE));
  let pipeline: Pipeline | undefined;
  try {
    // WAL + synchronous=NORMAL: commits stay atomic and the file consistent; only the last commits before a
    // power cut may be lost. Saves one fsync per community write (see the bench figures).
    db.pragma("synchronous = NORMAL");
    applyApiSchema(db);
    pipeline = await openPipeline({ dataDir, servingDb: db });
    await ensureSeeded(pipeline, logger, opts.seedAsOf);
  } catch (err) {
    pipeline?.close();
    db.close();
    throw err;
  }
  const pl = pipeline;

  const app = createApp({ db, pipeline: pl, logger, config, siteHandler: opts.siteHandler });
  // The optional built-in schedule (JWI_UPDATE_CRON, off by default) runs `jwi update` under the same
  // one-job-at-a-time lock as uploads and recalcs.
  const schedule = updateScheduleFromEnv({ pipeline: pl, env, logger });
  const server = http.createServer(requestListener(app));
  server.keepAliveTimeout = 5_000;
  const port = opts.port ?? env.PORT;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const shownHost = !opts.host || opts.host === "0.0.0.0" || opts.host === "::" ? "localhost" : opts.host;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${actualPort}`;

  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  let closing: Promise<void> | null = null;

  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    void close();
  };
  const handleSignals = opts.handleSignals ?? true;
  if (handleSignals) {
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      if (handleSignals) {
        process.off("SIGTERM", onSignal);
        process.off("SIGINT", onSignal);
      }
      const force = setTimeout(() => server.closeAllConnections(), opts.shutdownTimeoutMs ?? 10_000);
      force.unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(force);
      await schedule?.stop();
      pl.close();
      db.close();
      logger.info("server closed");
      try {
        logger.flush();
      } catch {
        /* a destination that cannot flush (tests) */
      }
      resolveClosed();
    })();
    return closing;
  }

  logger.info({ url, dataDir, updateCron: env.JWI_UPDATE_CRON ?? null }, "Job Weather Index is serving");
  return { url, port: actualPort, app, db, pipeline: pl, config, logger, close, closed };
}
