import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, assertDataType, checkUploadFile, expectedExtension } from "./validate.ts";

const MIB = 1024 * 1024;
const inputError = (message: string) => expect.objectContaining({ name: "InputError", message });

describe("checkUploadFile", () => {
  it("accepts .json for the Eurostat types and .xlsx for the barometer, in any case", () => {
    for (const dataType of ["unemployment", "vacancy", "gdp", "inflation"]) {
      expect(() => checkUploadFile({ fileName: "une_rt_m.json", size: 10, dataType })).not.toThrow();
      expect(() => checkUploadFile({ fileName: "UNE_RT_M.JSON", size: 10, dataType })).not.toThrow();
    }
    expect(() => checkUploadFile({ fileName: "ELMB 2026-08.XlsX", size: 10, dataType: "lmb" })).not.toThrow();
  });

  it.each([
    ["barometer.json", "lmb", "Please upload a .XLSX file"],
    ["barometer.xls", "lmb", "Please upload a .XLSX file"],
    ["une_rt_m.xlsx", "unemployment", "Please upload a .JSON file"],
    ["une_rt_m.json.txt", "vacancy", "Please upload a .JSON file"],
    ["json", "gdp", "Please upload a .JSON file"],
    ["", "inflation", "Please upload a .JSON file"],
  ])("%s as %s: %s", (fileName, dataType, message) => {
    expect(() => checkUploadFile({ fileName, size: 10, dataType })).toThrow(inputError(message));
  });

  it("rejects an empty file", () => {
    expect(() => checkUploadFile({ fileName: "a.json", size: 0, dataType: "gdp" })).toThrow(inputError("This file is empty."));
  });

  it("accepts exactly the limit, rejects one byte more with the size in MB", () => {
    expect(MAX_UPLOAD_BYTES).toBe(64 * MIB);
    expect(() => checkUploadFile({ fileName: "a.json", size: MAX_UPLOAD_BYTES, dataType: "gdp" })).not.toThrow();
    expect(() => checkUploadFile({ fileName: "a.json", size: MAX_UPLOAD_BYTES + 1, dataType: "gdp" })).toThrow(
      inputError("This file is too large (64.1 MB); the limit is 64 MB."),
    );
    expect(() => checkUploadFile({ fileName: "a.xlsx", size: 100 * MIB, dataType: "lmb" })).toThrow(
      inputError("This file is too large (100 MB); the limit is 64 MB."),
    );
  });

  it("takes another limit", () => {
    expect(() => checkUploadFile({ fileName: "a.json", size: 3 * MIB, dataType: "gdp", maxBytes: 2 * MIB })).toThrow(
      inputError("This file is too large (3 MB); the limit is 2 MB."),
    );
  });

  it("rejects an unknown data type first, listing the five", () => {
    const message = 'Unknown data type "weather". Choose one of: unemployment, vacancy, gdp, inflation, lmb.';
    expect(() => checkUploadFile({ fileName: "a.json", size: 0, dataType: "weather" })).toThrow(inputError(message));
    expect(() => assertDataType(undefined)).toThrow(
      inputError("Unknown data type undefined. Choose one of: unemployment, vacancy, gdp, inflation, lmb."),
    );
  });

  it("knows each type's extension", () => {
    expect([expectedExtension("lmb"), expectedExtension("gdp")]).toEqual([".xlsx", ".json"]);
  });
});
