// CI guard: replaying the bundled real fixtures must give the reviewed scores of
// fixtures/expected/recalc-2026-11-22.json. A mismatch writes a `-changed` copy to diff; this test never
// rewrites the golden file (that is `npm run golden:update`, a deliberate, reviewed act).
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../pipeline/seed.ts";
import { fixture, jwi, tempDataDir } from "./helpers/cli.ts";
import { compareGolden, type GoldenRecalc } from "./helpers/golden.ts";
import { seedDataDir } from "./api/helpers.ts";

const GOLDEN = fixture("expected", "recalc-2026-11-22.json");
const CHANGED = fixture("expected", "recalc-2026-11-22-changed.json");

/**
 * The manifest with its tables in reverse order. Within one table the snapshots keep their
 * order (oldest release first): a newer release replacing an older one is the point of loading several.
 */
function manifestFiles() {
  const files = readManifest();
  const tables = [...new Set(files.map((f) => f.table))].reverse();
  return tables.flatMap((t) => files.filter((f) => f.table === t));
}

async function replayReverse(): Promise<GoldenRecalc> {
  const tmp = tempDataDir();
  try {
    const files = manifestFiles();
    for (const f of files) {
      const r = await jwi(tmp.dir, "ingest", fixture("real", f.file), "--type", f.type, "--json");
      expect(r.code, `${f.file}: ${r.stdout}${r.stderr}`).toBe(0);
    }
    const out = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json");
    expect(out.code, out.stderr).toBe(0);
    return out.json<GoldenRecalc>();
  } finally {
    tmp.cleanup();
  }
}

/**
 * The manifest's own order: the run's pipeline template is exactly that (tests/helpers/seed-templates.ts, every file
 * through the pipeline's ingest in manifest order), recalculated here through `jwi recalc`. Every file's own `jwi
 * ingest` is checked in tests/cli.test.ts; the reverse order below goes through `jwi ingest` file by file, so the two
 * doors must agree byte for byte.
 */
async function forwardFromTemplate(): Promise<GoldenRecalc> {
  const tmp = tempDataDir();
  try {
    await seedDataDir(tmp.dir);
    const out = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json");
    expect(out.code, out.stderr).toBe(0);
    return out.json<GoldenRecalc>();
  } finally {
    tmp.cleanup();
  }
}

describe("golden recalc over the bundled real fixtures", () => {
  let forward: GoldenRecalc;
  beforeAll(async () => {
    forward = await forwardFromTemplate();
  });
  afterAll(() => {});

  it("matches the reviewed golden output (score ±0.001, statuses exact)", () => {
    const expected = JSON.parse(readFileSync(GOLDEN, "utf8")) as GoldenRecalc;
    const problems = compareGolden(expected, forward);
    if (problems.length) writeFileSync(CHANGED, `${JSON.stringify(forward, null, 2)}\n`);
    expect(problems).toEqual([]);
  });

  it("gives the same output byte for byte when the tables are ingested in reverse order", async () => {
    const reverse = await replayReverse();
    // The publication id counts the data dir's publications: the template's copy has published once already.
    const bytes = (r: GoldenRecalc) => JSON.stringify({ ...r, publication_id: null });
    expect(bytes(reverse)).toBe(bytes(forward));
  });

  it("lists each table's snapshots together, in release order (the newest last)", () => {
    const files = readManifest();
    const seen: string[] = [];
    for (const f of files) {
      if (seen.at(-1) !== f.table) {
        expect(seen, `${f.table}'s files must be listed together`).not.toContain(f.table);
        seen.push(f.table);
      }
    }
    // Release order per data type and table (model v2.2 §1 (c)): undated files first, then by release date.
    for (const key of new Set(files.map((f) => `${f.type}|${f.table}`))) {
      const releases = files.filter((f) => `${f.type}|${f.table}` === key).map((f) => f.release ?? "");
      expect(releases, key).toEqual([...releases].sort());
    }
    const une = files.filter((f) => f.table === "une_rt_m" && f.type === "unemployment").map((f) => f.release);
    expect(une).toEqual([null, "2025-06-06", "2026-09-22", "2026-09-22"]);
    expect(files.filter((f) => f.table === "jvs_q_r21").map((f) => f.release)).toEqual([
      null,
      "2026-09-15",
      "2026-09-15",
    ]);
    // DG ECFIN's two releases of the EEI (model v2.3: the last day of each file's newest month).
    expect(files.filter((f) => f.table === "ecfin_eei").map((f) => f.release)).toEqual(["2025-08-31", "2025-11-30"]);
  });

  it("covers all 31 countries and gives Liechtenstein no number", () => {
    expect(forward.countries).toHaveLength(31);
    const li = forward.countries.find((c) => c.code === "LI")!;
    expect(li.score).toBeNull();
    expect(li.status).toBeNull();
  });
});

describe("the golden comparison itself", () => {
  const base: GoldenRecalc = {
    model: "v2",
    as_of: "2026-11-22",
    countries: [
      {
        code: "DE",
        score: 6.5,
        status: "cloudy",
        label: "Mixed/average",
        confidence: "medium",
        basis: "historical-only",
        cover: 1,
        anchor_month: "2026-07",
        yoy: 0,
      },
    ],
  };
  const moved = (patch: Partial<GoldenRecalc["countries"][0]>): GoldenRecalc => ({
    ...base,
    countries: [{ ...base.countries[0]!, ...patch }],
  });

  it("tolerates a move of at most 0.001", () => {
    expect(compareGolden(base, moved({ score: 6.5009 }))).toEqual([]);
  });
  it("fails on a larger move, a status change or a lost score", () => {
    expect(compareGolden(base, moved({ score: 6.502 }))).toHaveLength(1);
    expect(compareGolden(base, moved({ status: "bright" }))).toHaveLength(1);
    expect(compareGolden(base, moved({ score: null }))).toHaveLength(1);
  });
});
