// Test helper: the observations of a JSON-stat dataset written as Eurostat's CSV downloads, so that every
// format can be checked against the same data: SDMX-CSV with codes, SDMX-CSV with labels (the dataset's own
// category labels), and the plain CSV with one column per dimension code plus `time` and `value` (and `flag`
// when the dataset has status flags, so that no fact is lost between formats).
import { decodeJsonStat, flatIndex, type JsonStatDataset } from "./jsonstat.ts";

export type CsvFlavour = "sdmx-codes" | "sdmx-labels" | "plain";

/** One CSV cell, quoted when it holds a comma, a quote or a line end. */
const cell = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** `2026-09-22T11:00:00+0200` → `22/09/26 11:00:00` (the data browser's LAST UPDATE, day first). */
function lastUpdate(updated: string | null): string {
  const m = updated === null ? null : /^(\d{2})(\d{2})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(updated);
  return m ? `${m[4]}/${m[3]}/${m[2]} ${m[5]}` : "";
}

/** Every cell of the cube in row-major order: one position per dimension. */
function* positions(ds: JsonStatDataset): Generator<Record<string, number>> {
  for (let flat = 0; flat < ds.cellCount; flat++) {
    const at: Record<string, number> = {};
    let rest = flat;
    for (let i = ds.ids.length - 1; i >= 0; i--) {
      at[ds.ids[i]!] = rest % ds.sizes[i]!;
      rest = Math.floor(rest / ds.sizes[i]!);
    }
    yield at;
  }
}

/**
 * `raw` (a parsed JSON-stat dataset) as a CSV of `flavour`, CRLF line ends as Eurostat writes them. SDMX-CSV
 * has a row per value (as the data browser writes it); the plain CSV has a row per cell, an empty value where
 * the cube has none. `table` is the DATAFLOW code (`UNE_RT_M`).
 */
export function jsonStatToCsv(raw: unknown, flavour: CsvFlavour, table: string): string {
  const ds = decodeJsonStat(raw);
  const dims = ds.ids.filter((id) => id !== "time");
  const sdmx = flavour !== "plain";
  let flags = false;
  for (let flat = 0; flat < ds.cellCount && !flags; flat++) flags = ds.statusAt(flat) !== null;
  const head = sdmx
    ? ["DATAFLOW", "LAST UPDATE", ...dims, "TIME_PERIOD", "OBS_VALUE", "OBS_FLAG", "CONF_STATUS"]
    : [...dims, "time", "value", ...(flags ? ["flag"] : [])];
  const lines = [head.join(",")];
  const text = (id: string, pos: number): string => {
    const dim = ds.dimension(id)!;
    return flavour === "sdmx-labels" && id !== "time" ? dim.labels[pos]! : dim.codes[pos]!;
  };
  for (const at of positions(ds)) {
    const flat = flatIndex(ds, at);
    const value = ds.valueAt(flat);
    if (sdmx && value === null) continue;
    const cells = dims.map((id) => text(id, at[id]!));
    const time = text("time", at.time!);
    const shown = value === null ? "" : String(value);
    lines.push(
      (sdmx
        ? [
            `ESTAT:${table.toUpperCase()}(1.0)`,
            lastUpdate(ds.updated),
            ...cells,
            time,
            shown,
            ds.statusAt(flat) ?? "",
            "",
          ]
        : [...cells, time, shown, ...(flags ? [ds.statusAt(flat) ?? ""] : [])]
      )
        .map(cell)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
