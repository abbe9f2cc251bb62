import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("csv", () => {
  it("quotes per RFC 4180 and neutralises formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+33 1 23")).toBe("'+33 1 23");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=cmd")).toBe("'\t=cmd");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });
  it("writes numbers and booleans as values, in plain decimal notation", () => {
    expect(csvCell(-0.4)).toBe("-0.4");
    expect(csvCell(6.930994865479469)).toBe("6.930994865479469");
    expect(csvCell(1e-7)).toBe("0.0000001");
    expect(csvCell(-2.5e-16)).toBe("-0.00000000000000025");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(false)).toBe("false");
  });
  it("writes a header, CRLF line ends and a BOM unless told not to", () => {
    expect(toCsv(["a", "b"], [[1, "x,y"]])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
    expect(toCsv(["a", "b"], [[1, "x,y"]], { bom: false })).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
