// Eurostat CSV downloads → ParsedFile, with the same tables, pins, messages and results as JSON-stat:
//  - SDMX-CSV as the data browser downloads it: `DATAFLOW,LAST UPDATE,<dimension columns>,TIME_PERIOD,OBS_VALUE,
//    OBS_FLAG[,CONF_STATUS]`, dimension cells as codes or as labels (labels.ts);
//  - a plain CSV with one column per dimension code plus `time` and `value` (an empty value = no observation).
// The table is named by DATAFLOW when the file has it, else recognised from its dimension columns and frequency.
// DuckDB reads the file (sources/csv) in one pass: it lists each dimension's categories and keeps, on the way,
// the rows of the series the first row's table pins (each with its data row number: Observation.ref, 1 = the
// first row after the header). A second pass is made only when that guess could not be relied on.
import { InputError } from "../../../lib/errors.ts";
import type { Observation, ParsedFile } from "../../types.ts";
import { HEADER_ONLY, type CsvFile } from "../csv/csv-file.ts";
import { csvLayout, lastUpdateStamp, type Layout } from "./csv-columns.ts";
import { capturedRows, classifyGeoCells, collect, readPinned, readSelections, selectionKey } from "./csv-rows.ts";
import { scan, type Scan } from "./csv-scan.ts";
import { fileTable, guessTable } from "./csv-table.ts";
import { pinSeries } from "./pin.ts";
import { fileSelections, finishSeries, moreSeries, seriesUnit, withMoreSeries, type Selection } from "./series.ts";
import type { EurostatDataType, TableConfig } from "./tables.ts";

// The steps live in their own modules (csv-columns.ts, csv-scan.ts, csv-table.ts, csv-rows.ts); what callers import
// from this path stays here.
export { dataflowTable, lastUpdateStamp } from "./csv-columns.ts";

function readNote(config: TableConfig, layout: Layout, cats: Scan): string {
  const labelled = [...cats.dims.values()].some((d) => d.labelled);
  const format = layout.sdmx
    ? `SDMX-CSV (cells as ${labelled ? "labels" : "codes"})`
    : "CSV with one column per dimension";
  const updated = cats.updated === null ? "" : `, updated ${lastUpdateStamp(cats.updated)}`;
  return `Read Eurostat table ${config.table} from ${format}${updated}.`;
}

/**
 * Parse one Eurostat CSV (SDMX-CSV with codes or labels, or one column per dimension) for `dataType`, read
 * through `file`. Throws InputError with a message for the operator naming the row or the column at fault;
 * never returns an empty success.
 */
export async function parseEurostatCsv(file: CsvFile, dataType: EurostatDataType): Promise<ParsedFile> {
  const layout = csvLayout(file);
  const { guess, updated } = await guessTable(file, layout, dataType);
  const cats = await scan(file, layout, guess, updated);
  if (cats.rows === 0) throw new InputError(HEADER_ONLY);
  const config = await fileTable(file, layout, cats, dataType);
  const geoId = "geo";
  const pinned = pinSeries({ ids: layout.dims.map((d) => d.id), dimension: (id) => cats.dims.get(id) }, config, [
    geoId,
  ]);
  const { geoOf, unknown } = classifyGeoCells(cats.dims.get(geoId)!);
  const unit = seriesUnit(config, pinned);
  const rows =
    geoOf.size === 0
      ? []
      : (capturedRows(layout, cats, guess, config, pinned, geoOf) ??
        (await readPinned(file, layout, cats, pinned, geoOf)));
  const main = collect(rows, file, layout, config, unit, geoOf);
  // The file's other accepted series and its sectors (docs/model.md §1 "Series", v2.3 §11), in one more pass.
  const selections = fileSelections(config, { dimension: (id) => cats.dims.get(id) }, pinned);
  const wanted = [...selections.others, ...selections.sectors];
  const rowsOf =
    wanted.length > 0 && geoOf.size > 0 ? await readSelections(file, layout, cats, wanted, geoOf) : new Map();
  const read = (codes: Selection, dataType: Observation["dataType"]) => ({
    codes,
    observations: collect(rowsOf.get(selectionKey(codes)) ?? [], file, layout, config, unit, geoOf, dataType)
      .observations,
  });
  const more = moreSeries(
    config,
    selections.others.map((codes) => read(codes, config.dataType)),
    selections.sectors.map((codes) => read(codes, "sector_vacancy")),
  );
  const parsed = finishSeries({
    config,
    pinned,
    unit,
    stored: main.storedInOrder(geoOf.values()),
    unknown,
    observations: main.observations,
    processed: main.processed,
    skippedMissing: main.skippedMissing,
    readNote: readNote(config, layout, cats),
    sourceUpdated: cats.updated === null ? null : lastUpdateStamp(cats.updated),
    refKind: "row",
    extraNotes: more.notes,
  });
  return withMoreSeries(parsed, more);
}
