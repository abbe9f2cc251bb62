// The server entry: validated environment → serving database + pipeline → seed an empty data dir from the
// bundled real fixtures → listen. SIGTERM/SIGINT finish in-flight requests, then close the databases.
import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import path from "node:path";
import type { RequestHandler } from "express";
import { SQLITE_FILE } from "../pipeline/index.ts";
import { createChildPipeline, type ChildPipeline } from "../pipeline/jobs/child.ts";
import type { Logger } from "../lib/logger.ts";
import { updateScheduleFromEnv } from "../pipeline/fetch/schedule.ts";
import { SCHEDULE_ACTOR, SEED_ACTOR } from "../pipeline/job-audit.ts";
import type { UpdateSummary } from "../pipeline/fetch/update.ts";
import { openServingDb, type ServingDb } from "../pipeline/serving-db.ts";
import { readStoreStatus } from "../pipeline/store-status.ts";
import { API_HEADERS, createApp, requestListener, type JwiApp } from "../api/app.ts";
import { guardConnections } from "./connection-guard.ts";
import { PublishedStore } from "../api/db/published.ts";
import { applyApiSchema } from "../api/db/schema.ts";
import { configFromEnv, readApiEnv, type ApiEnv, type AppConfig } from "../api/env.ts";
import { answerClientError } from "./http/request-limits.ts";
import { createServerLogger } from "../lib/logger.ts";
import { startRetentionSweeps } from "../api/retention.ts";

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
  /** Clock of the API's reads (tests pin it; which scores may be shown depends on the month). */
  now?: () => Date;
}

export interface RunningServer {
  url: string;
  port: number;
  app: JwiApp;
  db: ServingDb;
  /** Runs every data job in a child process (pipeline/jobs/child.ts). */
  pipeline: ChildPipeline;
  config: AppConfig;
  logger: Logger;
  /** Stops accepting connections, waits for in-flight requests, closes the databases. Idempotent. */
  close(): Promise<void>;
  /** Settles once the server has closed (by close() or a signal). */
  closed: Promise<void>;
}

/**
 * Loads the bundled real fixtures into an empty store and publishes scores when nothing is published yet (one
 * job, in the job child). Never synthetic files: visitors only ever see real numbers. Skipped without starting a
 * job when the serving database already says the store holds data and something is published.
 */
/** How long the server must have had no request before it draws a card ahead (ms). */
const QUIET_MS = 1000;

async function ensureSeeded(pipeline: ChildPipeline, logger: Logger, asOf?: string): Promise<void> {
  const held = readStoreStatus(pipeline.servingDb);
  if (held.copiedAt !== null && held.observations > 0 && new PublishedStore(pipeline.servingDb).latestId() > 0) return;
  logger.info(
    "first start on this data directory: loading the bundled real files (fixtures/real) and publishing scores",
  );
  const outcome = await pipeline.seed({ asOf }, { command: "seed bundled data (server start)", actor: SEED_ACTOR });
  if (outcome.published) logger.info(outcome.published, "scores computed and published");
}

/** The variables a job child needs from the outside besides the validated ones (where node and temp files are). */
const PASSED_THROUGH = ["PATH", "HOME", "TMPDIR", "TMP", "TEMP", "LANG", "TZ", "SYSTEMROOT"];

function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const name of PASSED_THROUGH) if (process.env[name] !== undefined) out[name] = process.env[name];
  return { ...out, ...env };
}

/** The serving database and the job child, the API's tables made and an empty data dir seeded; both closed on failure. */
async function openData(
  opts: StartServerOptions,
  env: ApiEnv,
  dataDir: string,
  logger: Logger,
): Promise<{ db: ServingDb; pl: ChildPipeline }> {
  const db = openServingDb(path.join(dataDir, SQLITE_FILE));
  const pl = createChildPipeline({
    dataDir,
    servingDb: db,
    env: childEnv(opts.env ?? process.env),
    logger,
    lockWaitMs: env.JWI_LOCK_WAIT_S * 1000,
    memoryMb: env.JWI_JOB_MEMORY_MB,
    timeoutMs: env.JWI_JOB_TIMEOUT_S * 1000,
    updateTimeoutMs: env.JWI_UPDATE_TIMEOUT_S * 1000,
  });
  try {
    // WAL + synchronous=NORMAL: commits stay atomic and the file consistent; only the last commits before a
    // power cut may be lost. Saves one fsync per community write (see the bench figures).
    db.pragma("synchronous = NORMAL");
    applyApiSchema(db);
    await ensureSeeded(pl, logger, opts.seedAsOf);
  } catch (err) {
    await pl.stop();
    db.close();
    throw err;
  }
  return { db, pl };
}

/** What runs beside the requests: share cards drawn ahead, the leads retention sweeps, the optional update schedule. */
function startBackgroundWork(
  app: JwiApp,
  pl: ChildPipeline,
  env: ApiEnv,
  config: AppConfig,
  opts: StartServerOptions,
  logger: Logger,
) {
  // Share cards nobody has asked for yet are drawn while the server is idle: no card to draw for a request, and no
  // visitor's request for a second (api/app.ts, api/share-card-images.ts). On a small machine a drawing thread
  // takes a core from the pages.
  if (config.drawCardsAhead)
    app.shareCards.startDrawingAhead({ quiet: () => performance.now() - app.lastRequestAt >= QUIET_MS });
  // Personal data is kept no longer than the privacy page says (api/retention.ts).
  const retention = startRetentionSweeps({
    stores: app.services,
    retentionDays: config.leadsRetentionDays,
    now: opts.now ?? (() => new Date()),
    logger,
  });
  // The optional built-in schedule (JWI_UPDATE_CRON, off by default) runs `jwi update` in the job child, under the
  // same one-job-at-a-time lock as uploads, recalcs and every `jwi` command.
  const schedule = updateScheduleFromEnv({
    pipeline: pl,
    env,
    logger,
    job: async (signal) => {
      const summary = (await pl.update(
        { recalc: true },
        { command: "update (schedule)", waitMs: 0, signal, actor: SCHEDULE_ACTOR },
      )) as UpdateSummary;
      app.services.read.refresh();
      return summary;
    },
  });
  return { retention, schedule };
}

/** The node:http server of the app with its limits, listening; its URL as a person would type it. */
async function listen(
  app: JwiApp,
  config: AppConfig,
  logger: Logger,
  port: number,
  host: string | undefined,
): Promise<{ server: http.Server; url: string; port: number }> {
  // A slow client (a body trickling in, headers never finished) is cut off; at most maxConnections at once, and
  // at most maxConnectionsPerAddress of them from one client (server/connection-guard.ts).
  const server = http.createServer(
    {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      // How often those limits are checked (Node checks every 30 s by default).
      connectionsCheckingInterval: 1000,
    },
    requestListener(app),
  );
  // What Node's parser refuses (headers over 16 KB, a URL too long, not HTTP, too slow) answers in the JSON
  // error shape instead of Node's bare status line.
  server.on("clientError", (err: Error, socket: Duplex) => answerClientError(err, socket, API_HEADERS));
  server.keepAliveTimeout = 5_000;
  server.maxConnections = config.http.maxConnections;
  const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  guardConnections(server, {
    perAddress: config.http.maxConnectionsPerAddress,
    trusted: (address) => trusted(address, 0),
    // No address in the log (request logs hold none either: personal data).
    onLimited: () =>
      logger.warn(
        { limit: config.http.maxConnectionsPerAddress },
        "one client address holds the most connections it may: its new ones are closed",
      ),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const shownHost = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${actualPort}`;
  return { server, url, port: actualPort };
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const env = readApiEnv(opts.env ?? process.env); // throws, listing every bad variable
  const config: AppConfig = { ...configFromEnv(env), ...opts.config };
  const logger = opts.logger ?? createServerLogger(env.LOG_LEVEL);
  const dataDir = path.resolve(opts.dataDir ?? env.JWI_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const { db, pl } = await openData(opts, env, dataDir, logger);
  const app = createApp({ db, pipeline: pl, logger, config, siteHandler: opts.siteHandler, now: opts.now });
  const { retention, schedule } = startBackgroundWork(app, pl, env, config, opts, logger);
  const { server, url, port: actualPort } = await listen(app, config, logger, opts.port ?? env.PORT, opts.host);

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
      retention.stop();
      await app.shareCards.close();
      await schedule?.stop();
      await pl.stop();
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
