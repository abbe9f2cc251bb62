// The built-in schedule: its update and a manual upload never run at once (the pipeline's one-job lock), a tick
// while busy is skipped and logged, the cron timer fires, stop() cancels a running update.
import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BusyError } from "../../lib/errors.ts";
import { fetchOptionsFromEnv } from "../../pipeline/fetch/options.ts";
import { startUpdateSchedule, updateScheduleFromEnv, type UpdateSchedule } from "../../pipeline/fetch/schedule.ts";
import type { UpdateSummary } from "../../pipeline/fetch/update.ts";
import { readPipelineEnv } from "../../lib/env.ts";
import { openPipeline, type Pipeline } from "../../pipeline/index.ts";
import { acquireJobLock } from "../../pipeline/jobs/lock.ts";
import { fixture, tempDataDir } from "../helpers/cli.ts";
import { standInEnv } from "./helpers.ts";
import { startStandIn, type StandIn } from "./stand-in.ts";

function captureLogger() {
  const lines: Array<{ msg: string; level: number } & Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

const manualUpload = (pipeline: Pipeline) =>
  pipeline.ingest({
    fileName: "jvs_q_nace2.json",
    content: readFileSync(fixture("real", "eurostat", "jvs_q_nace2.json")),
    dataType: "vacancy",
    origin: "upload",
  });

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe("the built-in update schedule", () => {
  let server: StandIn;
  let pipeline: Pipeline;
  let schedule: UpdateSchedule | null = null;
  const tmp = tempDataDir("jwi-sched-");

  beforeAll(async () => {
    server = await startStandIn();
    pipeline = await openPipeline({ dataDir: tmp.dir });
  });
  afterEach(async () => {
    await schedule?.stop();
    schedule = null;
  });
  afterAll(async () => {
    pipeline.close();
    await server.close();
    tmp.cleanup();
  });

  const options = () =>
    fetchOptionsFromEnv(readPipelineEnv(standInEnv(tmp.dir, server)), { barometerUrl: server.barometerUrl });

  it("runs the real update under the lock: a manual upload meanwhile gets BusyError", async () => {
    const { logger, lines } = captureLogger();
    schedule = startUpdateSchedule({ pipeline, cron: "0 6 * * *", logger, options: options() });
    expect(schedule.nextRun()!.getTime()).toBeGreaterThan(Date.now());
    server.fault("une_rt_m", { kind: "delay", ms: 300 });
    const tick = schedule.trigger();
    await until(() => server.requestsOf("une_rt_m").length > 0);
    expect(pipeline.isBusy()).toBe(true);
    await expect(manualUpload(pipeline)).rejects.toBeInstanceOf(BusyError);
    await expect(pipeline.recalc()).rejects.toBeInstanceOf(BusyError);
    const result = await tick;
    expect(result.status).toBe("done");
    const summary = (result as { summary: UpdateSummary }).summary;
    expect(summary.counts.fetched).toBeGreaterThanOrEqual(7); // six Eurostat tables and the barometer
    expect(summary.recalc).toMatchObject({ ok: true });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(["update schedule started", "scheduled update started", "scheduled update finished"]),
    );
    // Once it is over, the upload goes through.
    expect((await manualUpload(pipeline)).success).toBe(true);
  });

  it("skips (and logs) a tick while a manual upload holds the lock, and a tick while its own run is going", async () => {
    const { logger, lines } = captureLogger();
    let ran = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    schedule = startUpdateSchedule({
      pipeline,
      cron: "0 6 * * *",
      logger,
      run: async () => {
        ran++;
        await gate;
        return { counts: {}, outcome: "ok" } as unknown as UpdateSummary;
      },
    });

    const upload = await acquireJobLock(tmp.dir, "upload jvs_q_nace2.json (operator admin)"); // an upload in progress
    expect(await schedule.trigger()).toEqual({
      status: "skipped",
      reason: expect.stringContaining("another data job"),
    });
    expect(ran).toBe(0);
    expect(lines.find((l) => l.msg.startsWith("scheduled update skipped"))).toMatchObject({
      level: 40,
      cron: "0 6 * * *",
    });
    upload.release();

    const first = schedule.trigger();
    await until(() => ran === 1);
    expect(schedule.isRunning()).toBe(true);
    expect((await schedule.trigger()).status).toBe("skipped");
    await expect(manualUpload(pipeline)).rejects.toBeInstanceOf(BusyError);
    release();
    expect((await first).status).toBe("done");
    expect(ran).toBe(1);
  });

  it("fires on its cron pattern", async () => {
    const { logger } = captureLogger();
    let ran = 0;
    schedule = startUpdateSchedule({
      pipeline,
      cron: "* * * * * *", // every second
      logger,
      run: async () => {
        ran++;
        return { counts: {}, outcome: "ok" } as unknown as UpdateSummary;
      },
    });
    await until(() => ran > 0, 3000);
    expect(ran).toBeGreaterThan(0);
  });

  it("stop() cancels a running update: the tables it did not reach end as cancelled, nothing half-stored", async () => {
    const { logger } = captureLogger();
    schedule = startUpdateSchedule({ pipeline, cron: "0 6 * * *", logger, options: options() });
    server.fault("une_rt_m", { kind: "delay", ms: 2000 });
    const seen = server.requestsOf("une_rt_m").length;
    const tick = schedule.trigger();
    await until(() => server.requestsOf("une_rt_m").length > seen);
    await schedule.stop();
    const result = await tick;
    expect(result.status).toBe("done");
    const summary = (result as { summary: UpdateSummary }).summary;
    expect(summary.tables[0]).toMatchObject({
      table: "une_rt_m",
      status: "failed",
      reason: expect.stringMatching(/^cancelled/),
    });
    expect(summary.tables.every((t) => t.status === "failed" || t.status === "skipped")).toBe(true);
    expect(pipeline.isBusy()).toBe(false);
  });

  it("is off unless JWI_UPDATE_CRON is set", () => {
    const { logger } = captureLogger();
    expect(updateScheduleFromEnv({ pipeline, env: readPipelineEnv(standInEnv(tmp.dir, server)), logger })).toBeNull();
    schedule = updateScheduleFromEnv({
      pipeline,
      env: readPipelineEnv(standInEnv(tmp.dir, server, { JWI_UPDATE_CRON: "30 6 * * *" })),
      logger,
    });
    expect(schedule?.cron).toBe("30 6 * * *");
    expect(schedule!.nextRun()!.getMinutes()).toBe(30);
  });
});
