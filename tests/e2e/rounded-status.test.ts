// The rounded-status rule through the whole pipeline (model v2.1, docs/model.md §5): a country whose score is
// 6.95 … 6.999 is shown 7.0, so it is bright and "Rather favorable" in `jwi recalc --json`, in the API and on
// its server-rendered page, never "7.0" and cloudy.
//
// The input is real and cut, with one value moved: Eurostat's une_rt_m answer (fixtures/real/eurostat/une_rt_m.json)
// cut to Germany as the API answers `?geo=DE` (tests/fetch/stand-in.ts answerQuery), with Germany's July 2025
// unemployment rate changed from 3.8 to 3.9. As of 2026-11-22 that moves Germany's momentum (July 2026, 4.0,
// against the year before) from +0.2 to +0.1 points, and its score from 6.931 (cloudy, shown 6.9) to 6.996.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_MODEL_ID } from "../../pipeline/model/current.ts";
import type { RunningServer } from "../../server/start.ts";
import { startSiteServer } from "../../server/main.ts";
import { answerQuery } from "../fetch/stand-in.ts";
import { fixture, jwi, tempDataDir } from "../helpers/cli.ts";
import type { GoldenRecalc } from "../helpers/golden.ts";
import { AS_OF, NOW, PUBLIC_ORIGIN, ensureBuilt } from "./harness.ts";

/** The real une_rt_m answer cut to Germany, with DE 2025-07 moved from 3.8 to 3.9 (see above). */
function germanyNearSeven(): string {
  const real = JSON.parse(readFileSync(fixture("real", "eurostat", "une_rt_m.json"), "utf8")) as Record<string, any>;
  const cut = JSON.parse(answerQuery(real, new URLSearchParams({ geo: "DE" })).body) as Record<string, any>;
  const key = String(cut.dimension.time.category.index["2025-07"]);
  expect(cut.value[key]).toBe(3.8);
  cut.value[key] = 3.9;
  return JSON.stringify(cut);
}

describe("a score of 6.95 … 6.999 is shown 7.0 and is bright everywhere", () => {
  const tmp = tempDataDir("jwi-rounded-");
  let server: RunningServer;
  let recalc: GoldenRecalc;

  beforeAll(async () => {
    ensureBuilt();
    const file = path.join(tmp.dir, "une_rt_m_DE_2025-07_moved.json");
    writeFileSync(file, germanyNearSeven());
    const ingest = await jwi(tmp.dir, "ingest", file, "--type", "unemployment", "--json");
    expect(ingest.code, ingest.stderr).toBe(0);
    const r = await jwi(tmp.dir, "recalc", "--as-of", AS_OF, "--json");
    expect(r.code, r.stderr).toBe(0);
    recalc = r.json<GoldenRecalc>();
    server = await startSiteServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: tmp.dir,
      env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
      config: { env: "test", httpLog: false, publicOrigin: PUBLIC_ORIGIN, drawCardsAhead: false },
      handleSignals: false,
      now: () => NOW,
      shutdownTimeoutMs: 2_000,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it("jwi recalc --json: a score below 7 whose shown value is 7.0 is bright, Rather favorable", () => {
    const de = recalc.countries.find((c) => c.code === "DE")!;
    expect(de.score).toBeGreaterThanOrEqual(6.95);
    expect(de.score).toBeLessThan(7);
    expect(de).toMatchObject({ status: "bright", label: "Rather favorable", basis: "historical-only" });
    expect(recalc.model).toBe(CURRENT_MODEL_ID);
  });

  it("the API says bright for /api/countries/DE and in the list", async () => {
    const one = await fetch(`${server.url}/api/countries/DE`);
    expect(one.status).toBe(200);
    const body = (await one.json()) as { score: number; status: string; label: string };
    expect(body.score).toBeLessThan(7);
    expect(body).toMatchObject({ status: "bright", label: "Rather favorable" });
    const list = (await (await fetch(`${server.url}/api/countries`)).json()) as Array<{ code: string; status: string }>;
    expect(list.find((c) => c.code === "DE")?.status).toBe("bright");
  });

  it("the server-rendered page shows 7.0 with the bright status and label", async () => {
    const res = await fetch(`${server.url}/country/de`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const score = /data-testid="score"[^>]*>([^<]*)</.exec(html)?.[1];
    expect(score).toBe("7.0");
    expect(html).toContain("Bright Job Market");
    expect(html).toContain("Rather favorable");
    expect(html).toMatch(/class="wx wx-bright /);
    // In what the page shows: its data (the language's message catalogue, docs/i18n.md) names every status.
    expect(html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("Cloudy Job Market");
    // The title the page is shared with says the same.
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/^Germany Job Market 2026: Bright, 7\.0\/10 \|/);
  });
});
