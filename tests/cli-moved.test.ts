// `jwi recalc` and `jwi ingest` say which countries moved (score as shown or status, from → to, why), against the
// previous publication: pipeline/moved.ts, one function for every door (docs/interfaces.md).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MovedCountry } from "../pipeline/moved.ts";
import { bundledStore } from "./helpers/bundled-store.ts";
import { formatScore } from "../product/format.ts";
import { jwi, tempDataDir } from "./helpers/cli.ts";
import { revisedUnemploymentCube } from "./helpers/revised-unemployment.ts";

const AS_OF = "2026-11-20";

describe("jwi recalc / ingest: what moved", () => {
  const tmp = tempDataDir("jwi-moved-");
  afterAll(() => tmp.cleanup());

  beforeAll(async () => {
    // Every bundled file stored (its ingest, file by file, is tests/cli.test.ts's), nothing published yet.
    await bundledStore(tmp.dir);
    const first = await jwi(tmp.dir, "recalc", "--as-of", AS_OF, "--json");
    expect(first.code, first.stderr).toBe(0);
    // The first publication has nothing to compare with.
    expect(first.json<{ moved: MovedCountry[] }>().moved).toEqual([]);
  }, 120_000);

  it("an unchanged recalc moves nothing and says so", async () => {
    const json = await jwi(tmp.dir, "recalc", "--as-of", AS_OF, "--json");
    expect(json.json<{ moved: MovedCountry[] }>().moved).toEqual([]);
    const human = await jwi(tmp.dir, "recalc", "--as-of", AS_OF);
    expect(human.stdout).toContain("Nothing changed");
    expect(human.stdout).toContain("Moved: none.");
  });

  it("a revised file: ingest says what the next recalc moves, the recalc lists it from → to with why", async () => {
    // The ingest's preview scores as of today (what the next `jwi recalc` would publish): publish today first, so that
    // the preview and the recalc below differ from the publication by the revised file alone, not by a month of ageing.
    const today = await jwi(tmp.dir, "recalc", "--json");
    expect(today.code, today.stderr).toBe(0);
    const file = path.join(tmp.dir, "une_rt_m.json");
    writeFileSync(file, revisedUnemploymentCube(1.5, "RO"));
    const ingest = await jwi(tmp.dir, "ingest", file, "--type", "unemployment", "--json");
    expect(ingest.code, ingest.stderr).toBe(0);
    const preview = ingest.json<{ moved: MovedCountry[] }>().moved;
    expect(preview.map((m) => m.code)).toEqual(["RO"]);

    const human = await jwi(tmp.dir, "recalc");
    expect(human.code, human.stderr).toBe(0);
    const lines = human.stdout.split("\n");
    const at = lines.indexOf("Moved:");
    expect(at, human.stdout).toBeGreaterThan(-1);
    const ro = preview[0]!;
    expect(ro.from).not.toBeNull();
    expect(ro.to).not.toBeNull();
    expect(ro.to!).toBeLessThan(ro.from!); // more unemployment, a lower score
    expect(lines[at + 1]).toContain(`RO ${formatScore(ro.from!)} → ${formatScore(ro.to!)}`);
    expect(lines[at + 1]).toMatch(/unemployment/i);
    // The move splits into its market part (unemployment's level moved) and its evidence part, adding up to it.
    expect(Math.abs(ro.market! + ro.evidence! - (ro.to! - ro.from!))).toBeLessThan(1e-9);
    expect(ro.market!).toBeLessThan(0);
    expect(Math.round((ro.market_shown! + ro.evidence_shown!) * 10)).toBe(
      Math.round(Number(formatScore(ro.to!)) * 10) - Math.round(Number(formatScore(ro.from!)) * 10),
    );
    expect(lines[at + 1]).toMatch(/; market −\d\.\d, evidence [−+]?\d\.\d\)|\(market −\d\.\d, evidence [−+]?\d\.\d\)/);
    expect(lines[at + 2]).not.toMatch(/^ {2}[A-Z]{2} /); // RO alone

    // Published now: a second recalc moves nothing; the JSON of the one that published carried the same list.
    const again = await jwi(tmp.dir, "recalc", "--json");
    expect(again.json<{ moved: MovedCountry[] }>().moved).toEqual([]);
  }, 120_000);

  it("ingest --json keeps its upload result and lists what would move; a file that changes nothing lists no moves", async () => {
    const file = path.join(tmp.dir, "une_rt_m.json");
    const same = await jwi(tmp.dir, "ingest", file, "--type", "unemployment", "--json");
    expect(same.code).toBe(0);
    const r = same.json<{ success: boolean; inserted: number; updated: number; moved?: unknown }>();
    expect(r.success).toBe(true);
    expect(r.inserted + r.updated).toBe(0);
    expect(r.moved).toBeUndefined();
  });
});
