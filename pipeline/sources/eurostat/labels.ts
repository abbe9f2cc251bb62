// Eurostat category labels → codes, for CSV downloads that carry labels instead of codes (the data browser's
// "SDMX-CSV with labels": geo "Czechia", s_adj "Seasonally adjusted data, not calendar adjusted data", …).
// This module owns the dictionary: the labels of the codes the pins of tables.ts use, the covered countries'
// English names (from countries.ts, the one country list) and the known aggregates' labels. Labels compare
// after normalisation (Unicode NFKC, every dash a hyphen, whitespace collapsed, case folded), so an en dash
// (`Euro area – 20 countries`) and a hyphen, or a double space, make no difference.
import { COUNTRIES } from "../../../lib/countries.ts";

/** The form labels are compared in: NFKC, dashes → `-`, curly quotes → straight, whitespace collapsed, lower case. */
export function normaliseLabel(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, "-")
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

type LabelTable = Readonly<Record<string, readonly string[]>>;

/**
 * Per dimension: code → its English labels (the current one first, then older wordings Eurostat used).
 * Only the codes the accepted tables pin, and their usual neighbours, so that an error can name them.
 */
const CATEGORY_LABELS: Readonly<Record<string, LabelTable>> = {
  freq: { M: ["Monthly"], Q: ["Quarterly"], A: ["Annual"] },
  s_adj: {
    SA: ["Seasonally adjusted data, not calendar adjusted data"],
    NSA: ["Unadjusted data (i.e. neither seasonally adjusted nor calendar adjusted data)"],
    SCA: ["Seasonally and calendar adjusted data"],
    CA: ["Calendar adjusted data, not seasonally adjusted data"],
    TC: ["Trend cycle data"],
  },
  age: {
    TOTAL: ["Total"],
    "Y15-74": ["From 15 to 74 years"],
    Y_LT25: ["Less than 25 years"],
    "Y25-74": ["From 25 to 74 years"],
  },
  sex: { T: ["Total"], M: ["Males"], F: ["Females"] },
  unit: {
    PC_ACT: ["Percentage of population in the labour force"],
    THS_PER: ["Thousand persons"],
    CLV_PCH_PRE: ["Chain linked volumes, percentage change on previous period"],
    CLV_PCH_SM: ["Chain linked volumes, percentage change compared to same period in previous year"],
    RCH_A: ["Annual rate of change"],
    RCH_M: ["Monthly rate of change"],
    INX: ["Index"],
    BAL: ["Balance"],
  },
  indic_em: { JVR: ["Job vacancy rate"] },
  // Every aggregate of the job vacancy tables (v2.3: each is stored as a sector), as the data browser names them.
  nace_r2: {
    "A-S": [
      "All NACE activities (except activities of households as employers and as own use producers; activities of extra-territorial organisations and bodies)",
    ],
    A: ["Agriculture, forestry and fishing"],
    "B-S": [
      "Industry, construction and services (except activities of households as employers and extra-territorial organisations and bodies)",
    ],
    "B-N": ["Business economy"],
    "B-E": ["Industry (except construction)"],
    C: ["Manufacturing"],
    F: ["Construction"],
    "G-N": ["Services of the business economy"],
    "G-I": ["Wholesale and retail trade, transport, accommodation and food service activities"],
    J: ["Information and communication"],
    K: ["Financial and insurance activities"],
    L: ["Real estate activities"],
    "M-N": ["Professional, scientific and technical activities; administrative and support service activities"],
    "O-Q": ["Public administration, defence, education, human health and social work activities"],
    "R-S": ["Arts, entertainment and recreation; other service activities"],
    T: [
      "Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use",
    ],
  },
  // NACE Rev. 2.1: B-T covers what B-S covered in NACE Rev. 2 (the sections were re-lettered; T is "other services").
  nace_r2_1: {
    "B-T": [
      "Industry, construction and services (except activities of households as employers and extraterritorial organisations and bodies)",
      "Industry, construction and services (except activities of households as employers and extra-territorial organisations and bodies)",
    ],
  },
  sizeclas: { TOTAL: ["Total"], GE10: ["10 employees or more", "From 10 employees or more"] },
  na_item: { B1GQ: ["Gross domestic product at market prices"] },
  coicop: { CP00: ["All-items HICP"] },
  coicop18: { TOTAL: ["Total"] },
  indic: {
    "BS-EEI-I": ["Employment expectations indicator over the next 3 months", "Employment expectations indicator"],
    JVR: ["Job vacancy rate"],
  },
};

/**
 * How the data browser's spreadsheet names each dimension in a sheet's header rows (`Seasonal adjustment`), per
 * dimension code. A label may stand for two codes (`Indicator`: `indic` or `indic_em`): the table's pins decide.
 */
const DIMENSION_LABELS: LabelTable = {
  freq: ["Time frequency"],
  s_adj: ["Seasonal adjustment"],
  nace_r2: ["Statistical classification of economic activities in the European Community (NACE Rev. 2)"],
  nace_r2_1: ["Statistical classification of economic activities in the European Community (NACE Rev. 2.1)"],
  sizeclas: ["Size classes in number of employees"],
  indic: ["Indicator", "Business trends indicator"],
  indic_em: ["Employment indicator", "Indicator"],
  unit: ["Unit of measure"],
  age: ["Age class"],
  sex: ["Sex"],
  na_item: ["National accounts indicator (ESA 2010)"],
  coicop: ["Classification of individual consumption by purpose (COICOP)"],
  coicop18: ["Classification of individual consumption by purpose (ECOICOP ver. 2)"],
  geo: ["Geopolitical entity (reporting)"],
};

const dimensionsByLabel = new Map<string, string[]>();
for (const [id, labels] of Object.entries(DIMENSION_LABELS)) {
  for (const label of [id, ...labels]) {
    const key = normaliseLabel(label);
    dimensionsByLabel.set(key, [...(dimensionsByLabel.get(key) ?? []), id]);
  }
}

/**
 * The dimension codes a header label may stand for (`Seasonal adjustment` → `s_adj`; a code stands for itself;
 * `s_adj: Seasonal adjustment` is read as its code). Empty when the dictionary knows none.
 */
export function dimensionsForLabel(label: string): readonly string[] {
  const text = label.trim();
  const colon = /^([a-z][a-z0-9_]*)\s*:/i.exec(text);
  if (colon) return [colon[1]!.toLowerCase()];
  return dimensionsByLabel.get(normaliseLabel(text)) ?? [];
}

/** Aggregates kept as aggregates (countries.ts isAggregateGeo), with the labels Eurostat gives them. */
const AGGREGATE_LABELS: LabelTable = {
  EU27_2020: ["European Union - 27 countries (from 2020)"],
  EU28: ["European Union - 28 countries (2013-2020)"],
  EU: [
    "European Union (EU6-1958, EU9-1973, EU10-1981, EU12-1986, EU15-1995, EU25-2004, EU27-2007, EU28-2013, EU27-2020)",
  ],
  EA: [
    "Euro area (EA11-1999, EA12-2001, EA13-2007, EA15-2008, EA16-2009, EA17-2011, EA18-2014, EA19-2015, EA20-2023, EA21-2026)",
    "Euro area (EA11-1999, EA12-2001, EA13-2007, EA15-2008, EA16-2009, EA17-2011, EA18-2014, EA19-2015, EA20-2023)",
  ],
  EA21: ["Euro area – 21 countries (from 2026)"],
  EA20: ["Euro area – 20 countries (from 2023)", "Euro area – 20 countries (2023-2025)"],
  EA19: ["Euro area - 19 countries (2015-2022)"],
  EA12: ["Euro area - 12 countries (2001-2006)"],
  EEA: ["European Economic Area (EEA18-1995, EEA28-2004, EEA30-2007, EEA31-2013, EEA30-2020)"],
  EFTA: ["European Free Trade Association"],
};

/** Older English names Eurostat gave covered countries (code → labels). */
const FORMER_COUNTRY_LABELS: LabelTable = {
  DE: ["Germany (until 1990 former territory of the FRG)"],
  CZ: ["Czech Republic"],
};

/** Geo labels: every covered country's English name (Eurostat code: EL for Greece), then the aggregates. */
function geoLabels(): LabelTable {
  const table: Record<string, string[]> = {};
  for (const c of COUNTRIES) table[c.eurostatGeo] = [c.name, ...(FORMER_COUNTRY_LABELS[c.eurostatGeo] ?? [])];
  return { ...table, ...AGGREGATE_LABELS };
}

const byDimension = new Map<string, Map<string, string>>();
const byCode = new Map<string, Map<string, readonly string[]>>();
for (const [dimension, table] of Object.entries({ ...CATEGORY_LABELS, geo: geoLabels() })) {
  const map = new Map<string, string>();
  for (const [code, labels] of Object.entries(table)) for (const label of labels) map.set(normaliseLabel(label), code);
  byDimension.set(dimension, map);
  byCode.set(dimension, new Map(Object.entries(table)));
}

/** Status flags written out (`provisional`) → the letter (`p`). */
const FLAG_LABELS: LabelTable = {
  p: ["provisional"],
  e: ["estimated"],
  b: ["break in time series"],
  d: ["definition differs, see metadata", "definition differs (see metadata)"],
  u: ["low reliability"],
  c: ["confidential"],
  n: ["not significant"],
  s: ["Eurostat estimate"],
  z: ["not applicable"],
};
const flagByLabel = new Map(
  Object.entries(FLAG_LABELS).flatMap(([code, labels]) => labels.map((l) => [normaliseLabel(l), code] as const)),
);

/** The labels the dictionary knows for `code` in `dimension` (as Eurostat writes them), none when it knows none. */
export function labelsOf(dimension: string, code: string): readonly string[] {
  return byCode.get(dimension)?.get(code) ?? [];
}

/** The code a label stands for in `dimension`, or undefined when the dictionary does not know it. */
export function codeForLabel(dimension: string, label: string): string | undefined {
  return byDimension.get(dimension)?.get(normaliseLabel(label));
}

/**
 * One CSV cell of a dimension column → the category code: a code as is (`SA`, `EL`), a known label
 * (`Seasonally adjusted data, …` → `SA`, `Greece` → `EL`), or the data browser's `CODE:Label` form. A cell the
 * dictionary does not know is returned trimmed, as the file wrote it (so that a message can quote it).
 */
export function categoryCode(dimension: string, cell: string): string {
  const text = cell.trim();
  const byLabel = codeForLabel(dimension, text);
  if (byLabel !== undefined) return byLabel;
  const colon = /^([A-Z0-9][A-Z0-9_-]*):\s*\S/.exec(text);
  if (colon) return colon[1]!.trim();
  return text;
}

/** A status flag as written in a CSV cell (`p`, `bu`, `provisional`) → its letters, or null when empty. */
export function flagCode(cell: string | null): string | null {
  const text = cell?.trim() ?? "";
  if (text === "") return null;
  return flagByLabel.get(normaliseLabel(text)) ?? text;
}
