// The upload panel's pure rules: the browser's checks before sending (docs/product.md §5), progress per step (§9) and
// the result texts (§7, §8).
import { describe, expect, it } from "vitest";
import { uploadRules } from "../../../api/upload-rules.ts";
import {
  UPLOAD_STEPS,
  preflight,
  progressOf,
  recalcErrorText,
  resultKind,
  resultTitle,
  serverErrorText,
  visibleWarnings,
  warningsToggleText,
  type PickedFile,
} from "./admin-upload.ts";
import type { UploadResult } from "../../../pipeline/types.ts";

// The messages the server hands the page (api/upload-rules.ts reads them from the parser that says them).
const { messages } = await uploadRules();
const file = (name: string, text: string): PickedFile => ({
  name,
  size: Buffer.byteLength(text),
  text: async () => text,
});

describe("preflight", () => {
  it("gives the product's messages (docs/product.md §5) in order: none chosen, extension, not JSON, not an object", async () => {
    expect(await preflight(null, "unemployment", messages)).toBe("Please select a file");
    expect(await preflight(file("a.xls", "x"), "unemployment", messages)).toBe(
      "Please upload a .JSON, .CSV or .XLSX file",
    );
    expect(await preflight(file("eei.tsv", "x"), "expectations", messages)).toBe(
      "Please upload a .JSON, .CSV or .XLSX file",
    );
    expect(await preflight(file("a.csv", "x"), "lmb", messages)).toBe("Please upload a .XLSX file");
    expect(await preflight(file("a.json", "{}"), "lmb", messages)).toBe("Please upload a .XLSX file");
    expect(await preflight(file("a.json", "{oops"), "vacancy", messages)).toBe("This file is not valid JSON.");
    expect(await preflight(file("a.json", "[1,2]"), "gdp", messages)).toBe("Invalid JSON: expected an object.");
    expect(await preflight(file("a.json", "null"), "gdp", messages)).toBe("Invalid JSON: expected an object.");
    expect(await preflight(file("a.json", ""), "inflation", messages)).toBe("This file is empty.");
  });

  it("passes a JSON object, any case of the extension, and never reads a workbook", async () => {
    expect(await preflight(file("table.JSON", '{"class":"dataset"}'), "unemployment", messages)).toBeNull();
    const workbook: PickedFile = { name: "lmb.xlsx", size: 10, text: () => Promise.reject(new Error("not read")) };
    expect(await preflight(workbook, "lmb", messages)).toBeNull();
  });

  it("passes a .csv for every Eurostat type and expectations without reading it (the server checks its content)", async () => {
    for (const dataType of ["unemployment", "vacancy", "gdp", "inflation", "expectations"] as const) {
      const csv: PickedFile = {
        name: "estat_une_rt_m.CSV",
        size: 200_000_000,
        text: () => Promise.reject(new Error("not read")),
      };
      expect(await preflight(csv, dataType, messages)).toBeNull();
    }
    expect(await preflight(file("a.csv", ""), "vacancy", messages)).toBe("This file is empty.");
  });
});

describe("progress and texts", () => {
  it("maps the real steps to 20, 40, 60, 80, 100", () => {
    expect(UPLOAD_STEPS.map((s) => [s.step, progressOf(s.step)])).toEqual([
      ["received", 20],
      ["parsed", 40],
      ["validated", 60],
      ["stored", 80],
      ["recalculated", 100],
    ]);
  });

  it("titles the result and falls back to the status when the server gave no text", () => {
    const base = { success: true, warnings: [] } as unknown as UploadResult;
    expect([resultKind(base), resultTitle(base)]).toEqual(["success", "Upload Complete"]);
    const warned = { ...base, warnings: [{ type: "stale", detail: "x" }] } as UploadResult;
    expect([resultKind(warned), resultTitle(warned)]).toEqual(["warning", "Upload Complete (with warnings)"]);
    expect(resultKind({ ...base, success: false })).toBe("error");
    expect(serverErrorText("Bad file", 400)).toBe("Bad file");
    expect(serverErrorText(null, 502)).toBe("Server error: 502");
    expect(serverErrorText("  ", 500)).toBe("Server error: 500");
    expect(recalcErrorText(undefined, 503)).toBe("Recalculation failed: 503");
    expect(recalcErrorText("Another data job is running.", 409)).toBe("Another data job is running.");
  });

  it("shows the first 10 warnings until expanded", () => {
    const list = Array.from({ length: 23 }, (_, i) => i);
    expect(visibleWarnings(list, false)).toHaveLength(10);
    expect(visibleWarnings(list, true)).toHaveLength(23);
    expect(warningsToggleText(23, false)).toBe("Show all 23 warnings");
    expect(warningsToggleText(23, true)).toBe("Show less");
  });
});
