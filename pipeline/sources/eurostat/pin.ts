// Pinning: fix every dimension but geo and time to one category, so that the file holds exactly one
// series per country and period (docs/data-sources.md). A filter that matches nothing is an error, said in
// plain words: which table the file is, what it holds, what the index reads, and what to download instead.

import { InputError } from "../../../lib/errors.ts";
import { readingsOf, type PinRule, type TableConfig } from "./tables.ts";

/** A dimension as pinning sees it: its category codes (a JSON-stat dimension, or a CSV column's distinct codes). */
export interface PinDimension {
  id: string;
  codes: readonly string[];
  positionOf(code: string): number | undefined;
}

/** The dimensions of a file, in its order (a JSON-stat dataset fits as it is). */
export interface PinSource {
  ids: readonly string[];
  dimension(id: string): PinDimension | undefined;
}

export interface PinnedSeries {
  /** Position of the pinned category per dimension (all dimensions but geo and time). */
  positions: Readonly<Record<string, number>>;
  /** Code of the pinned category per dimension, in cube order. */
  codes: ReadonlyArray<readonly [dimension: string, code: string]>;
}

const MAX_LISTED = 12;

/** `A, B, C` or `A, B, … and 30 more`. */
function listCodes(codes: readonly string[]): string {
  if (codes.length <= MAX_LISTED) return codes.join(", ");
  return `${codes.slice(0, MAX_LISTED).join(", ")}, … and ${codes.length - MAX_LISTED} more`;
}

/** What a pinned dimension is, in words, for the messages (its Eurostat code stays beside it). */
const DIMENSION_NAMES: Readonly<Record<string, string>> = {
  age: "age group",
  coicop: "product group",
  coicop18: "product group",
  freq: "frequency",
  indic: "indicator",
  indic_em: "indicator",
  na_item: "national accounts item",
  nace_r2: "economic activity",
  nace_r2_1: "economic activity",
  s_adj: "seasonal adjustment",
  sex: "sex",
  sizeclas: "firm size",
  unit: "unit",
};

const named = (id: string): string =>
  DIMENSION_NAMES[id] && DIMENSION_NAMES[id] !== id ? `${id} (${DIMENSION_NAMES[id]})` : id;

/** `SA`, or `B-S, else A-T`: the codes a pin takes, in order of preference. */
const preferred = (codes: readonly string[]): string => codes.join(", else ");

/** Another reading of the same table whose pin on this dimension the file has (une_rt_m with age Y_LT25: youth_unemployment). */
function otherReading(dim: PinDimension, config: TableConfig): TableConfig | undefined {
  return readingsOf(config.table).find(
    (t) =>
      t.dataType !== config.dataType &&
      t.pins.some((p) => p.dimension === dim.id && p.codes.some((c) => dim.positionOf(c) !== undefined)),
  );
}

function pinOne(dim: PinDimension, rule: PinRule, config: TableConfig): number {
  for (const code of rule.codes) {
    const pos = dim.positionOf(code);
    if (pos !== undefined) return pos;
  }
  const table = config.table;
  const only = dim.codes.length === 1 ? "only " : "";
  const other = otherReading(dim, config);
  const hint = other
    ? ` Its ${dim.id} ${other.pins.find((p) => p.dimension === dim.id)!.codes.join(", ")} is read as data type ${other.dataType}: to store that, upload the file with data type ${other.dataType}.`
    : "";
  throw new InputError(
    `This file is Eurostat table ${table}, but not the series the index reads: its ${named(dim.id)} holds ${only}${listCodes(dim.codes)}, ` +
      `and the index reads ${preferred(rule.codes)}. Download ${table} again with ${dim.id} ${rule.codes.join(" or ")} included, and upload that file.${hint}`,
    { dimension: dim.id, wanted: rule.codes, found: dim.codes },
  );
}

function missingDimension(rule: PinRule, table: string): InputError {
  return new InputError(
    `This file is Eurostat table ${table}, but it has no ${named(rule.dimension)} dimension, which the index needs (${rule.dimension} ${preferred(rule.codes)}). ` +
      `Download ${table} again with all its dimensions, and upload that file.`,
    { dimension: rule.dimension, wanted: rule.codes },
  );
}

function ambiguous(dim: PinDimension): InputError {
  return new InputError(
    `Ambiguous file: dimension "${dim.id}" has ${dim.codes.length} categories (${listCodes(dim.codes)}); it must have one, so that the file holds exactly one series per country and period.`,
    { dimension: dim.id, categories: dim.codes },
  );
}

/**
 * Apply the table's pins, then require every other dimension (but geo and time) to have a single
 * category. Throws InputError naming the dimension (and code) at fault.
 */
export function pinSeries(ds: PinSource, config: TableConfig, free: readonly string[]): PinnedSeries {
  const rules = new Map(config.pins.map((r) => [r.dimension, r]));
  for (const rule of config.pins) {
    if (rule.optional !== true && ds.dimension(rule.dimension) === undefined) {
      throw missingDimension(rule, config.table);
    }
  }
  const positions: Record<string, number> = {};
  const codes: Array<readonly [string, string]> = [];
  for (const id of ds.ids) {
    if (free.includes(id)) continue;
    const dim = ds.dimension(id) as PinDimension;
    const rule = rules.get(id);
    if (rule === undefined && dim.codes.length !== 1) throw ambiguous(dim);
    const pos = rule === undefined ? 0 : pinOne(dim, rule, config);
    positions[id] = pos;
    codes.push([id, dim.codes[pos]]);
  }
  return { positions, codes };
}

/** `freq=M, s_adj=SA, …` in cube order. */
export function describePins(pinned: PinnedSeries): string {
  return pinned.codes.map(([dim, code]) => `${dim}=${code}`).join(", ");
}
