// Pinning: fix every dimension but geo and time to one category, so that the file holds exactly one
// series per country and period (docs/data-sources.md). A filter that matches nothing is an error.

import { InputError } from "../../errors.ts";
import type { PinRule, TableConfig } from "./tables.ts";

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
export function listCodes(codes: readonly string[]): string {
  if (codes.length <= MAX_LISTED) return codes.join(", ");
  return `${codes.slice(0, MAX_LISTED).join(", ")}, … and ${codes.length - MAX_LISTED} more`;
}

function pinOne(dim: PinDimension, rule: PinRule): number {
  for (const code of rule.codes) {
    const pos = dim.positionOf(code);
    if (pos !== undefined) return pos;
  }
  const wanted = rule.codes.length === 1 ? `no category "${rule.codes[0]}"` : `none of ${rule.codes.join(", ")}`;
  throw new InputError(
    `Filter matches nothing: dimension "${dim.id}" has ${wanted} (the file has: ${listCodes(dim.codes)}).`,
    { dimension: dim.id, wanted: rule.codes, found: dim.codes },
  );
}

function missingDimension(rule: PinRule, table: string): InputError {
  return new InputError(
    `Filter matches nothing: the file has no dimension "${rule.dimension}" (${table} needs ${rule.dimension}=${rule.codes[0]}).`,
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
    const pos = rule === undefined ? 0 : pinOne(dim, rule);
    positions[id] = pos;
    codes.push([id, dim.codes[pos]]);
  }
  return { positions, codes };
}

/** `freq=M, s_adj=SA, …` in cube order. */
export function describePins(pinned: PinnedSeries): string {
  return pinned.codes.map(([dim, code]) => `${dim}=${code}`).join(", ");
}
