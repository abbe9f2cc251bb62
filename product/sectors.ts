// Sector context (score model v2.3 §11; docs/product.md "Where the openings are"): which aggregate each of the
// community's role families reads, and how a visitor's pick finds its rate. The aggregates shown and the published
// rate are the pipeline's (pipeline/sector-list.ts). Context only: no score, ranking, weather word or card reads
// it. Pure; the browser bundle may import it.
import {
  ALL_SECTORS,
  NACE_REVISIONS,
  SHOWN_SECTORS,
  type NaceRevision,
  type SectorRate,
} from "../pipeline/sector-list.ts";
import type { RoleFamily } from "./options.ts";

export { ALL_SECTORS, NACE_REVISIONS, SHOWN_SECTORS, type NaceRevision, type SectorRate };

/**
 * The aggregate each role family of the community reads (score model v2.3 §11), per revision; null where no single
 * aggregate fits (Product, Design, Marketing, Sales, Operations, Other).
 */
export const ROLE_FAMILY_SECTORS: Readonly<Record<RoleFamily, Readonly<Record<NaceRevision, string>> | null>> = {
  "IT/Engineering": { nace_r2: "J", nace_r2_1: "J-K" },
  Product: null,
  Design: null,
  Operations: null,
  Sales: null,
  Marketing: null,
  Finance: { nace_r2: "K", nace_r2_1: "L" },
  Healthcare: { nace_r2: "O-Q", nace_r2_1: "P-R" },
  Education: { nace_r2: "O-Q", nace_r2_1: "P-R" },
  Hospitality: { nace_r2: "G-I", nace_r2_1: "G-I" },
  Manufacturing: { nace_r2: "C", nace_r2_1: "C" },
  Construction: { nace_r2: "F", nace_r2_1: "F" },
  Transportation: { nace_r2: "G-I", nace_r2_1: "G-I" },
  Retail: { nace_r2: "G-I", nace_r2_1: "G-I" },
  Other: null,
};

/** The sectors a visitor can pick to compare countries: every shown NACE Rev. 2 aggregate, by its code. */
export const PICKABLE_SECTORS: readonly string[] = SHOWN_SECTORS.nace_r2;

/** The revision and code of a pickable sector in another revision (the aggregate covering the same activities). */
export const SECTOR_EQUIVALENTS: Readonly<Record<string, Readonly<Record<NaceRevision, string>>>> = Object.fromEntries(
  SHOWN_SECTORS.nace_r2.map((code, i) => [code, { nace_r2: code, nace_r2_1: SHOWN_SECTORS.nace_r2_1[i]! }]),
);

/** The newest rate among a pickable sector's aggregates in either revision (NACE Rev. 2.1 on equal quarters). */
export function pickSector(
  sectors: readonly SectorRate[],
  codes: Readonly<Record<NaceRevision, string>>,
): SectorRate | null {
  let best: SectorRate | null = null;
  for (const s of sectors) {
    if (codes[s.revision] !== s.code) continue;
    if (best === null || s.period > best.period || (s.period === best.period && s.revision === "nace_r2_1")) best = s;
  }
  return best;
}
