// DG ECFIN's business and consumer survey indicators in the long layout `date,country,series,value`
// (`2025-08-31,DE,EEI,92.9`) → the Employment Expectations Indicator (series EEI) as data type expectations.
// The date is the month's last day; countries use EU codes (EL for Greece; EA and EU are aggregates; the UK and
// candidate countries are not covered and are listed, never stored). Every other series is ignored. DuckDB
// reads the file (sources/csv); only the EEI rows of stored countries leave it, each with its data row number.
import { InputError } from "../../../lib/errors.ts";
import type { DataType, ParsedFile, Period } from "../../types.ts";
import { HEADER_ONLY, SqlParams, badValueSql, numberCell, shownCell, type CsvFile, type Row } from "../csv/csv-file.ts";
import type { PinnedSeries } from "../eurostat/pin.ts";
import { RowCollector, finishSeries, storedGeo, type StoredGeo } from "../eurostat/series.ts";
import { EEI_NOTE, type TableConfig } from "../eurostat/tables.ts";

/** The table id the EEI from DG ECFIN's own file is stored under (Eurostat's copies are teibs030 / ei_bsee_m_r2). */
export const ECFIN_EEI_TABLE = "ecfin_eei";

/** The one series kept. */
const EEI_SERIES = "EEI";

const COLUMNS = ["date", "country", "series", "value"] as const;

/** The file's table, in the shape the Eurostat readers share (it is not a Eurostat table: never fetched). */
export const ECFIN_EEI: TableConfig = {
  table: ECFIN_EEI_TABLE,
  dataType: "expectations",
  freq: "M",
  pins: [{ dimension: "series", codes: [EEI_SERIES] }],
  unitDimension: "series",
  unitCode: "INDEX",
  labelPattern: /^$/,
  note: EEI_NOTE,
  fetched: false,
};

export const NOT_EXPECTATIONS =
  "This is DG ECFIN's survey file (columns date, country, series, value): it holds the Employment Expectations Indicator. Upload it with data type expectations.";

/** True when a header looks like DG ECFIN's long layout: two of `date`, `country`, `series` (Eurostat's CSVs have none). */
export function isEcfinLong(header: readonly string[]): boolean {
  const lower = new Set(header.map((h) => h.trim().toLowerCase()));
  return ["date", "country", "series"].filter((c) => lower.has(c)).length >= 2;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `2025-08-31` (any real day of the month; DG ECFIN writes the last) or `2025-08` → `2025-08`. */
export function ecfinMonth(cell: string | null, row: number): Period {
  const text = cell?.trim() ?? "";
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  const month = m ? Number(m[2]) : 0;
  const day = m?.[3] === undefined ? 1 : Number(m[3]);
  if (!m || month < 1 || month > 12 || day < 1 || day > DAYS[month - 1]!) {
    throw new InputError(`Row ${row}: date "${shownCell(text)}" is not a date (YYYY-MM-DD, the month's last day).`, {
      row,
      date: shownCell(text),
    });
  }
  return `${m[1]}-${m[2]}`;
}

const text = (v: unknown): string => (v === null || v === undefined ? "" : String(v).trim());

/**
 * Parse DG ECFIN's long CSV, read through `file`, keeping series EEI. Throws InputError naming the row or the
 * column at fault (a missing column, a bad date or value, two values for one country and month).
 */
export async function parseEcfinLong(file: CsvFile, dataType: DataType): Promise<ParsedFile> {
  if (dataType !== "expectations") throw new InputError(NOT_EXPECTATIONS);
  const [date, country, series, value] = COLUMNS.map((name) => {
    const pos = file.column(name);
    if (pos < 0)
      throw new InputError(`This DG ECFIN file has no "${name}" column (it needs date, country, series and value).`, {
        column: name,
      });
    return pos;
  }) as [number, number, number, number];
  // Every row's value is checked on the way, whatever its series or country: the first one that is not a
  // complete number (a file cut off in the middle of its last number) rejects the file, naming its row.
  const v = file.col(value);
  const groups = await file.all(
    `SELECT s, c, count(*)::INTEGER, min(bad)::INTEGER, arg_min(v, bad)
       FROM (SELECT ${file.col(series)} AS s, ${file.col(country)} AS c, ${v} AS v, CASE WHEN ${badValueSql(v)} THEN r END AS bad
               FROM (SELECT row_number() OVER () AS r, * FROM ${file.source}))
      GROUP BY ALL`,
  );
  if (groups.length === 0) throw new InputError(HEADER_ONLY);
  const bad = groups.filter((g) => g[3] !== null && g[3] !== undefined).sort((a, b) => Number(a[3]) - Number(b[3]))[0];
  if (bad !== undefined) numberCell(String(bad[4]), Number(bad[3]), file.header[value]!); // throws: names the row

  const allSeries = [...new Set(groups.map((g) => text(g[0]).toUpperCase()))].filter((s) => s !== "").sort();
  const pinned: PinnedSeries = { positions: {}, codes: [["series", EEI_SERIES]] };
  if (!allSeries.includes(EEI_SERIES)) {
    throw new InputError(
      `This DG ECFIN file has no Employment Expectations Indicator: its series column holds ${allSeries.join(", ")}, but not ${EEI_SERIES}. Upload DG ECFIN's survey file that includes series ${EEI_SERIES}.`,
      { column: "series" },
    );
  }
  const seriesCells = [...new Set(groups.map((g) => text(g[0])).filter((s) => s.toUpperCase() === EEI_SERIES))];
  const geoOf = new Map<string, StoredGeo>();
  const unknown = new Set<string>();
  for (const [s, c] of groups) {
    if (text(s).toUpperCase() !== EEI_SERIES) continue;
    const kept = storedGeo(text(c));
    if (kept !== null) geoOf.set(String(c), kept);
    else unknown.add(text(c) === "" ? "(empty)" : text(c));
  }

  const rows = new RowCollector({ dataType: "expectations", table: ECFIN_EEI_TABLE, unit: ECFIN_EEI.unitCode! });
  if (geoOf.size > 0) {
    const fields = [country, date, value].map((pos) => file.col(pos)).join(", ");
    const params = new SqlParams();
    const keep = `${file.col(series)} IN (${params.list(seriesCells)}) AND ${file.col(country)} IN (${params.list([...geoOf.keys()])})`;
    const sql = `SELECT r::INTEGER, k FROM (
        SELECT row_number() OVER () AS r, CASE WHEN ${keep} THEN [${fields}] END AS k FROM ${file.source})
        WHERE k IS NOT NULL ORDER BY r`;
    const valueColumn = file.header[value]!;
    await file.each(sql, params.values, (record: Row) => {
      const row = Number(record[0]);
      const [c, d, v] = record[1] as Array<string | null>;
      rows.add(row, geoOf.get(c!)!, ecfinMonth(d, row), numberCell(v, row, valueColumn), null);
    });
  }
  const others = allSeries.filter((s) => s !== EEI_SERIES);
  const release = inferredRelease(rows.observations.map((o) => o.period));
  return finishSeries({
    config: ECFIN_EEI,
    pinned,
    unit: ECFIN_EEI.unitCode!,
    stored: rows.storedInOrder(geoOf.values()),
    unknown: [...unknown].sort(),
    observations: rows.observations,
    processed: rows.processed,
    skippedMissing: rows.skippedMissing,
    readNote:
      "Read DG ECFIN's business and consumer survey indicators (long CSV: date, country, series, value; seasonally adjusted as DG ECFIN publishes them), stored as table ecfin_eei.",
    sourceUpdated: release,
    refKind: "row",
    extraNotes: [
      ...(others.length > 0
        ? [`Other series in the file were ignored (only EEI is stored): ${others.join(", ")}.`]
        : []),
      ...(release === null ? [] : [releaseNote(release)]),
    ],
  });
}

/**
 * The release of a DG ECFIN long file, which states none (score model v2.3): the last day of its newest month. DG
 * ECFIN publishes each month's business and consumer surveys at the end of that month, so a file whose newest month
 * is November 2025 is the November 2025 release (`nace2_ecfin_2511`), and a later release always reaches a later
 * month. Read from the content, never from the file's name, so two releases rank the same in any order of ingestion
 * (docs/decisions/022-publication-lags-and-releases.md). Null without any month.
 */
export function inferredRelease(periods: readonly Period[]): string | null {
  let newest: Period | null = null;
  for (const p of periods) if (newest === null || p > newest) newest = p;
  if (newest === null) return null;
  const [year, month] = newest.split("-").map(Number) as [number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return `${newest}-${month === 2 ? (leap ? 29 : 28) : DAYS[month - 1]}`;
}

function releaseNote(release: string): string {
  return (
    `DG ECFIN's file states no release date: it is read as the release of its newest month (${release.slice(0, 7)}, DG ECFIN publishes each month's surveys at its end), ` +
    "so within the Employment Expectations Indicator a later DG ECFIN file replaces an earlier one's months in any order of upload."
  );
}
