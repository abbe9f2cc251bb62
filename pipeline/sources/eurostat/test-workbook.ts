// Builds small workbooks in the data browser's spreadsheet layout for tests (not a test file itself): the header
// rows, a TIME row whose value and flag columns are merged, a GEO row, one row per geo, `:` for missing, flags in
// the column beside each value; by label (as the data browser writes by default) or by code.
import ExcelJS from "exceljs";
import { decodeJsonStat, flatIndex } from "./jsonstat.ts";

interface TestSheet {
  name?: string;
  /** The fixed dimensions, as the header rows say them: `[label, value]`. */
  fixed: Array<readonly [string, string]>;
  periods: readonly string[];
  /** One row per geo: its label (or code) and per period a number, `:` or null (empty), with an optional flag. */
  rows: Array<readonly [string, ReadonlyArray<number | ":" | null | readonly [number | ":", string]>]>;
}

export interface TestWorkbook {
  /** `Job vacancy rate - quarterly data`. */
  title?: string;
  /** The table code in the Dataset row; null for none. */
  table: string | null;
  updated?: string;
  sheets: TestSheet[];
  /** `GEO (Codes)` instead of `GEO (Labels)`. */
  geoCodes?: boolean;
  /** Add the data browser's Summary sheet first. */
  summary?: boolean;
  /** Merge each TIME cell with its flag column (as the data browser does); default true. */
  merged?: boolean;
}

/** The workbook's bytes. */
export async function testWorkbook(spec: TestWorkbook): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (spec.summary) {
    const s = wb.addWorksheet("Summary");
    s.getCell("A6").value = `${spec.title ?? "A dataset"} [${spec.table ?? "unknown"}$defaultview]`;
    s.getCell("A10").value = "Last update of data: ";
    s.getCell("D10").value = spec.updated ?? "19/11/2025 11:00";
  }
  spec.sheets.forEach((sheet, i) => {
    const ws = wb.addWorksheet(sheet.name ?? `Sheet ${i + 1}`);
    ws.getCell("A1").value = "Data extracted on 20/11/2025 01:54:12 from [ESTAT]";
    ws.getCell("A2").value = "Dataset: ";
    ws.getCell("B2").value =
      spec.table === null ? (spec.title ?? "A dataset") : `${spec.title ?? "A dataset"} [${spec.table}$defaultview]`;
    ws.getCell("A3").value = "Last updated: ";
    ws.getCell("B3").value = spec.updated ?? "19/11/2025 11:00";
    let r = 5;
    for (const [label, value] of sheet.fixed) {
      ws.getCell(r, 1).value = label;
      ws.getCell(r, 3).value = value;
      r++;
    }
    const timeRow = r + 1;
    ws.getCell(timeRow, 1).value = "TIME";
    sheet.periods.forEach((p, j) => {
      const col = 2 + 2 * j;
      ws.getCell(timeRow, col).value = p;
      if (spec.merged !== false) ws.mergeCells(timeRow, col, timeRow, col + 1);
    });
    ws.getCell(timeRow + 1, 1).value = spec.geoCodes ? "GEO (Codes)" : "GEO (Labels)";
    sheet.rows.forEach(([geo, values], k) => {
      const row = timeRow + 2 + k;
      ws.getCell(row, 1).value = geo;
      values.forEach((v, j) => {
        const col = 2 + 2 * j;
        const [value, flag] = Array.isArray(v) ? (v as [number | ":", string]) : [v as number | ":" | null, null];
        if (value !== null) ws.getCell(row, col).value = value;
        if (flag !== null) ws.getCell(row, col + 1).value = flag;
      });
    });
    const legend = timeRow + 3 + sheet.rows.length;
    ws.getCell(legend, 1).value = "Special value";
    ws.getCell(legend + 1, 1).value = ":";
    ws.getCell(legend + 1, 2).value = "not available";
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The fixed dimensions of a job vacancy sheet, by label (as the data browser writes them). */
export function vacancyFixed(sAdj: "SA" | "NSA", nace: string, size = "Total"): Array<readonly [string, string]> {
  return [
    ["Time frequency", "Quarterly"],
    [
      "Seasonal adjustment",
      sAdj === "SA"
        ? "Seasonally adjusted data, not calendar adjusted data"
        : "Unadjusted data (i.e. neither seasonally adjusted nor calendar adjusted data)",
    ],
    ["Statistical classification of economic activities in the European Community (NACE Rev. 2)", nace],
    ["Size classes in number of employees", size],
    ["Indicator", "Job vacancy rate"],
  ];
}

export const BS_LABEL =
  "Industry, construction and services (except activities of households as employers and extra-territorial organisations and bodies)";

/**
 * A JSON-stat dataset written as the data browser's spreadsheet: one sheet per combination of the dimensions other
 * than geo and time, each fixed dimension and each geo by its label, `Last updated` from its `updated` stamp (as
 * the data browser writes it, day first), so that the same observations can be read in a fourth format.
 */
export async function jsonStatToWorkbook(raw: unknown, table: string): Promise<Buffer> {
  const ds = decodeJsonStat(raw);
  const fixedIds = ds.ids.filter((id) => id !== "geo" && id !== "time");
  const geo = ds.dimension("geo")!;
  const time = ds.dimension("time")!;
  let combos: Array<Record<string, number>> = [{}];
  for (const id of fixedIds) {
    const n = ds.dimension(id)!.codes.length;
    combos = combos.flatMap((c) => Array.from({ length: n }, (_, i) => ({ ...c, [id]: i })));
  }
  const m = ds.updated === null ? null : /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(ds.updated);
  return testWorkbook({
    title: ds.label ?? table,
    table,
    summary: true,
    updated: m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : "",
    sheets: combos.map((combo) => ({
      fixed: fixedIds.map((id) => [ds.dimension(id)!.label, ds.dimension(id)!.labels[combo[id]!]!] as const),
      periods: time.codes,
      rows: geo.codes.map((_, g) => {
        const cells = time.codes.map((__, t) => {
          const flat = flatIndex(ds, { ...combo, geo: g, time: t });
          const value = ds.valueAt(flat);
          const flag = ds.statusAt(flat);
          return value === null ? ":" : flag === null ? value : ([value, flag] as const);
        });
        return [geo.labels[g]!, cells] as const;
      }),
    })),
  });
}
