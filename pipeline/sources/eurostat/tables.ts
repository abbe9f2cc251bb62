// The Eurostat tables accepted per data type and the one series each must pin (docs/data-sources.md).
// This module owns that list; the parsers (JSON-stat and CSV), the CLI and the upload page read it from here.

import type { DataType } from "../../types.ts";
import type { Frequency } from "./period.ts";

export type EurostatDataType = Exclude<DataType, "lmb">;

/** One filter: the dimension and its accepted codes, preferred first (the first the file has is pinned). */
export interface PinRule {
  dimension: string;
  codes: readonly string[];
  /** A file without this dimension is fine (the series is then already single along it). */
  optional?: boolean;
  /**
   * The table in Eurostat's API has no such dimension (a downloaded file may name it so): left out of the query that
   * returns a series (pipeline/provenance.ts), which the API would refuse (INVALID_QUERY_DIMENSION).
   */
  notInApi?: boolean;
}

export interface TableConfig {
  /** Eurostat table code, lower case (`une_rt_m`). */
  table: string;
  dataType: EurostatDataType;
  freq: Frequency;
  pins: readonly PinRule[];
  /** The dimension whose pinned code is recorded as the unit of the series. */
  unitDimension: string;
  /** Recorded as the unit instead (the EEI's `INDEX`, whatever the file calls its index). */
  unitCode?: string;
  /** False for a table that is only ever uploaded: the updater never asks Eurostat for it. */
  fetched?: boolean;
  /** Recognises the table by its title when the file carries no `extension.id`. */
  labelPattern: RegExp;
  /** Said in the upload notes whenever this table is read. */
  note?: string;
  /** Said in the upload notes when a given code is pinned, keyed `dimension=CODE`. */
  pinNotes?: Readonly<Record<string, string>>;
  /**
   * v2.3 (score model §11): the table's NACE dimension, whose every aggregate in a file is also stored as data type
   * `sector_vacancy` (the other pins as for the headline series); `fetched` lists the aggregates `jwi update` asks for
   * beside the headline one.
   */
  sectors?: { readonly dimension: string; readonly fetched: readonly string[] };
}

const freqPin = (freq: Frequency): PinRule => ({ dimension: "freq", codes: [freq], optional: true });

const vacancyPins = (naceDimension: string, naceCodes: readonly string[] = ["B-S"]): PinRule[] => [
  { dimension: "indic_em", codes: ["JVR"] },
  { dimension: naceDimension, codes: naceCodes },
  { dimension: "sizeclas", codes: ["TOTAL"], optional: true },
  { dimension: "s_adj", codes: ["SA", "NSA"] },
  freqPin("Q"),
];

/**
 * The NACE Rev. 2 aggregates shown as sectors (score model v2.3 §11), as Eurostat codes them in jvs_q_nace2 and
 * ei_lmjv_q_r2: what `jwi update` asks for beside the headline B-S. Every other aggregate a file carries is stored too.
 */
const NACE_R2_SECTORS = ["C", "F", "G-I", "J", "K", "M-N", "O-Q", "R-S"] as const;

const NSA_NOTE = "Not seasonally adjusted (s_adj=NSA): the file has no seasonally adjusted series.";

/** Said whenever an Employment Expectations Indicator table is read. */
export const EEI_NOTE =
  "The Employment Expectations Indicator (EEI) is an index of managers' employment plans for the next three months: long-term mean 100, standard deviation 10 (about two values in three lie between 90 and 110).";

/** Every accepted table, in the order of docs/model.md §1 (literal, so that `EurostatTable` names each code). */
const TABLES = [
  {
    table: "une_rt_m",
    dataType: "unemployment",
    freq: "M",
    pins: [
      { dimension: "s_adj", codes: ["SA"] },
      { dimension: "age", codes: ["TOTAL"] },
      { dimension: "sex", codes: ["T"] },
      { dimension: "unit", codes: ["PC_ACT"] },
      freqPin("M"),
    ],
    unitDimension: "unit",
    labelPattern: /^unemployment by sex and age\b.*\bmonthly/i,
  },
  // Youth unemployment (model v2.2 §10): the same table read for the under-25s, stored as its own data type, context
  // only. `jwi update` asks une_rt_m for both age groups in one request and stores each (docs/data-sources.md).
  {
    table: "une_rt_m",
    dataType: "youth_unemployment",
    freq: "M",
    pins: [
      { dimension: "s_adj", codes: ["SA"] },
      { dimension: "age", codes: ["Y_LT25"] },
      { dimension: "sex", codes: ["T"] },
      { dimension: "unit", codes: ["PC_ACT"] },
      freqPin("M"),
    ],
    unitDimension: "unit",
    labelPattern: /^unemployment by sex and age\b.*\bmonthly/i,
    note: "Youth unemployment (under 25, age=Y_LT25) is context only: it is shown beside the unemployment rate and never enters the score.",
  },
  {
    table: "une_rt_q",
    dataType: "unemployment",
    freq: "Q",
    pins: [
      { dimension: "s_adj", codes: ["SA"] },
      { dimension: "age", codes: ["Y15-74"] },
      { dimension: "sex", codes: ["T"] },
      { dimension: "unit", codes: ["PC_ACT"] },
      freqPin("Q"),
    ],
    unitDimension: "unit",
    labelPattern: /^unemployment by sex and age\b.*\bquarterly/i,
    note: "Quarterly unemployment (une_rt_q) is used for a country only when its monthly series is older.",
  },
  {
    table: "jvs_q_nace2",
    dataType: "vacancy",
    freq: "Q",
    pins: vacancyPins("nace_r2"),
    unitDimension: "indic_em",
    labelPattern: /job vacancy statistics by NACE Rev\. ?2 activity/i,
    pinNotes: { "s_adj=NSA": NSA_NOTE },
    sectors: { dimension: "nace_r2", fetched: NACE_R2_SECTORS },
  },
  {
    table: "jvs_q_r21",
    dataType: "vacancy",
    freq: "Q",
    // NACE Rev. 2.1 re-lettered the sections (a new K, so "other services" is T): B-T is the aggregate with the
    // coverage of jvs_q_nace2's B-S, and what real answers carry; else the whole economy A-T (docs/model.md §1, v2.2).
    pins: vacancyPins("nace_r2_1", ["B-T", "A-T"]),
    unitDimension: "indic_em",
    labelPattern: /job vacancy statistics by NACE Rev\. ?2\.1/i,
    pinNotes: {
      "s_adj=NSA": NSA_NOTE,
      "nace_r2_1=A-T":
        "Job vacancy rate of the whole economy (nace_r2_1=A-T): the file has no B-T (industry, construction and services) series.",
    },
    // Sectors under NACE Rev. 2.1 are stored by their own letters (no real file with them was at hand): the
    // updater asks for the headline aggregate only.
    sectors: { dimension: "nace_r2_1", fetched: [] },
  },
  // v2.3: the euro-indicator job vacancy rate, which Eurostat computes from jvs_q_nace2 (its data browser's default
  // view: SA and NSA, 16 NACE aggregates, two size classes). Its indicator dimension is named `indic` in the euro
  // indicators (the data browser labels it "Indicator"); both names are pinned where present, and the API query of a
  // series names `indic` only. Below jvs_q_r21 and jvs_q_nace2 per country and quarter (TABLE_PRECEDENCE).
  {
    table: "ei_lmjv_q_r2",
    dataType: "vacancy",
    freq: "Q",
    pins: [
      { dimension: "indic", codes: ["JVR"], optional: true },
      { dimension: "indic_em", codes: ["JVR"], optional: true, notInApi: true },
      { dimension: "nace_r2", codes: ["B-S"] },
      { dimension: "sizeclas", codes: ["TOTAL"], optional: true },
      { dimension: "s_adj", codes: ["SA", "NSA"] },
      freqPin("Q"),
    ],
    unitDimension: "indic",
    unitCode: "JVR",
    labelPattern: /^job vacancy rate\b.*\bquarterly data/i,
    note: "ei_lmjv_q_r2 is the job vacancy rate of Eurostat's euro indicators, computed from jvs_q_nace2: where jvs_q_r21 or jvs_q_nace2 give the same country and quarter, their value is used.",
    pinNotes: { "s_adj=NSA": NSA_NOTE },
    sectors: { dimension: "nace_r2", fetched: NACE_R2_SECTORS },
  },
  {
    table: "namq_10_gdp",
    dataType: "gdp",
    freq: "Q",
    pins: [
      { dimension: "na_item", codes: ["B1GQ"] },
      { dimension: "s_adj", codes: ["SCA"] },
      { dimension: "unit", codes: ["CLV_PCH_PRE", "CLV_PCH_SM"] },
      freqPin("Q"),
    ],
    unitDimension: "unit",
    labelPattern: /^gross domestic product \(GDP\) and main components\b.*\bquarterly/i,
    note: "GDP is context only: it never enters the score.",
    pinNotes: {
      "unit=CLV_PCH_PRE": "GDP growth is quarter-on-quarter (CLV_PCH_PRE: change on the previous quarter).",
      "unit=CLV_PCH_SM":
        "GDP growth is year-on-year (CLV_PCH_SM: change on the same quarter of the previous year), not quarter-on-quarter; it is stored and labelled as such.",
    },
  },
  {
    table: "prc_hicp_manr",
    dataType: "inflation",
    freq: "M",
    pins: [{ dimension: "coicop", codes: ["CP00"] }, { dimension: "unit", codes: ["RCH_A"] }, freqPin("M")],
    unitDimension: "unit",
    labelPattern: /^HICP - monthly data \(annual rate of change\)/i,
    note: "prc_hicp_manr is discontinued (last month 2025-12); where its successor prc_hicp_minr has the same country and month, the successor's value is used. Inflation is context only: it never enters the score.",
  },
  {
    table: "prc_hicp_minr",
    dataType: "inflation",
    freq: "M",
    pins: [{ dimension: "coicop18", codes: ["TOTAL"] }, { dimension: "unit", codes: ["RCH_A"] }, freqPin("M")],
    unitDimension: "unit",
    labelPattern: /ECOICOP ver\. ?2\b.*\bmonthly/i,
    note: "Inflation is context only: it never enters the score.",
  },
  // Employment expectations (the EEI of DG ECFIN's business surveys), republished by Eurostat in two tables.
  // Their dimensions, found in public material (no real file of either table was at hand):
  //  - teibs030 ("Employment expectations indicator", a euro-indicators table): freq M; indic BS-EEI-I only
  //    ("Employment expectations indicator over the next 3 months"); s_adj SA only; a unit dimension with one
  //    category whose code is not known (no real answer was found; the reader records the unit as INDEX); geo
  //    EU27_2020, EA20, the member states and candidate countries; requested in other projects as
  //    `teibs030?indic=BS-EEI-I&s_adj=SA&geo=…` (allthatstats.com's notes page of teibs030; GitHub code).
  //  - ei_bsee_m_r2 (the monthly employment-expectations table): freq M; indic BS-EEI-I (the index, unit INX)
  //    beside sector balances such as BS-IEME-BAL and BS-SEEM-BAL (unit BAL); s_adj SA and NSA; requested as
  //    `ei_bsee_m_r2?indic=BS-EEI-I&s_adj=SA&unit=INX&geo=…` (GitHub code).
  // Both pin indic=BS-EEI-I and s_adj=SA; a unit dimension with one category passes, and ei_bsee_m_r2's is
  // pinned to INX. DG ECFIN's own long CSV (`ecfin_eei`) is read by sources/ecfin, not here.
  {
    table: "teibs030",
    dataType: "expectations",
    freq: "M",
    pins: [{ dimension: "indic", codes: ["BS-EEI-I"] }, { dimension: "s_adj", codes: ["SA"] }, freqPin("M")],
    unitDimension: "unit",
    unitCode: "INDEX",
    labelPattern: /^employment expectations? indicator(?!.*\bmonthly data\b)/i,
    note: EEI_NOTE,
    // `jwi update` asks for it (indic=BS-EEI-I, s_adj=SA, no geo filter); Eurostat publishes it monthly.
  },
  {
    table: "ei_bsee_m_r2",
    dataType: "expectations",
    freq: "M",
    pins: [
      { dimension: "indic", codes: ["BS-EEI-I"] },
      { dimension: "s_adj", codes: ["SA"] },
      { dimension: "unit", codes: ["INX"], optional: true },
      freqPin("M"),
    ],
    unitDimension: "unit",
    unitCode: "INDEX",
    labelPattern: /employment expectations? indicator.*\bmonthly data\b/i,
    note: EEI_NOTE,
    // An upload alternative: the updater asks for teibs030 only (the same indicator; one source per type is enough).
    fetched: false,
  },
] as const satisfies readonly TableConfig[];

/** Every accepted table, in the order of docs/model.md §1. */
export const EUROSTAT_TABLES: readonly TableConfig[] = TABLES;

/** Accepted tables per Eurostat data type (derived from EUROSTAT_TABLES). */
export const ACCEPTED_TABLES: Readonly<Record<EurostatDataType, readonly TableConfig[]>> = {
  unemployment: EUROSTAT_TABLES.filter((t) => t.dataType === "unemployment"),
  vacancy: EUROSTAT_TABLES.filter((t) => t.dataType === "vacancy"),
  gdp: EUROSTAT_TABLES.filter((t) => t.dataType === "gdp"),
  inflation: EUROSTAT_TABLES.filter((t) => t.dataType === "inflation"),
  expectations: EUROSTAT_TABLES.filter((t) => t.dataType === "expectations"),
  youth_unemployment: EUROSTAT_TABLES.filter((t) => t.dataType === "youth_unemployment"),
};

/**
 * Legacy table → its successor: the updater asks for the legacy table when its successor has nothing yet.
 */
export const SUCCESSOR_TABLES: Readonly<Record<string, string>> = {
  prc_hicp_manr: "prc_hicp_minr",
  jvs_q_nace2: "jvs_q_r21",
};

/**
 * Where several tables give one (data type, country, period), the value of the table listed first is used
 * (docs/model.md §1), whatever the ingest order: a successor over its legacy table, and (v2.3) the job vacancy
 * statistics over the euro indicator computed from them. Tables not listed rank after the listed ones.
 */
const TABLE_PRECEDENCE: Readonly<Record<string, readonly string[]>> = {
  vacancy: ["jvs_q_r21", "jvs_q_nace2", "ei_lmjv_q_r2"],
  inflation: ["prc_hicp_minr", "prc_hicp_manr"],
};

/** How a table ranks among the tables of its data type (TABLE_PRECEDENCE): 0 first; the list's length if unlisted. */
export function tablePrecedence(dataType: string, table: string): number {
  const list = TABLE_PRECEDENCE[dataType === "sector_vacancy" ? "vacancy" : dataType] ?? [];
  const at = list.indexOf(table);
  return at < 0 ? list.length : at;
}

/**
 * The configuration of a table code; with `dataType`, the reading of that table for that data type (une_rt_m is
 * read as unemployment and as youth_unemployment), else its first reading (the one `jwi update` logs it under).
 */
export function tableConfig(table: string, dataType?: string): TableConfig | undefined {
  const id = table.trim().toLowerCase();
  const all = EUROSTAT_TABLES.filter((t) => t.table === id);
  return (dataType === undefined ? undefined : all.find((t) => t.dataType === dataType)) ?? all[0];
}

/** Every reading of one table code (une_rt_m: unemployment, then youth_unemployment). */
export function readingsOf(table: string): TableConfig[] {
  const id = table.trim().toLowerCase();
  return EUROSTAT_TABLES.filter((t) => t.table === id);
}

/**
 * Tables the index knows but does not read, with what they hold instead, so that a refusal names the mix-up
 * (the sentiment table is a common mistake for the Employment Expectations Indicator).
 */
export const REFUSED_TABLES: Readonly<Record<string, string>> = {
  ei_bssi_m_r2:
    "it holds the business and consumer surveys' sentiment indicators (such as the Economic Sentiment Indicator, BS-ESI-I), not the Employment Expectations Indicator (BS-EEI-I)",
};
