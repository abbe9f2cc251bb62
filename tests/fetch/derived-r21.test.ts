// The jvs_q_r21 answer the stand-in serves (fixtures/derived/, built from the real CSV sample): it reads as a
// Eurostat answer with A-T pinned, and holds exactly the CSV's values wherever the CSV is bundled.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLED_FIXTURES_DIR } from "../../pipeline/seed.ts";
import { parseEurostat } from "../../pipeline/sources/eurostat/parse.ts";
import { DERIVED_R21_FILE } from "./stand-in.ts";

const parsed = parseEurostat(readFileSync(DERIVED_R21_FILE), "vacancy");
const newest = (geo: string) =>
  parsed.observations.filter((o) => o.geo === geo).sort((a, b) => (a.period < b.period ? 1 : -1))[0];

/** The real CSV sample, wherever under fixtures/real it is bundled; null while it is not. */
function findCsv(dir = BUNDLED_FIXTURES_DIR): string | null {
  if (!existsSync(dir)) return null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findCsv(full);
      if (found) return found;
    } else if (entry.name === "jvs_q_r21_NL_PL_RO.csv") return full;
  }
  return null;
}
const CSV = findCsv();

describe("the derived jvs_q_r21 answer", () => {
  it("reads as table jvs_q_r21 with nace_r2_1=A-T pinned (no B-T in it), and says so", () => {
    expect([parsed.table, parsed.unit]).toEqual(["jvs_q_r21", "JVR"]);
    expect(parsed.notes).toContain("Series: freq=Q, nace_r2_1=A-T, sizeclas=TOTAL, s_adj=SA, indic_em=JVR.");
    expect(parsed.notes.some((n) => n.startsWith("Job vacancy rate of the whole economy (nace_r2_1=A-T)"))).toBe(true);
    expect(parsed.observations).toHaveLength(207);
    expect(parsed.warnings).toEqual([{ type: "missing_value", detail: "BG: in the file, but without any value." }]);
  });

  it("holds the sample's newest values: NL 2025-Q4 4.0, PL 2026-Q1 0.8, RO 2026-Q2 0.5", () => {
    expect([newest("NL")?.period, newest("NL")?.value]).toEqual(["2025-Q4", 4]);
    expect([newest("PL")?.period, newest("PL")?.value]).toEqual(["2026-Q1", 0.8]);
    expect([newest("RO")?.period, newest("RO")?.value]).toEqual(["2026-Q2", 0.5]);
  });

  it.skipIf(CSV === null)("holds exactly the values of the bundled CSV sample", () => {
    const [header, ...lines] = readFileSync(CSV!, "utf8").trim().split(/\r?\n/);
    const col = header!.split(",");
    const rows = lines.map((l) => Object.fromEntries(l.split(",").map((c, i) => [col[i], c])));
    const fromCsv = rows
      .filter((r) => r.value !== "" && r.nace_r2_1 === "A-T" && r.s_adj === "SA")
      .map((r) => `${r.geo} ${r.time} ${Number(r.value)}`)
      .sort();
    expect(parsed.observations.map((o) => `${o.geo} ${o.period} ${o.value}`).sort()).toEqual(fromCsv);
  });
});
