// Which table a file is: the code it declares, else the one its shape and title match among the tables the index
// reads (tables.ts), and the refusal that names the accepted ones when none does.
import { InputError } from "../../../lib/errors.ts";
import type { JsonStatDataset } from "./jsonstat.ts";
import { normalisePeriod, type Frequency } from "./period.ts";
import {
  ACCEPTED_TABLES,
  EUROSTAT_TABLES,
  REFUSED_TABLES,
  tableConfig,
  type EurostatDataType,
  type TableConfig,
} from "./tables.ts";

/** The table code the file declares (`extension.id`, else `extension.datastructure.id`), lower case. */
export function declaredTable(ds: JsonStatDataset): string | null {
  const ext = ds.extension;
  const structure = ext.datastructure as { id?: unknown } | undefined;
  const id = typeof ext.id === "string" ? ext.id : typeof structure?.id === "string" ? structure.id : null;
  return id !== null && id.trim() !== "" ? id.trim().toLowerCase() : null;
}

/** The file's frequency: its single `freq` category, else the first time label's. Null when unknown. */
function datasetFrequency(ds: JsonStatDataset, timeDimension: string): Frequency | null {
  const freq = ds.dimension("freq");
  if (freq?.codes.length === 1 && (freq.codes[0] === "M" || freq.codes[0] === "Q")) return freq.codes[0];
  const first = ds.dimension(timeDimension)?.codes[0];
  return first === undefined ? null : (normalisePeriod(first)?.freq ?? null);
}

/** What tells a file's table when the file does not name it: its dimensions, its frequency and its title. */
export interface TableShape {
  hasDimension(id: string): boolean;
  freq: Frequency | null;
  label: string | null;
}

const hasPinDimensions = (shape: TableShape, t: TableConfig): boolean =>
  t.pins.every((p) => p.optional === true || shape.hasDimension(p.dimension));

/** The one table whose dimensions and frequency fit, else whose title fits; undefined when not exactly one. */
function inferTableFromShape(shape: TableShape, dataType?: string): TableConfig | undefined {
  // One candidate per table code: the reading for `dataType` when the table has one, else its first.
  const onePerTable = (list: readonly TableConfig[]): TableConfig[] =>
    [...new Set(list.map((t) => t.table))].map((table) => {
      const readings = list.filter((t) => t.table === table);
      return readings.find((t) => t.dataType === dataType) ?? readings[0]!;
    });
  const byShape = onePerTable(
    EUROSTAT_TABLES.filter((t) => hasPinDimensions(shape, t) && (shape.freq === null || t.freq === shape.freq)),
  );
  if (byShape.length === 1) return byShape[0];
  // Several fit (jvs_q_nace2 and ei_lmjv_q_r2 share their dimensions): the one whose pins the file lacks fewest of.
  const missing = (t: TableConfig) => t.pins.filter((p) => !shape.hasDimension(p.dimension)).length;
  const fewest = Math.min(...byShape.map(missing));
  const closest = byShape.filter((t) => missing(t) === fewest);
  if (closest.length === 1 && byShape.length > 1) return closest[0];
  const label = shape.label ?? "";
  const byLabel = onePerTable(
    (byShape.length > 1 ? byShape : EUROSTAT_TABLES).filter((t) => t.labelPattern.test(label)),
  );
  return byLabel.length === 1 ? byLabel[0] : undefined;
}

const jsonStatShape = (ds: JsonStatDataset, timeDimension: string): TableShape => ({
  hasDimension: (id) => ds.dimension(id) !== undefined,
  freq: datasetFrequency(ds, timeDimension),
  label: ds.label,
});

/** A JSON-stat file without `extension.id`: the one table whose dimensions and frequency fit, else whose title fits. */
export function inferTable(ds: JsonStatDataset, timeDimension: string): TableConfig | undefined {
  return inferTableFromShape(jsonStatShape(ds, timeDimension));
}

/** The Eurostat formats every table is accepted in (docs/data-sources.md §2). */
const EUROSTAT_FORMATS =
  "JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx";

/**
 * Every layout accepted for `dataType`, in words: its Eurostat tables and formats, and for expectations DG ECFIN's
 * long CSV too (read by sources/ecfin, stored as table ecfin_eei).
 */
function acceptedList(dataType: EurostatDataType): string {
  const tables = ACCEPTED_TABLES[dataType].map((t) => t.table);
  const eurostat = `Eurostat ${tables.length > 1 ? "tables" : "table"} ${tables.join(" or ")} (${EUROSTAT_FORMATS})`;
  const ecfin = dataType === "expectations" ? ", or DG ECFIN's survey CSV (columns date, country, series, value)" : "";
  return `Accepted for ${dataType}: ${eurostat}${ecfin}.`;
}

/**
 * The configuration of the table a file declares (`declared`, lower case) or, when it declares none, of the
 * one its shape fits, when that table is accepted for `dataType`; InputError naming the table and the accepted
 * ones otherwise. `unnamed` says how the file fails to name its table (`it has no "extension.id"`).
 */
export function resolveTable(
  declared: string | null,
  shape: TableShape,
  dataType: EurostatDataType,
  unnamed: string,
): TableConfig {
  const config = declared !== null ? tableConfig(declared, dataType) : inferTableFromShape(shape, dataType);
  if (config?.dataType === dataType) return config;
  if (config !== undefined) {
    throw new InputError(
      `This file is Eurostat table ${config.table}, which holds ${config.dataType}, not ${dataType}: upload it with data type ${config.dataType}. ${acceptedList(dataType)}`,
      { table: config.table, dataType },
    );
  }
  if (declared !== null) {
    const why = REFUSED_TABLES[declared];
    throw new InputError(
      `This file is Eurostat table ${declared}, which the index does not read${why ? `: ${why}` : ""}. ${acceptedList(dataType)}`,
      { table: declared, dataType },
    );
  }
  throw new InputError(
    `Could not tell which Eurostat table this file is (${unnamed} and its dimensions match no accepted table). ${acceptedList(dataType)}`,
    { dataType },
  );
}

/**
 * The configuration of the file's table when it is accepted for `dataType`; InputError naming the table
 * and the accepted ones otherwise.
 */
export function acceptedTable(ds: JsonStatDataset, dataType: EurostatDataType, timeDimension: string): TableConfig {
  return resolveTable(declaredTable(ds), jsonStatShape(ds, timeDimension), dataType, 'it has no "extension.id"');
}
