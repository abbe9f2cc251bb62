// `jwi update` when the barometer URL serves a zip bomb: the download goes through the same archive check and
// parse worker as an upload, so the bomb is refused quickly with its reason, nothing of it is stored, and the
// Eurostat tables of the same run are unaffected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpdateSummary } from "../../pipeline/fetch/update.ts";
import { tempDataDir } from "../helpers/cli.ts";
import { lyingBomb, ratioBomb } from "../helpers/xlsx-bombs.ts";
import { byTable, jwiEnv, standInEnv, storeCounts } from "./helpers.ts";
import { startStandIn, type StandIn } from "./stand-in.ts";

describe("jwi update with a zip bomb at the barometer URL", () => {
  let server: StandIn;
  const tmp = tempDataDir("jwi-fetch-bomb-");
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = await startStandIn({ barometer: await lyingBomb(500) });
    env = standInEnv(tmp.dir, server, { JWI_BAROMETER_URL: server.barometerUrl });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it("refuses a bomb whose headers lie (500 MB inside 3 MB) with the reason, stores nothing of it, carries on", async () => {
    const r = await jwiEnv(env, "update", "--json");
    const summary = r.json<UpdateSummary>();
    const lmb = byTable(summary, "lmb");
    console.log(
      `jwi update, lying bomb at the barometer URL: lmb ${lmb.status} in ${lmb.duration_ms} ms: ${lmb.reason}`,
    );
    expect(lmb.status).toBe("failed");
    expect(lmb.reason).toMatch(
      /^rejected by validation, nothing stored: Part "xl\/worksheets\/sheet1\.xml" of this workbook unpacks to more than \d+ KB, not the 40 KB its archive declares/,
    );
    expect(lmb.ingest_id ?? null).toBeNull();
    expect(lmb.duration_ms).toBeLessThan(10_000);
    expect(byTable(summary, "une_rt_m").status).toBe("fetched");
    const counts = await storeCounts(env);
    expect(counts.lmb?.observations ?? 0).toBe(0);
    expect(counts.lmb?.ingests ?? 0).toBe(0);
    expect(counts.une_rt_m!.observations).toBeGreaterThan(0);
  });

  it("refuses a ratio bomb (300 MB from 2 MB) without starting a parse", async () => {
    await server.close();
    server = await startStandIn({ barometer: await ratioBomb(300) });
    env = standInEnv(tmp.dir, server, { JWI_BAROMETER_URL: server.barometerUrl });
    const r = await jwiEnv(env, "fetch", "--type", "lmb", "--json");
    expect(r.code).toBe(3); // every table tried failed
    const lmb = byTable(r.json<UpdateSummary>(), "lmb");
    expect(lmb.status).toBe("failed");
    expect(lmb.reason).toContain("would unpack to 300 MB; the limit per part is 32 MB");
    expect(lmb.duration_ms).toBeLessThan(5_000);
    expect((await storeCounts(env)).lmb?.observations ?? 0).toBe(0);
  });
});
