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

/**
 * Finer sections the community's role families read where a loaded file holds them on their own (docs/model.md §12),
 * per revision: section → the shown aggregate it is part of. NACE Rev. 2: G trade, H transport, I accommodation and
 * food (in G-I); P education, Q human health and social work (in O-Q). NACE Rev. 2.1: G, H, I (in G-I); K
 * telecommunications, computer programming and information services (in J-K); Q education, R human health and
 * social work (in P-R). The bundled files hold none of them (the data browser's workbook has A-S, A, B-S, B-N, B-E, C,
 * F, G-N, G-I, J, K, L, M-N, O-Q, R-S and T): a file of jvs_q_nace2 or jvs_q_r21 with them brings them in.
 */
export const FINER_SECTORS: Readonly<Record<NaceRevision, Readonly<Record<string, string>>>> = {
  nace_r2: { G: "G-I", H: "G-I", I: "G-I", P: "O-Q", Q: "O-Q" },
  nace_r2_1: { G: "G-I", H: "G-I", I: "G-I", K: "J-K", Q: "P-R", R: "P-R" },
};

/** A finer NACE Rev. 2 section's counterpart in NACE Rev. 2.1 (the same activities under the new letters). */
export const FINER_R2_TO_R21: Readonly<Record<string, string>> = { G: "G", H: "H", I: "I", P: "Q", Q: "R" };

/** The all-sector aggregate of each revision, preferred first: what a sector's rate is shown beside. */
export const ALL_SECTORS: Readonly<Record<NaceRevision, readonly string[]>> = {
  nace_r2: ["B-S"],
  nace_r2_1: ["B-T", "A-T"],
};

/** One quarter of a sector's series (the trend): the same fields as the current figure's, of that quarter. */
export interface SectorPoint {
  /** YYYY-Qn. */
  period: string;
  value: number;
  flag: string | null;
  /** The country's all-sector rate of the same quarter, table and adjustment; null when not stored. */
  all_sectors: number | null;
  /** The EU-27 rate of the same aggregate, quarter, table and adjustment; null when not stored. */
  eu_value: number | null;
}

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
  /**
   * For a finer section (FINER_SECTORS), the code of the shown aggregate it is part of (`O-Q` for `Q`); null for a
   * shown aggregate. Absent in snapshots published before it.
   */
  part_of?: string | null;
  /**
   * Every quarter of the series the figure is read from (its table and series: one series, never two mixed),
   * published by the as-of date (the publication lag), oldest first; the last is the figure itself. Quarters past
   * the 24-month cut-off are kept for the trend: the cut-off decides only which quarter is the current figure.
   * Absent in snapshots published before it.
   */
  history?: SectorPoint[];
  /** Where the rate came from (pipeline/provenance.ts sourceRef); absent from publications made before provenance. */
  source?: SourceRef;
}
