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
  roleSlug,
  type CompareSectorCell,
  type SectorChoice,
  type SectorRate,
  type SectorView,
} from "../../../product/sectors.ts";
import type { RoleFamily } from "../../../product/options.ts";

/** The headline vacancy rate's quarter of a snapshot (the all-sector rate of the freshest table, docs/model.md §1). */
export const headlineQuarter = (snapshot: PublishedSnapshot | null | undefined): string | null =>
  snapshot?.vacancy?.period ?? null;

/**
 * The country page's sectors: the shown aggregates (finer sections are read by roles, on /sectors and compare), each
 * with its trend and its source (`sources`: one per rate of the snapshot, in its order, as the reader's
 * countrySources gives them; the source of the figure shown, null for a rate published without one).
 */
export function countrySectors<Source>(
  snapshot: PublishedSnapshot | null | undefined,
  sources: ReadonlyArray<Source | null> = [],
) {
  const headline = headlineQuarter(snapshot);
  const asOf = snapshot?.as_of ?? null;
  const sectors = (snapshot?.sectors ?? []).flatMap((s, i) =>
    (s.part_of ?? null) === null
      ? [
          {
            ...sectorView(s, headline),
            trend: compactTrend(s.history) as CompactTrend | null,
            source: sources[i] ?? null,
          },
        ]
      : [],
  );
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

/** The role family whose words say what a finer section reads (`Q` is health care's). */
const SECTION_ROLES: Readonly<Record<string, RoleFamily>> = {
  G: "Retail",
  H: "Transportation",
  I: "Hospitality",
  P: "Education",
  Q: "Healthcare",
};

/**
 * What a role family (or a finer section) reads, in the page's language (`t`: the loader's translator,
 * page-text.server.ts), once per kind of aggregate the shown figures use: its own section where a loaded file holds it
 * ("… on its own (NACE Q)"), else the aggregate it is published in ("health and social work is published only
 * together with public administration and education: this rate covers all three (NACE O-Q)"). Empty for a shown
 * aggregate or every sector (their names say what they cover). Said by the loader: only the pick's sentences travel
 * with the page (the `sector-covers` namespace is loader-only).
 */
export function coverSentences(
  t: (id: string, values?: Record<string, string | number>) => string,
  choice: SectorChoice,
  rates: ReadonlyArray<Pick<SectorView, "part_of" | "code" | "revision"> | null>,
): string[] {
  if (choice.kind === "all" || choice.codes === null) return [];
  const family = choice.kind === "role" ? choice.family : SECTION_ROLES[choice.code];
  if (family === undefined) return [];
  const used = rates.filter((r) => r !== null);
  // Without any figure, the aggregate its codes fall back to (the last of NACE Rev. 2's list).
  const kinds = used.length
    ? used.map((r) => ({ finer: r.part_of !== null, code: r.code, revision: r.revision }))
    : [{ finer: false, code: choice.codes.nace_r2.at(-1)!, revision: "nace_r2" as const }];
  const said: string[] = [];
  // The finer section first: what the pick reads where it can, then what it falls back to.
  for (const k of [...kinds].sort((a, b) => Number(b.finer) - Number(a.finer))) {
    const code = k.revision === "nace_r2_1" ? `Rev. 2.1 ${k.code}` : k.code;
    const text = t(`sector-covers.${roleSlug(family)}`, { finer: k.finer ? "yes" : "no", code });
    if (!said.includes(text)) said.push(text);
  }
  return said;
}
