import { describe, expect, it } from "vitest";
import { ECFIN_EEI } from "./ecfin/parse.ts";
import { tableConfig } from "./eurostat/tables.ts";
import {
  compareRelease,
  compareSeriesPreference,
  legacySeriesKey,
  normaliseRelease,
  seriesKey,
  seriesPreference,
} from "./series-key.ts";

const jvs = tableConfig("jvs_q_r21")!;
const nace = jvs.pins.find((p) => p.dimension === "nace_r2_1")!.codes;

describe("seriesKey", () => {
  it("names every pin but freq in the table's order, whatever the file's dimension order", () => {
    const codes: Array<[string, string]> = [
      ["freq", "Q"],
      ["s_adj", "NSA"],
      ["indic_em", "JVR"],
      ["sizeclas", "TOTAL"],
      ["nace_r2_1", "A-T"],
    ];
    expect(seriesKey(jvs, codes)).toBe("indic_em=JVR,nace_r2_1=A-T,sizeclas=TOTAL,s_adj=NSA");
  });
  it("counts an optional pin the file lacks as its first code, so formats agree", () => {
    expect(
      seriesKey(jvs, [
        ["indic_em", "JVR"],
        ["nace_r2_1", "A-T"],
        ["s_adj", "SA"],
      ]),
    ).toBe("indic_em=JVR,nace_r2_1=A-T,sizeclas=TOTAL,s_adj=SA");
  });
  it("gives a table without pins one series, and DG ECFIN's file its own pin", () => {
    expect(seriesKey(undefined, [])).toBe("");
    expect(seriesKey(ECFIN_EEI, [["series", "EEI"]])).toBe("series=EEI");
  });
  it("recovers GDP's unit for a legacy row, and the first choice elsewhere", () => {
    expect(legacySeriesKey(tableConfig("namq_10_gdp"), "CLV_PCH_SM")).toBe("na_item=B1GQ,s_adj=SCA,unit=CLV_PCH_SM");
    expect(legacySeriesKey(jvs, "JVR")).toBe(`indic_em=JVR,nace_r2_1=${nace[0]},sizeclas=TOTAL,s_adj=SA`);
  });
});

describe("seriesPreference", () => {
  const pref = (nace: string, sAdj: string) =>
    seriesPreference(jvs, `indic_em=JVR,nace_r2_1=${nace},sizeclas=TOTAL,s_adj=${sAdj}`);
  it("orders by the NACE pin first, then SA before NSA", () => {
    const [first, second] = nace;
    const sorted = [pref(second!, "SA"), pref(first!, "NSA"), pref(second!, "NSA"), pref(first!, "SA")].sort(
      compareSeriesPreference,
    );
    expect(sorted).toEqual([pref(first!, "SA"), pref(first!, "NSA"), pref(second!, "SA"), pref(second!, "NSA")]);
  });
  it("puts GDP's q-o-q before its y-o-y", () => {
    const gdp = tableConfig("namq_10_gdp")!;
    expect(
      compareSeriesPreference(
        seriesPreference(gdp, "na_item=B1GQ,s_adj=SCA,unit=CLV_PCH_PRE"),
        seriesPreference(gdp, "na_item=B1GQ,s_adj=SCA,unit=CLV_PCH_SM"),
      ),
    ).toBeLessThan(0);
  });
});

describe("releases", () => {
  it("reads JSON-stat's updated and the data browser's LAST UPDATE of one release as equal", () => {
    expect(normaliseRelease("2026-09-22T11:00:00+0200")).toBe("2026-09-22T11:00:00");
    expect(normaliseRelease("2026-09-22T11:00:00")).toBe("2026-09-22T11:00:00");
    expect(normaliseRelease("2026-11-05")).toBe("2026-11-05T00:00:00");
  });
  it("has no release for nothing or for text that is not a date", () => {
    expect(normaliseRelease(null)).toBeNull();
    expect(normaliseRelease("")).toBeNull();
    expect(normaliseRelease("last week")).toBeNull();
    expect(normaliseRelease("2026-02-30T00:00:00")).toBeNull();
  });
  it("ranks an undated file before every dated release", () => {
    expect(compareRelease(null, "2001-01-01T00:00:00")).toBeLessThan(0);
    expect(compareRelease("2026-09-22T11:00:00", "2025-06-06T23:00:00")).toBeGreaterThan(0);
    expect(compareRelease(null, null)).toBe(0);
  });
});
