// The server's built-in update schedule (JWI_UPDATE_CRON, off by default): on each tick, the same update as
// `jwi update`, under the pipeline's one-job lock. A tick while another data job runs (an upload, a recalc, a
// previous update) is skipped and logged; an upload during a scheduled run gets BusyError (HTTP 409).
import { Cron } from "croner";
import type { PipelineEnv } from "../../lib/env.ts";
import { BusyError } from "../../lib/errors.ts";
import type { LockedPipeline, Pipeline } from "../job-contract.ts";
import type { Logger } from "../../lib/logger.ts";
import { fetchOptionsFromEnv, type FetchOptions } from "./options.ts";
import { exitCodeOf, updateLocked, type UpdateSummary } from "./update.ts";

type TickResult =
  | { status: "done"; summary: UpdateSummary }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string };

export interface UpdateScheduleOptions {
  pipeline: Pipeline;
  /** Cron pattern, croner syntax: 5 fields (minute precision) or 6 (seconds first); server time unless `timezone`. */
  cron: string;
  logger: Logger;
  /**
   * The work of one tick, run while it holds the pipeline's lock. Default: the update (fetch everything, recalc
   * if anything changed) with `options`.
   */
  run?: (locked: LockedPipeline, signal: AbortSignal) => Promise<UpdateSummary>;
  /**
   * The whole job of one tick, taking the lock itself: how the server runs it, in its job child
   * (pipeline/jobs/child.ts). When given, `run` and `options` are not used.
   */
  job?: (signal: AbortSignal) => Promise<UpdateSummary>;
  /** The updater's options (needed unless `run` or `job` is given); see `fetchOptionsFromEnv`. */
  options?: FetchOptions;
  /** IANA time zone of the pattern (default: the server's). */
  timezone?: string;
}

export interface UpdateSchedule {
  readonly cron: string;
  /** When the next tick is due (null once stopped). */
  nextRun(): Date | null;
  /** Runs one tick now, exactly as the timer does (skipped when busy). */
  trigger(): Promise<TickResult>;
  /** True while a tick of this schedule runs. */
  isRunning(): boolean;
  /** Stops the timer and cancels a running update (its remaining downloads end as cancelled); resolves once it has ended. */
  stop(): Promise<void>;
}

const BUSY_REASON = "another data job (upload, recalculation or update) is running";

export function startUpdateSchedule(opts: UpdateScheduleOptions): UpdateSchedule {
  const { pipeline, cron, logger } = opts;
  if (!opts.run && !opts.options && !opts.job) {
    throw new Error("startUpdateSchedule needs `options` (the updater's configuration), `run` or `job`.");
  }
  const controller = new AbortController();
  const work =
    opts.run ??
    ((locked: LockedPipeline, signal: AbortSignal) =>
      updateLocked(locked, { ...opts.options!, signal, logger: opts.options!.logger ?? logger }));
  let current: Promise<TickResult> | null = null;

  const tick = async (): Promise<TickResult> => {
    if (current !== null || pipeline.isBusy()) {
      logger.warn({ cron }, `scheduled update skipped: ${BUSY_REASON}`);
      return { status: "skipped", reason: BUSY_REASON };
    }
    const started = Date.now();
    logger.info({ cron }, "scheduled update started");
    current = (async (): Promise<TickResult> => {
      try {
        // waitMs 0: a tick never queues behind an upload; it is skipped and the next one tries again.
        const summary = opts.job
          ? await opts.job(controller.signal)
          : await pipeline.exclusive((locked) => work(locked, controller.signal), {
              command: "update (schedule)",
              waitMs: 0,
            });
        // A run that failed (every table, or the recalc) is an error, one where some tables failed a warning: an
        // operator's log alerting sees them; the audit log and the data status say the same.
        const exitCode = exitCodeOf(summary);
        const level = summary.outcome === "failed" ? "error" : exitCode === 0 ? "info" : "warn";
        logger[level](
          {
            cron,
            outcome: summary.outcome,
            exit_code: exitCode,
            counts: summary.counts,
            changed: summary.changed,
            recalc: summary.recalc,
            ms: Date.now() - started,
          },
          level === "info"
            ? "scheduled update finished"
            : `scheduled update ${summary.outcome === "failed" ? "failed" : "finished with failures"}`,
        );
        return { status: "done", summary };
      } catch (err) {
        if (err instanceof BusyError) {
          logger.warn({ cron }, `scheduled update skipped: ${BUSY_REASON}`);
          return { status: "skipped", reason: BUSY_REASON };
        }
        const error = err instanceof Error ? err.message : String(err);
        logger.error({ cron, err: error }, "scheduled update failed");
        return { status: "failed", error };
      }
    })();
    try {
      return await current;
    } finally {
      current = null;
    }
  };

  const job = new Cron(cron, { timezone: opts.timezone, unref: true, catch: true }, () => {
    void tick();
  });
  logger.info({ cron, next_run: job.nextRun()?.toISOString() ?? null }, "update schedule started");

  return {
    cron,
    nextRun: () => job.nextRun(),
    trigger: tick,
    isRunning: () => current !== null,
    async stop() {
      job.stop();
      controller.abort();
      if (current) await current;
    },
  };
}

/**
 * The schedule the environment asks for: null when JWI_UPDATE_CRON is unset (the default). What `jwi serve`
 * calls after seeding; `stop()` it on shutdown before closing the pipeline.
 */
export function updateScheduleFromEnv(args: {
  pipeline: Pipeline;
  env: PipelineEnv;
  logger: Logger;
  options?: Partial<FetchOptions>;
  job?: UpdateScheduleOptions["job"];
}): UpdateSchedule | null {
  if (!args.env.JWI_UPDATE_CRON) return null;
  return startUpdateSchedule({
    pipeline: args.pipeline,
    cron: args.env.JWI_UPDATE_CRON,
    logger: args.logger,
    job: args.job,
    options: fetchOptionsFromEnv(args.env, { logger: args.logger, ...args.options }),
  });
}
