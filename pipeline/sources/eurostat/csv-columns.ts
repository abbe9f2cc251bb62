// Which column of a Eurostat CSV plays which part (time, value, flag, geo, the other dimensions, DATAFLOW and
// LAST UPDATE), and how the two cells that describe the file read: the DATAFLOW's table, the LAST UPDATE's stamp.
import { InputError } from "../../../lib/errors.ts";
import type { CsvFile } from "../csv/csv-file.ts";

/** Columns that describe the file, not the series. */
const META_COLUMNS = ["dataflow", "structure", "structure_id", "action", "last update"];
/** Observation attributes (flags, confidentiality): never dimensions. */
const ATTRIBUTE_COLUMNS = ["obs_flag", "obs_status", "conf_status", "flag", "flags", "status"];

/** Which column plays which part. Positions in the header; -1 when absent. */
export interface Layout {
  dataflow: number;
  updated: number;
  time: number;
  value: number;
  flag: number;
  /** Dimension columns: position and dimension id (lower case, `freq:Time frequency` → `freq`). */
  dims: Array<{ pos: number; id: string }>;
  geo: number;
  /** True for SDMX-CSV (TIME_PERIOD / OBS_VALUE / DATAFLOW), false for one column per dimension code. */
  sdmx: boolean;
}

const dimensionId = (name: string): string => name.split(":")[0]!.trim().toLowerCase();

function missingColumn(what: string, names: readonly string[]): InputError {
  const listed = names.map((n) => `"${n}"`).join(" or ");
  return new InputError(
    `This CSV has no ${what} column (${listed}), so it cannot give one value per country and period.`,
    {
      column: names[0],
    },
  );
}

/** Recognises the columns; InputError naming a needed column (time, value, geo) the file lacks. */
export function csvLayout(file: Pick<CsvFile, "header" | "column">): Layout {
  const time = file.column("TIME_PERIOD", "time");
  if (time < 0) throw missingColumn("time", ["TIME_PERIOD", "time"]);
  const value = file.column("OBS_VALUE", "value");
  if (value < 0) throw missingColumn("value", ["OBS_VALUE", "value"]);
  const roles = new Set([time, value]);
  const dims: Layout["dims"] = [];
  file.header.forEach((name, pos) => {
    const lower = name.trim().toLowerCase();
    if (
      lower === "" ||
      roles.has(pos) ||
      pos > value ||
      META_COLUMNS.includes(lower) ||
      ATTRIBUTE_COLUMNS.includes(lower)
    )
      return;
    dims.push({ pos, id: dimensionId(name) });
  });
  const geo = dims.find((d) => d.id === "geo")?.pos ?? -1;
  if (geo < 0) throw missingColumn("geo", ["geo"]);
  const dataflow = file.column("DATAFLOW", "STRUCTURE_ID");
  return {
    dataflow,
    updated: file.column("LAST UPDATE"),
    time,
    value,
    flag: file.column("OBS_FLAG", "OBS_STATUS", "flag", "status"),
    dims,
    geo,
    sdmx: dataflow >= 0 || file.header[time]!.toUpperCase() === "TIME_PERIOD",
  };
}

/** `ESTAT:UNE_RT_M(1.0)` → `une_rt_m`; `une_rt_m` as is. */
export function dataflowTable(cell: string): string {
  const m = /^(?:[A-Za-z0-9_.-]+:)?([A-Za-z0-9_]+)(?:\([^)]*\))?$/.exec(cell.trim());
  return (m ? m[1]! : cell.trim()).toLowerCase();
}

/** The data browser's `LAST UPDATE` (`06/06/25 23:00:00`, day first) → `2025-06-06T23:00:00`; other text as is. */
export function lastUpdateStamp(cell: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell.trim());
  if (!m) return cell.trim();
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  return `${year}-${m[2]}-${m[1]}T${m[4] ?? "00"}:${m[5] ?? "00"}:${m[6] ?? "00"}`;
}
