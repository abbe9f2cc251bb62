// The built-in schedule inside the real server: with JWI_UPDATE_CRON set, `jwi serve` checks the sources by
// itself, under the same lock as operator uploads; without it, nothing is fetched.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../api/server.ts";
import { tempDataDir } from "../helpers/cli.ts";
import { standInEnv } from "./helpers.ts";
import { startStandIn, type StandIn } from "./stand-in.ts";

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe("JWI_UPDATE_CRON in the server", () => {
  let standIn: StandIn;
  const tmp = tempDataDir();
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    tmp.cleanup();
  });

  it("is off by default: serving fetches nothing", async () => {
    const server = await startServer({ env: standInEnv(tmp.dir, standIn, { PORT: "0" }), handleSignals: false, seedAsOf: "2026-11-22" });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(standIn.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("runs the update on its schedule and records the check in source_status", async () => {
    let server: RunningServer | undefined;
    try {
      server = await startServer({
        env: standInEnv(tmp.dir, standIn, { PORT: "0", JWI_UPDATE_CRON: "* * * * * *" }),
        handleSignals: false,
        seedAsOf: "2026-11-22",
      });
      await until(() => standIn.requestsOf("une_rt_m").length > 0);
      const s = server;
      await until(() => !s.pipeline.isBusy() && (s.db.prepare("SELECT count(*) AS n FROM source_status WHERE last_checked_at IS NOT NULL").get() as { n: number }).n > 0);
    } finally {
      await server?.close();
    }
  });
});
