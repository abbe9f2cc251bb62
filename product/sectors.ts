// Sector context (score model v2.3 §11; docs/product.md "Where the openings are", `/sectors`, compare): which
// aggregate each of the community's role families reads, what a visitor's `sector` parameter names, how a pick finds
// a country's rate, how old a sector figure is beside the headline rate, and its change over a year. The aggregates
// shown and the published rate are the pipeline's (pipeline/sector-list.ts). Context only: no score, ranking,
// weather word or card reads it. Pure; the browser bundle may import it.
import { roundHalfAway } from "../pipeline/model/round.ts";
import {
  FINER_R2_TO_R21,
  FINER_SECTORS,
  NACE_REVISIONS,
  SHOWN_SECTORS,
  type NaceRevision,
  type SectorPoint,
  type SectorRate,
} from "../pipeline/sector-list.ts";
import { ROLE_FAMILIES, type RoleFamily } from "./options.ts";

export { type SectorPoint, type SectorRate };

/** The codes a pick reads in each revision, finest first: the first one a country has is its figure there. */
export type SectorCodes = Readonly<Record<NaceRevision, readonly string[]>>;

/**
 * The aggregates each role family of the community reads (score model v2.3 §11; docs/model.md §12), per revision,
 * finest first: a finer section where a loaded file holds it (Healthcare: human health and social work, Q in NACE
 * Rev. 2, R in Rev. 2.1), else the shown aggregate it is published in (O-Q, P-R). Null where no single aggregate fits
 * (Product, Design, Marketing, Sales, Operations, Other).
 */
export const ROLE_FAMILY_SECTORS: Readonly<Record<RoleFamily, SectorCodes | null>> = {
  "IT/Engineering": { nace_r2: ["J"], nace_r2_1: ["K", "J-K"] },
  Product: null,
  Design: null,
  Operations: null,
  Sales: null,
  Marketing: null,
  Finance: { nace_r2: ["K"], nace_r2_1: ["L"] },
  Healthcare: { nace_r2: ["Q", "O-Q"], nace_r2_1: ["R", "P-R"] },
  Education: { nace_r2: ["P", "O-Q"], nace_r2_1: ["Q", "P-R"] },
  Hospitality: { nace_r2: ["I", "G-I"], nace_r2_1: ["I", "G-I"] },
  Manufacturing: { nace_r2: ["C"], nace_r2_1: ["C"] },
  Construction: { nace_r2: ["F"], nace_r2_1: ["F"] },
  Transportation: { nace_r2: ["H", "G-I"], nace_r2_1: ["H", "G-I"] },
  Retail: { nace_r2: ["G", "G-I"], nace_r2_1: ["G", "G-I"] },
  Other: null,
};

/** The sectors a visitor picks from a list: every shown NACE Rev. 2 aggregate, by its code. */
export const PICKABLE_SECTORS: readonly string[] = SHOWN_SECTORS.nace_r2;

/**
 * The codes a NACE Rev. 2 code reads: a shown aggregate itself and its NACE Rev. 2.1 counterpart; a finer section
 * (`Q`) itself where loaded, else the aggregate it is part of (`O-Q`), in both revisions. Null for any other code.
 */
export function sectorCodes(code: string): SectorCodes | null {
  const shown = SHOWN_SECTORS.nace_r2.indexOf(code);
  if (shown >= 0) return { nace_r2: [code], nace_r2_1: [SHOWN_SECTORS.nace_r2_1[shown]!] };
  const partOf = FINER_SECTORS.nace_r2[code];
  const r21 = FINER_R2_TO_R21[code];
  if (partOf === undefined || r21 === undefined) return null;
  return { nace_r2: [code, partOf], nace_r2_1: [r21, FINER_SECTORS.nace_r2_1[r21]!] };
}

/** A role family's slug (`it-engineering`), as the experience form names its option. */
export const roleSlug = (family: RoleFamily): string =>
  family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A role family as the `sector` parameter: `role-it-engineering`. */
export const roleValue = (family: RoleFamily): string => `role-${roleSlug(family)}`;

/** What a visitor picked: every sector (the all-sector rate), a sector by its NACE Rev. 2 code, or a role family. */
export type SectorChoice =
  | { kind: "all"; value: "all" }
  | { kind: "sector"; code: string; value: string; codes: SectorCodes }
  | { kind: "role"; family: RoleFamily; value: string; codes: SectorCodes | null };

/** The value of the "all sectors" choice (compare's default). */
export const ALL_CHOICE = "all";

/**
 * What the `sector` parameter names (one scheme: a NACE Rev. 2 code, `J`, `O-Q`, or a finer section, `Q`; a role
 * family as `role-healthcare`; `all` for every sector where the page offers it). Also accepted where unambiguous: any
 * case and spaces around it, a role family without `role-` (`healthcare`). Anything else is `unknown` and the page
 * shows `fallback` with a note; nothing throws.
 */
export function readSectorChoice(
  raw: string | null,
  fallback: SectorChoice,
  { allowAll = false }: { allowAll?: boolean } = {},
): { choice: SectorChoice; unknown: boolean } {
  const asked = (raw ?? "").trim();
  if (asked === "") return { choice: fallback, unknown: false };
  if (allowAll && asked.toLowerCase() === ALL_CHOICE)
    return { choice: { kind: "all", value: ALL_CHOICE }, unknown: false };
  const code = asked.toUpperCase();
  const codes = sectorCodes(code);
  if (codes !== null) return { choice: { kind: "sector", code, value: code, codes }, unknown: false };
  const slug = asked.toLowerCase().replace(/^role-/, "");
  const family = ROLE_FAMILIES.find((f) => roleSlug(f) === slug);
  if (family) {
    return {
      choice: { kind: "role", family, value: roleValue(family), codes: ROLE_FAMILY_SECTORS[family] },
      unknown: false,
    };
  }
  return { choice: fallback, unknown: true };
}

/** A sector choice of a NACE Rev. 2 code that sectorCodes knows (a page's default). */
export function sectorChoice(code: string): SectorChoice {
  return { kind: "sector", code, value: code, codes: sectorCodes(code)! };
}

/**
 * A country's rate for a pick: in each revision the first of its codes the country has (the finest loaded), then the
 * newer quarter of the two revisions (NACE Rev. 2.1 on equal quarters). Null when it has none.
 */
export function pickSector(sectors: readonly SectorRate[], codes: SectorCodes): SectorRate | null {
  let best: SectorRate | null = null;
  for (const revision of NACE_REVISIONS) {
    const found = codes[revision]
      .map((code) => sectors.find((s) => s.revision === revision && s.code === code))
      .find((s) => s !== undefined);
    if (
      found &&
      (best === null || found.period > best.period || (found.period === best.period && revision === "nace_r2_1"))
    )
      best = found;
  }
  return best;
}

/** Quarter index of `YYYY-Qn` (consecutive quarters differ by one); null for anything else. */
function quarterIndex(period: string): number | null {
  const m = /^(\d{4})-Q([1-4])$/.exec(period);
  return m ? Number(m[1]) * 4 + Number(m[2]) - 1 : null;
}

/**
 * How many quarters a sector figure is older than the headline vacancy rate (the country's all-sector rate, of its
 * freshest table, docs/model.md §1): 0 when it is as new or newer, null without a headline quarter.
 */
export function quartersBehind(sectorPeriod: string, headlinePeriod: string | null | undefined): number | null {
  const a = quarterIndex(sectorPeriod);
  const b = headlinePeriod ? quarterIndex(headlinePeriod) : null;
  if (a === null || b === null) return null;
  return Math.max(0, b - a);
}

/**
 * The change over a year of a sector's rate: its figure minus the same series' value four quarters before, as the
 * difference of the two shown values (one decimal, half away from zero); null when the trend has no such quarter.
 */
export function yearChange(
  rate: Pick<SectorRate, "period" | "value" | "history">,
): { from: SectorPoint; change: number } | null {
  const at = quarterIndex(rate.period);
  if (at === null) return null;
  const from = (rate.history ?? []).find((p) => quarterIndex(p.period) === at - 4);
  if (!from) return null;
  return { from, change: roundHalfAway(roundHalfAway(rate.value, 1) - roundHalfAway(from.value, 1), 1) };
}

/**
 * A trend as the pages carry it (small: the loader data is hydrated): the first quarter and one value per quarter
 * from it to the figure's, null where the series has no value.
 */
export interface CompactTrend {
  from: string;
  values: Array<number | null>;
}

/** A sector's trend, compacted (CompactTrend); null with fewer than two quarters. */
export function compactTrend(history: readonly SectorPoint[] | undefined): CompactTrend | null {
  if (!history || history.length < 2) return null;
  const first = quarterIndex(history[0]!.period);
  const last = quarterIndex(history.at(-1)!.period);
  if (first === null || last === null) return null;
  const values: Array<number | null> = Array.from({ length: last - first + 1 }, () => null);
  for (const p of history) {
    const i = quarterIndex(p.period);
    if (i !== null) values[i - first] = p.value;
  }
  return { from: history[0]!.period, values };
}

/** The quarter `n` quarters after `period` (`2023-Q2` + 3 → `2024-Q1`). */
export function quarterPlus(period: string, n: number): string {
  const i = quarterIndex(period);
  if (i === null) return period;
  const j = i + n;
  return `${Math.floor(j / 4)}-Q${(j % 4) + 1}`;
}

/**
 * A sector figure as a page shows it: the published rate less its history and its source (a page that shows the
 * source receives it from the publication, web/app/lib/country.server.ts), plus what the page says of its age.
 */
export type SectorView = Omit<SectorRate, "history" | "part_of" | "source"> & {
  part_of: string | null;
  /** Quarters older than the country's headline vacancy rate (0: as new); null without a headline rate. */
  behind: number | null;
  /** The quarter of the headline vacancy rate it is compared with; null without one. */
  headline: string | null;
};

/** A published sector figure as a page shows it, beside the quarter of the country's headline vacancy rate. */
export function sectorView(rate: SectorRate, headline: string | null): SectorView {
  const { history: _history, source: _source, ...rest } = rate;
  return { ...rest, part_of: rate.part_of ?? null, behind: quartersBehind(rate.period, headline), headline };
}

/** One country's figure for a pick on compare: the headline vacancy rate (every sector) or a sector's figure. */
export type CompareSectorCell =
  { kind: "all"; value: number; period: string; flag: string | null } | ({ kind: "sector" } & SectorView);
