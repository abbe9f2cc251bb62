// The teibs030 answer the stand-in serves (fixtures/derived/, built from DG ECFIN's real EEI values by
// fixtures/derived/make-teibs030.ts): the committed file is what the generator writes, it reads as Eurostat's
// teibs030 (expectations, EEI pinned), and it holds exactly the real file's EEI values of its 12 months.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ECFIN_CSV, FIRST_MONTH, LAST_MONTH, teibs030Text } from "../../fixtures/derived/make-teibs030.ts";
import { parseCsv } from "../../pipeline/sources/csv/parse-csv.ts";
import { parseEurostat } from "../../pipeline/sources/eurostat/parse.ts";
import { EEI_NOTE } from "../../pipeline/sources/eurostat/tables.ts";
import { DERIVED_TEIBS030_FILE } from "./stand-in.ts";

const committed = readFileSync(DERIVED_TEIBS030_FILE);
const parsed = parseEurostat(committed, "expectations");
const key = (o: { geo: string; period: string; value: number }) => `${o.geo} ${o.period} ${o.value}`;

describe("the derived teibs030 answer", () => {
  it("is byte for byte what fixtures/derived/make-teibs030.ts writes", () => {
    expect(committed.toString("utf8")).toBe(teibs030Text());
  });

  it("reads as table teibs030 (expectations) with the EEI pinned, the candidate countries listed, not stored", () => {
    expect([parsed.table, parsed.dataType, parsed.unit]).toEqual(["teibs030", "expectations", "INDEX"]);
    expect(parsed.notes).toContain("Series: freq=M, indic=BS-EEI-I, s_adj=SA, unit=INX.");
    expect(parsed.notes).toContain(EEI_NOTE);
    expect(parsed.unknownHeaders).toEqual(["ME", "MK", "AL", "RS", "TR"]); // in the file's geo order
    const countries = new Set(parsed.observations.filter((o) => !o.isAggregate).map((o) => o.geo));
    expect(countries.size).toBe(26); // every EU member but Luxembourg
    expect(countries.has("LU")).toBe(false);
    expect(new Set(parsed.observations.map((o) => o.period))).toEqual(new Set(months()));
    // Spot checks of SOURCES.md (2025-08): DE 92.9, ES 105.8; the euro area (DG ECFIN's EA, here EA20) 97.8.
    const at = (geo: string) => parsed.observations.find((o) => o.geo === geo && o.period === LAST_MONTH)?.value;
    expect([at("DE"), at("ES"), at("EA20")]).toEqual([92.9, 105.8, 97.8]);
  });

  it("holds exactly the countries' EEI values of DG ECFIN's real file for 2024-09 … 2025-08", async () => {
    const ecfin = await parseCsv({ path: ECFIN_CSV }, "expectations");
    const real = ecfin.observations
      .filter((o) => !o.isAggregate && o.period >= FIRST_MONTH && o.period <= LAST_MONTH)
      .map(key)
      .sort();
    expect(real).toHaveLength(26 * 12);
    expect(
      parsed.observations
        .filter((o) => !o.isAggregate)
        .map(key)
        .sort(),
    ).toEqual(real);
  });
});

function months(): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${FIRST_MONTH}-01T00:00:00Z`);
    d.toISOString().slice(0, 7) <= LAST_MONTH;
    d.setUTCMonth(d.getUTCMonth() + 1)
  ) {
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}
