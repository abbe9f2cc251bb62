import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../../../lib/countries.ts";
import {
  BELGIAN_REGIONS,
  ELMB_PARTICIPANTS,
  PUBLIC_EMPLOYMENT_SERVICES,
  describeTarget,
  matchHeader,
  normaliseHeader,
  type HeaderMatch,
} from "./services.ts";

/** "DE", "BE:flanders", "aggregate", "unknown" — compact for table tests. */
function key(m: HeaderMatch): string {
  if (m.kind === "country") return m.code;
  if (m.kind === "be-region") return `BE:${m.region.id}`;
  return m.kind;
}

describe("matchHeader: countries", () => {
  it("maps every covered country by English name, native name and code", () => {
    for (const c of COUNTRIES) {
      expect(key(matchHeader(c.name)), c.name).toBe(c.code);
      expect(key(matchHeader(c.code)), c.code).toBe(c.code);
      expect(key(matchHeader(c.code.toLowerCase())), c.code).toBe(c.code);
      for (const n of c.nativeNames) expect(key(matchHeader(n)), n).toBe(c.code);
    }
  });

  it("maps Eurostat's EL and the product's GR to Greece", () => {
    expect(key(matchHeader("EL"))).toBe("GR");
    expect(key(matchHeader("GR"))).toBe("GR");
    expect(key(matchHeader("Ελλάδα"))).toBe("GR");
  });

  it.each([
    ["Deutschland", "DE"],
    ["Österreich", "AT"],
    ["OSTERREICH", "AT"],
    ["osterreich", "AT"],
    ["  germany  ", "DE"],
    ["Česká republika", "CZ"],
    ["ceska republika", "CZ"],
    ["Czech Republic", "CZ"],
    ["Lëtzebuerg", "LU"],
    ["Ísland", "IS"],
    ["Κύπρος", "CY"],
    ["România", "RO"],
  ])("native or folded name %s → %s", (header, code) => {
    expect(key(matchHeader(header))).toBe(code);
  });
});

describe("matchHeader: public employment services", () => {
  it.each([
    ["AMS", "AT"],
    ["Arbeitsmarktservice", "AT"],
    ["BA", "DE"],
    ["Bundesagentur für Arbeit", "DE"],
    ["bundesagentur fur arbeit", "DE"],
    ["Employment Agency", "BG"],
    ["PES Cyprus", "CY"],
    ["Úřad práce", "CZ"],
    ["Urad prace", "CZ"],
    ["Labour Office", "CZ"],
    ["STAR", "DK"],
    ["Vinnumálastofnun", "IS"],
    ["Directorate of Labour", "IS"],
    ["AMS Liechtenstein", "LI"],
    ["Amt für Volkswirtschaft", "LI"],
    ["Užimtumo tarnyba", "LT"],
    ["ADEM", "LU"],
    ["Jobsplus", "MT"],
    ["IEFP", "PT"],
    ["PSZ", "PL"],
    ["Publiczne Służby Zatrudnienia", "PL"],
    ["SECO", "CH"],
    ["RAV", "CH"],
    ["ZRSZ", "SI"],
    ["HZZ", "HR"],
    ["Arbetsförmedlingen", "SE"],
    ["NAV", "NO"],
    ["TE", "FI"],
    ["TE-palvelut", "FI"],
    ["Töötukassa", "EE"],
    ["NVA", "LV"],
    ["ÚPSVR", "SK"],
    ["UPSVR", "SK"],
    ["NFSZ", "HU"],
    ["France Travail", "FR"],
    ["SEPE", "ES"],
    ["ANPAL", "IT"],
    ["UWV", "NL"],
    ["Intreo", "IE"],
    ["DYPA", "GR"],
    ["ANOFM", "RO"],
  ])("%s → %s", (header, code) => {
    expect(key(matchHeader(header))).toBe(code);
  });

  it("maps every alias of the service table to its own country", () => {
    for (const pes of PUBLIC_EMPLOYMENT_SERVICES) {
      for (const alias of pes.aliases) expect(key(matchHeader(alias)), alias).toBe(pes.code);
    }
  });

  it("has one entry per covered country except Belgium, and only covered codes", () => {
    const codes = PUBLIC_EMPLOYMENT_SERVICES.map((p) => p.code).sort();
    const expected = COUNTRIES.map((c) => c.code)
      .filter((c) => c !== "BE")
      .sort();
    expect(codes).toEqual(expected);
  });

  it("lists only covered countries as ELMB participants", () => {
    const covered = new Set(COUNTRIES.map((c) => c.code));
    expect(ELMB_PARTICIPANTS.filter((c) => !covered.has(c))).toEqual([]);
    expect(ELMB_PARTICIPANTS).toHaveLength(15);
  });
});

describe("matchHeader: punctuation, filler words and longer headers", () => {
  it.each([
    ["Austria (PES)", "AT"],
    ["PES Austria", "AT"],
    ["Public Employment Service Austria (AMS)", "AT"],
    ["AT – AMS", "AT"],
    ["AT: AMS", "AT"],
    ["Germany (BA)", "DE"],
    ["Germany (DE)", "DE"],
    ["DE - Deutschland", "DE"],
    ["Deutschland / BA", "DE"],
    ["(PES) BA", "DE"],
    ["Bulgaria (Employment Agency)", "BG"],
    ["State Employment Agency", "LV"],
    ["Luxembourg (PES)", "LU"],
    ["Lithuania, Užimtumo tarnyba", "LT"],
    ["Ústredie práce, sociálnych vecí a rodiny", "SK"],
    ["Arbeids- og velferdsetaten", "NO"],
  ])("%s → %s", (header, code) => {
    expect(key(matchHeader(header))).toBe(code);
  });

  it("does not match a short code inside a longer name", () => {
    // "de", "te", "is", "ba" as words of an unrelated header must not pick a country.
    expect(key(matchHeader("Service de l'emploi"))).toBe("unknown");
    expect(key(matchHeader("This is a note"))).toBe("unknown");
    expect(key(matchHeader("Data te laat"))).toBe("unknown");
  });

  it("prefers the longest alias: AMS Liechtenstein is LI, not AMS (AT)", () => {
    expect(key(matchHeader("AMS Liechtenstein"))).toBe("LI");
    expect(key(matchHeader("ams liechtenstein (PES)"))).toBe("LI");
  });

  it("reports two different countries in one header as ambiguous", () => {
    const m = matchHeader("Germany / Austria");
    expect(m.kind).toBe("unknown");
    expect(m.kind === "unknown" && m.ambiguous).toEqual(["DE", "AT"]);
  });
});

describe("matchHeader: Belgium", () => {
  it.each([
    ["VDAB", "flanders"],
    ["Le Forem", "wallonia"],
    ["Forem", "wallonia"],
    ["LE FOREM", "wallonia"],
    ["Actiris", "brussels"],
    ["ADG", "german-speaking"],
    ["Arbeitsamt der DG", "german-speaking"],
    ["BE-DG", "german-speaking"],
    ["BE DG", "german-speaking"],
    ["BE-Flanders", "flanders"],
    ["Belgium (Wallonia)", "wallonia"],
    ["Belgique (Bruxelles)", "brussels"],
    ["Belgium – VDAB", "flanders"],
    ["Ostbelgien", "german-speaking"],
  ])("%s → BE region %s", (header, region) => {
    expect(key(matchHeader(header))).toBe(`BE:${region}`);
  });

  it("maps every region alias to its region", () => {
    for (const r of BELGIAN_REGIONS) {
      for (const alias of r.aliases) expect(key(matchHeader(alias)), alias).toBe(`BE:${r.id}`);
    }
  });

  it("maps a national Belgium header to BE", () => {
    expect(key(matchHeader("Belgium"))).toBe("BE");
    expect(key(matchHeader("BE"))).toBe("BE");
    expect(key(matchHeader("België"))).toBe("BE");
  });

  it("refuses a header naming two regions", () => {
    expect(key(matchHeader("Belgium (VDAB, Le Forem)"))).toBe("unknown");
  });
});

describe("matchHeader: totals and unknown headers", () => {
  it.each(["Total", "Average", "ELMB", "European Labour Market Barometer", "EU", "Europe (average)"])(
    "%s is the European aggregate",
    (header) => {
      expect(key(matchHeader(header))).toBe("aggregate");
    },
  );

  it.each(["Atlantis", "UK", "United Kingdom", "Month", "", "   ", "2025"])("%j matches nothing", (header) => {
    expect(key(matchHeader(header))).toBe("unknown");
  });
});

describe("normaliseHeader and describeTarget", () => {
  it("folds case, accents, special letters and punctuation", () => {
    expect(normaliseHeader("  Österreich (AMS) ")).toBe("osterreich ams");
    expect(normaliseHeader("Publiczne Służby Zatrudnienia")).toBe("publiczne sluzby zatrudnienia");
    expect(normaliseHeader("Bundesagentur für Arbeit")).toBe("bundesagentur fur arbeit");
    expect(normaliseHeader("Straße")).toBe("strasse");
    expect(normaliseHeader("BE-DG")).toBe("be dg");
  });

  it("names countries and regions for warnings", () => {
    expect(describeTarget({ kind: "country", code: "DE" })).toBe("Germany (DE)");
    expect(describeTarget({ kind: "be-region", region: BELGIAN_REGIONS[0] })).toBe("Belgium – VDAB (Flanders)");
  });
});
