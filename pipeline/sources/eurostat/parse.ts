// Eurostat JSON-stat 2.0 file → ParsedFile: the one pinned series per country and period, with warnings
// and notes for the operator. Pure: text (or an already parsed object) in, ParsedFile out.

import { InputError } from "../../../lib/errors.ts";
import type { DataType, Observation, ParsedFile, Period } from "../../types.ts";
import { assertDataType } from "../../validate.ts";
import {
  decodeJsonStat,
  forEachSliceCell,
  type JsonStatDataset,
  type JsonStatDimension,
  type SliceVisitor,
} from "./jsonstat.ts";
import { normalisePeriod } from "./period.ts";
import { pinSeries, type PinnedSeries } from "./pin.ts";
import {
  fileSelections,
  finishSeries,
  moreSeries,
  seriesUnit,
  storedGeo,
  withMoreSeries,
  type Selection,
  type StoredGeo,
} from "./series.ts";
import { acceptedTable } from "./table-inference.ts";
import { type EurostatDataType, type TableConfig } from "./tables.ts";

export const NOT_JSON = "This file is not valid JSON.";
export const NOT_AN_OBJECT = "Invalid JSON: expected an object.";
export const LMB_NOT_JSON =
  "The European Labour Market Barometer (lmb) is an .xlsx file, not Eurostat JSON: upload the barometer workbook with data type lmb.";

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Raw text (string or bytes) is parsed; anything else is taken as already parsed (the API's `payload`). */
function readJsonObject(input: unknown): Record<string, unknown> {
  let value = input;
  if (typeof input === "string" || input instanceof Uint8Array) {
    const text = typeof input === "string" ? input : new TextDecoder().decode(input);
    try {
      value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      throw new InputError(NOT_JSON);
    }
  }
  if (!isPlainObject(value)) throw new InputError(NOT_AN_OBJECT);
  return value;
}

function eurostatType(dataType: DataType): EurostatDataType {
  const type = assertDataType(dataType);
  if (type === "lmb") throw new InputError(LMB_NOT_JSON);
  return type;
}

/** The dimension playing `role` (`geo`, `time`): the one with that id, else the one `role` names. */
function roleDimension(ds: JsonStatDataset, role: "geo" | "time"): JsonStatDimension {
  const dim = ds.dimension(role) ?? ds.dimension(ds.role[role]?.[0] ?? "");
  if (dim === undefined) {
    throw new InputError(
      `This Eurostat file has no "${role}" dimension, so it cannot give one value per country and period.`,
    );
  }
  return dim;
}

/** Normalised periods by time position; InputError for a label that is not a month or quarter of the table's frequency. */
function readPeriods(time: JsonStatDimension, config: TableConfig): Period[] {
  const seen = new Set<Period>();
  return time.codes.map((label) => {
    const p = normalisePeriod(label);
    if (p === null) {
      throw new InputError(
        `Time period "${label}" is not a month (YYYY-MM) or a quarter (YYYY-Qn); annual and other periods are not accepted.`,
        { period: label },
      );
    }
    if (p.freq !== config.freq) {
      const [is, want] = p.freq === "M" ? ["monthly", "quarterly"] : ["quarterly", "monthly"];
      throw new InputError(`Time period "${label}" is ${is}, but ${config.table} is a ${want} table.`, {
        period: label,
      });
    }
    if (seen.has(p.period))
      throw new InputError(`Time period ${p.period} appears twice in the file.`, { period: label });
    seen.add(p.period);
    return p.period;
  });
}

interface StoredAt extends StoredGeo {
  /** Position in the geo dimension. */
  pos: number;
}

/** Split the geo dimension into what is stored (covered countries, aggregates) and unknown codes. */
function classifyGeos(geo: JsonStatDimension): { stored: StoredAt[]; unknown: string[] } {
  const stored: StoredAt[] = [];
  const unknown: string[] = [];
  geo.codes.forEach((code, pos) => {
    const kept = storedGeo(code);
    if (kept !== null) stored.push({ pos, ...kept });
    else unknown.push(code);
  });
  return { stored, unknown };
}

interface SliceInput {
  ds: JsonStatDataset;
  config: TableConfig;
  pinned: PinnedSeries;
  /** The data type the observations are stored as (default: the table's; `sector_vacancy` for the sectors). */
  dataType?: Observation["dataType"];
  geoDim: string;
  timeDim: string;
  stored: readonly StoredAt[];
  periods: readonly Period[];
  unit: string;
}

/**
 * Read the pinned geo × time slice of the stored geos: O(stored geos × periods). Each observation's `ref` is
 * its flat value index.
 */
function readSlice(input: SliceInput): { observations: Observation[]; skippedMissing: number } {
  const { ds, config, pinned, stored, periods, unit } = input;
  const geoAt: Array<StoredAt | undefined> = [];
  for (const g of stored) geoAt[g.pos] = g;
  const { table } = config;
  const dataType = input.dataType ?? config.dataType;
  // Sized for the whole slice up front (then trimmed): no re-allocation while a million cells are read.
  const observations = new Array<Observation>(stored.length * periods.length);
  let count = 0;
  let skippedMissing = 0;
  const visit: SliceVisitor = (row, col, value, flag, flat) => {
    if (value === null) {
      skippedMissing++;
      return;
    }
    const { geo, isAggregate } = geoAt[row] as StoredAt;
    observations[count++] = { dataType, table, geo, isAggregate, period: periods[col]!, value, flag, unit, ref: flat };
  };
  forEachSliceCell(
    ds,
    pinned.positions,
    input.geoDim,
    input.timeDim,
    visit,
    stored.map((g) => g.pos),
  );
  observations.length = count;
  return { observations, skippedMissing };
}

/**
 * Parse one Eurostat JSON-stat 2.0 file for `dataType`. `input` is the raw file text (string or bytes)
 * or an already parsed object. Throws InputError with a message for the operator when the file cannot
 * be used; never returns an empty success.
 */
export function parseEurostat(input: string | Uint8Array | unknown, dataType: DataType): ParsedFile {
  const type = eurostatType(dataType);
  const ds = decodeJsonStat(readJsonObject(input));
  const geoDim = roleDimension(ds, "geo");
  const timeDim = roleDimension(ds, "time");
  const config = acceptedTable(ds, type, timeDim.id);
  const periods = readPeriods(timeDim, config);
  const pinned = pinSeries(ds, config, [geoDim.id, timeDim.id]);
  const { stored, unknown } = classifyGeos(geoDim);
  const unit = seriesUnit(config, pinned);
  const input0: SliceInput = { ds, config, pinned, geoDim: geoDim.id, timeDim: timeDim.id, stored, periods, unit };
  const read = readSlice(input0);
  const title = ds.label === null ? "" : ` (${ds.label})`;
  const updated = ds.updated === null ? "" : `, updated ${ds.updated}`;
  // The file's other accepted series and its sectors (docs/model.md §1 "Series", v2.3 §11).
  const selections = fileSelections(config, ds, pinned);
  const readOther = (codes: Selection, dataType: Observation["dataType"]) => {
    const positions = Object.fromEntries(codes.map(([d, c]) => [d, ds.dimension(d)!.positionOf(c)!]));
    return { codes, observations: readSlice({ ...input0, pinned: { positions, codes }, dataType }).observations };
  };
  const more = moreSeries(
    config,
    selections.others.map((codes) => readOther(codes, config.dataType)),
    selections.sectors.map((codes) => readOther(codes, "sector_vacancy")),
  );
  const parsed = finishSeries({
    config,
    pinned,
    unit,
    stored,
    unknown,
    observations: read.observations,
    processed: stored.length * periods.length,
    skippedMissing: read.skippedMissing,
    readNote: `Read Eurostat table ${config.table}${title}${updated}.`,
    sourceUpdated: ds.updated,
    refKind: "cell",
    extraNotes: more.notes,
  });
  return withMoreSeries(parsed, more);
}
