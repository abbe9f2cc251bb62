import { describe, expect, it } from "vitest";
import {
  MAX_CSV_UPLOAD_BYTES,
  MAX_UPLOAD_BYTES,
  assertDataType,
  checkUploadFile,
  expectedExtensions,
  maxUploadBytes,
  wrongExtensionMessage,
} from "./validate.ts";

const MIB = 1024 * 1024;
const inputError = (message: string) => expect.objectContaining({ name: "InputError", message });

describe("checkUploadFile", () => {
  it("accepts .json and .csv for the Eurostat types and expectations, .xlsx for the barometer, in any case", () => {
    for (const dataType of ["unemployment", "vacancy", "gdp", "inflation", "expectations"]) {
      expect(() => checkUploadFile({ fileName: "une_rt_m.json", size: 10, dataType })).not.toThrow();
      expect(() => checkUploadFile({ fileName: "UNE_RT_M.JSON", size: 10, dataType })).not.toThrow();
      expect(() => checkUploadFile({ fileName: "une_rt_m.csv", size: 10, dataType })).not.toThrow();
      expect(() => checkUploadFile({ fileName: "Estat_UNE_RT_M.CSV", size: 10, dataType })).not.toThrow();
    }
    expect(() => checkUploadFile({ fileName: "ELMB 2026-08.XlsX", size: 10, dataType: "lmb" })).not.toThrow();
  });

  it.each([
    ["barometer.json", "lmb", "Please upload a .XLSX file"],
    ["barometer.xls", "lmb", "Please upload a .XLSX file"],
    ["barometer.csv", "lmb", "Please upload a .XLSX file"],
    ["une_rt_m.xls", "unemployment", "Please upload a .JSON, .CSV or .XLSX file"],
    ["une_rt_m.json.txt", "vacancy", "Please upload a .JSON, .CSV or .XLSX file"],
    ["une_rt_m.tsv", "vacancy", "Please upload a .JSON, .CSV or .XLSX file"],
    ["json", "gdp", "Please upload a .JSON, .CSV or .XLSX file"],
    ["", "inflation", "Please upload a .JSON, .CSV or .XLSX file"],
    ["eei.ods", "expectations", "Please upload a .JSON, .CSV or .XLSX file"],
  ])("%s as %s: %s", (fileName, dataType, message) => {
    expect(() => checkUploadFile({ fileName, size: 10, dataType })).toThrow(inputError(message));
  });

  it("rejects an empty file", () => {
    expect(() => checkUploadFile({ fileName: "a.json", size: 0, dataType: "gdp" })).toThrow(
      inputError("This file is empty."),
    );
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

  it("allows a CSV four times the size: DuckDB reads it from disk, only the pinned series becomes values", () => {
    expect(MAX_CSV_UPLOAD_BYTES).toBe(256 * MIB);
    expect([
      maxUploadBytes("a.csv"),
      maxUploadBytes("A.CSV"),
      maxUploadBytes("a.json"),
      maxUploadBytes("a.xlsx"),
    ]).toEqual([256 * MIB, 256 * MIB, 64 * MIB, 64 * MIB]);
    expect(() => checkUploadFile({ fileName: "a.csv", size: 100 * MIB, dataType: "unemployment" })).not.toThrow();
    expect(() => checkUploadFile({ fileName: "a.json", size: 100 * MIB, dataType: "unemployment" })).toThrow(
      inputError("This file is too large (100 MB); the limit is 64 MB."),
    );
    expect(() =>
      checkUploadFile({ fileName: "a.csv", size: MAX_CSV_UPLOAD_BYTES + 1, dataType: "unemployment" }),
    ).toThrow(inputError("This file is too large (256.1 MB); the limit is 256 MB."));
  });

  it("rejects an unknown data type first, listing the seven", () => {
    const message =
      'Unknown data type "weather". Choose one of: unemployment, vacancy, gdp, inflation, lmb, expectations, youth_unemployment.';
    expect(() => checkUploadFile({ fileName: "a.json", size: 0, dataType: "weather" })).toThrow(inputError(message));
    expect(() => assertDataType(undefined)).toThrow(
      inputError(
        "Unknown data type undefined. Choose one of: unemployment, vacancy, gdp, inflation, lmb, expectations, youth_unemployment.",
      ),
    );
  });

  it("knows each type's extensions and says them in the message", () => {
    expect([expectedExtensions("lmb"), expectedExtensions("gdp"), expectedExtensions("expectations")]).toEqual([
      [".xlsx"],
      [".json", ".csv", ".xlsx"],
      [".json", ".csv", ".xlsx"],
    ]);
    expect([wrongExtensionMessage("lmb"), wrongExtensionMessage("unemployment")]).toEqual([
      "Please upload a .XLSX file",
      "Please upload a .JSON, .CSV or .XLSX file",
    ]);
  });
});
