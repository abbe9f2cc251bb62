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
  it("writes a header, CRLF line ends and a BOM", () => {
    expect(toCsv(["a", "b"], [[1, "x,y"]])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});
