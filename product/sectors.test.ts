// What a visitor's `sector` parameter names, how a pick finds a country's rate (the finest aggregate loaded, then the
// newer revision), how much older a sector figure is than the headline rate, and a trend's change over a year.
import { describe, expect, it } from "vitest";
import {
  compactTrend,
  pickSector,
  quarterPlus,
  quartersBehind,
  readSectorChoice,
  ROLE_FAMILY_SECTORS,
  sectorChoice,
  sectorCodes,
  yearChange,
  type SectorRate,
} from "./sectors.ts";

const rate = (over: Partial<SectorRate>): SectorRate => ({
  revision: "nace_r2",
  code: "O-Q",
  value: 2,
  period: "2025-Q3",
  flag: null,
  table: "ei_lmjv_q_r2",
  s_adj: "SA",
  all_sectors: 2.5,
  eu_value: null,
  part_of: null,
  ...over,
});

describe("readSectorChoice", () => {
  const J = sectorChoice("J");

  it("reads a NACE code, a role family and every sector; any case, with or without role-", () => {
    expect(readSectorChoice("O-Q", J).choice).toMatchObject({ kind: "sector", code: "O-Q", value: "O-Q" });
    expect(readSectorChoice(" j ", J).choice).toMatchObject({ kind: "sector", code: "J", value: "J" });
    expect(readSectorChoice("role-healthcare", J).choice).toMatchObject({
      kind: "role",
      family: "Healthcare",
      value: "role-healthcare",
    });
    expect(readSectorChoice("IT-Engineering", J).choice).toMatchObject({ kind: "role", value: "role-it-engineering" });
    expect(readSectorChoice("all", J, { allowAll: true })).toEqual({
      choice: { kind: "all", value: "all" },
      unknown: false,
    });
  });

  it("reads a finer section as itself where loaded, else its aggregate, in both revisions", () => {
    expect(readSectorChoice("q", J).choice).toMatchObject({
      kind: "sector",
      code: "Q",
      codes: { nace_r2: ["Q", "O-Q"], nace_r2_1: ["R", "P-R"] },
    });
    expect(sectorCodes("Q")).toEqual(ROLE_FAMILY_SECTORS.Healthcare);
  });

  it("falls back, saying so, on anything else (never throws); nothing asked is the default without a note", () => {
    for (const raw of ["ZZ", "role-", "B-S", "all", "<script>", "L"]) {
      expect(readSectorChoice(raw, J), raw).toEqual({ choice: J, unknown: true });
    }
    expect(readSectorChoice(null, J)).toEqual({ choice: J, unknown: false });
    expect(readSectorChoice("", J)).toEqual({ choice: J, unknown: false });
  });
});

describe("pickSector", () => {
  const health = ROLE_FAMILY_SECTORS.Healthcare!;

  it("takes the finest aggregate a country has in a revision", () => {
    const sectors = [rate({ code: "O-Q", value: 2.1 }), rate({ code: "Q", value: 3.4, part_of: "O-Q" })];
    expect(pickSector(sectors, health)?.code).toBe("Q");
    expect(pickSector([sectors[0]!], health)?.code).toBe("O-Q");
    expect(pickSector([], health)).toBeNull();
  });

  it("between revisions the newer quarter, NACE Rev. 2.1 on equal ones", () => {
    const r2 = rate({ code: "O-Q", period: "2025-Q3" });
    const r21 = rate({ revision: "nace_r2_1", code: "P-R", period: "2026-Q1" });
    expect(pickSector([r2, r21], health)).toBe(r21);
    expect(pickSector([r2, { ...r21, period: "2025-Q3" }], health)?.revision).toBe("nace_r2_1");
    expect(pickSector([r2, { ...r21, period: "2025-Q2" }], health)).toBe(r2);
  });
});

describe("quartersBehind, yearChange, compactTrend", () => {
  it("counts the quarters a figure is older than the headline rate (0 when as new, null without one)", () => {
    expect(quartersBehind("2025-Q3", "2026-Q2")).toBe(3);
    expect(quartersBehind("2025-Q2", "2026-Q2")).toBe(4);
    expect(quartersBehind("2026-Q2", "2026-Q2")).toBe(0);
    expect(quartersBehind("2026-Q2", "2025-Q4")).toBe(0);
    expect(quartersBehind("2025-Q3", null)).toBeNull();
  });

  it("changes over a year as the difference of the two shown values", () => {
    const history = [
      { period: "2024-Q3", value: 2.15, flag: null, all_sectors: null, eu_value: null },
      { period: "2025-Q2", value: 2.4, flag: null, all_sectors: null, eu_value: null },
      { period: "2025-Q3", value: 2.2, flag: null, all_sectors: null, eu_value: null },
    ];
    const y = yearChange(rate({ value: 2.2, period: "2025-Q3", history }))!;
    expect(y.from.period).toBe("2024-Q3");
    expect(y.change).toBe(0); // shown 2.2 − shown 2.2 (2.15 is shown 2.2), not −0.05 → −0.1
    expect(yearChange(rate({ history: history.slice(1) }))).toBeNull();
  });

  it("compacts a trend to its first quarter and one value per quarter, gaps as null", () => {
    const p = (period: string, value: number) => ({ period, value, flag: null, all_sectors: null, eu_value: null });
    expect(compactTrend([p("2024-Q4", 1), p("2025-Q2", 2), p("2025-Q3", 3)])).toEqual({
      from: "2024-Q4",
      values: [1, null, 2, 3],
    });
    expect(compactTrend([p("2025-Q3", 3)])).toBeNull();
    expect(quarterPlus("2023-Q2", 3)).toBe("2024-Q1");
  });
});
