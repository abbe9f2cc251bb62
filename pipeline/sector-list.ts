// The NACE aggregates the sector context shows (score model v2.3 §11), in each revision, with the all-sector aggregate
// each is shown beside, and the shape of a published sector rate. Owned here once: recalc publishes them
// (pipeline/sectors.ts); the API and the pages (through product/sectors.ts) name them. Data only; browser-safe.
import type { SourceRef } from "./provenance.ts";

/** The NACE dimensions of the job vacancy tables: Rev. 2 (jvs_q_nace2, ei_lmjv_q_r2) and Rev. 2.1 (jvs_q_r21). */
export type NaceRevision = "nace_r2" | "nace_r2_1";
export const NACE_REVISIONS: readonly NaceRevision[] = ["nace_r2", "nace_r2_1"];

/**
 * The aggregates shown, per revision, in the order of the classification. NACE Rev. 2: C manufacturing; F
 * construction; G-I trade, transport, accommodation and food; J information and communication; K finance and
 * insurance; M-N professional, scientific, technical, administrative and support; O-Q public administration,
 * education, health and social work; R-S arts, recreation and other services. NACE Rev. 2.1 re-lettered the
 * sections (J publishing and broadcasting with K telecommunications and computing cover Rev. 2's J, L is finance,
 * N-O professional and administrative, P-R public administration, education and health, S-T arts and other
 * services): its aggregates are shown by their own letters and names (no real file with them was at hand).
 */
export const SHOWN_SECTORS: Readonly<Record<NaceRevision, readonly string[]>> = {
  nace_r2: ["C", "F", "G-I", "J", "K", "M-N", "O-Q", "R-S"],
  nace_r2_1: ["C", "F", "G-I", "J-K", "L", "N-O", "P-R", "S-T"],
};

/** The all-sector aggregate of each revision, preferred first: what a sector's rate is shown beside. */
export const ALL_SECTORS: Readonly<Record<NaceRevision, readonly string[]>> = {
  nace_r2: ["B-S"],
  nace_r2_1: ["B-T", "A-T"],
};

/** One published sector rate of a country (pipeline/sectors.ts): context only, never in any score. */
export interface SectorRate {
  /** The NACE revision of its table. */
  revision: NaceRevision;
  /** The aggregate's code in that revision (`J`). */
  code: string;
  /** Job vacancy rate, % of posts vacant. */
  value: number;
  /** Its quarter, YYYY-Qn. */
  period: string;
  flag: string | null;
  /** The Eurostat table it comes from. */
  table: string;
  /** Seasonal adjustment of the series read (SA before NSA). */
  s_adj: string;
  /** The country's all-sector rate (B-S, or B-T / A-T in NACE Rev. 2.1) of the same quarter, table and adjustment; null when not stored. */
  all_sectors: number | null;
  /** The EU-27 (EU27_2020) rate of the same aggregate, quarter, table and adjustment; null when not stored. */
  eu_value: number | null;
  /** Where the rate came from (pipeline/provenance.ts sourceRef); absent from publications made before provenance. */
  source?: SourceRef;
}
