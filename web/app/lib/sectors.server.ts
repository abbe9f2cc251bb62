// The sector context as the pages carry it (docs/product.md "Where the openings are", `/sectors`, compare): each
// published sector figure without its full history (the loader data is hydrated: the trend travels compacted, the
// page draws it as server-rendered SVG), with how many quarters it is older than the country's headline vacancy rate.
// The figures are the published snapshot's (pipeline/sectors.ts); nothing here computes a rate.
import { familyOfDataType, withinCutoff } from "../../../pipeline/model/current.ts";
import { SECTOR_DATA_TYPE } from "../../../pipeline/types.ts";
import type { PublishedSnapshot } from "../../../pipeline/youth.ts";
import {
  compactTrend,
  pickSector,
  quarterPlus,
  sectorView,
  yearChange,
  type CompactTrend,
  type CompareSectorCell,
  type SectorChoice,
  type SectorRate,
} from "../../../product/sectors.ts";

/** The headline vacancy rate's quarter of a snapshot (the all-sector rate of the freshest table, docs/model.md §1). */
export const headlineQuarter = (snapshot: PublishedSnapshot | null | undefined): string | null =>
  snapshot?.vacancy?.period ?? null;

/** The country page's sectors: the shown aggregates (finer sections are read by roles, on /sectors and compare). */
export function countrySectors(snapshot: PublishedSnapshot | null | undefined) {
  const headline = headlineQuarter(snapshot);
  const asOf = snapshot?.as_of ?? null;
  const sectors = (snapshot?.sectors ?? [])
    .filter((s) => (s.part_of ?? null) === null)
    .map((s) => ({ ...sectorView(s, headline), trend: compactTrend(s.history) as CompactTrend | null }));
  return {
    sectors,
    /**
     * The oldest quarter within the sector figures' 24-month cut-off as of the publication: the trend's quarters
     * before it are shown but no longer count as a current figure. Null when no trend reaches back that far.
     */
    trendCutoff:
      asOf === null
        ? null
        : cutoffQuarter(
            sectors.map((s) => s.trend?.from ?? s.period),
            asOf,
          ),
  };
}

/** The oldest quarter within the cut-off as of `asOf`, when one of `firsts` (the trends' first quarters) precedes it. */
function cutoffQuarter(firsts: readonly string[], asOf: string): string | null {
  const family = familyOfDataType(SECTOR_DATA_TYPE);
  const oldest = [...firsts].sort()[0];
  if (oldest === undefined || withinCutoff(oldest, family, asOf)) return null;
  let q = oldest;
  for (let i = 0; i < 200 && !withinCutoff(q, family, asOf); i++) q = quarterPlus(q, 1);
  return q;
}

/** A sector figure with its change over a year (`/sectors`), as the page shows it. */
export function sectorWithYear(rate: SectorRate, headline: string | null) {
  const year = yearChange(rate);
  return {
    ...sectorView(rate, headline),
    year: year && { from: year.from.period, fromValue: year.from.value, change: year.change },
  };
}

/**
 * One country's figure for a visitor's pick on compare: for every sector, the headline vacancy rate (the one the
 * score reads, while it counts); for a sector or role, its published rate (pickSector), as a page shows it. Null when
 * the country has none (or while publication is paused).
 */
export function compareSectorCell(
  snapshot: PublishedSnapshot | null | undefined,
  choice: SectorChoice,
  paused: boolean,
): CompareSectorCell | null {
  if (paused || !snapshot) return null;
  if (choice.kind === "all") {
    const v = snapshot.vacancy;
    // The headline rate while it counts (it is then the score's V input); past its cut-off it is not shown as current.
    if (!v || !snapshot.sub_scores.V) return null;
    return { kind: "all", value: v.value, period: v.period, flag: v.flag ?? null };
  }
  if (choice.codes === null) return null;
  const rate = pickSector(snapshot.sectors ?? [], choice.codes);
  return rate && { kind: "sector", ...sectorView(rate, headlineQuarter(snapshot)) };
}
