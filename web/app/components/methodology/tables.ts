// The source tables the methodology page names (presentation only; the accepted tables and their pins live in
// pipeline/sources) and the order it lists data types in.
import type { IntlShape } from "react-intl";
import type { SourceTable } from "../../../../pipeline/source-tables.ts";
import type { DataType, StoredDataType } from "../../../../pipeline/types.ts";

/**
 * Each source table: its official (English) title and what it is used for; its title in the page's language is the
 * message `methodology.table.<table>.title` (English: this title, web/app/i18n/catalogues.test.ts), how it
 * arrives `methodology.table.<table>.how` (presentation only; the accepted tables and their pins live in pipeline/sources).
 * Keyed by every table the pipeline accepts, so the compiler names a table added there and missing here.
 */
export const TABLES: Record<SourceTable, { title: string; dataType: DataType }> = {
  une_rt_m: { title: "Unemployment by sex and age – monthly data", dataType: "unemployment" },
  une_rt_q: { title: "Unemployment by sex and age – quarterly data", dataType: "unemployment" },
  jvs_q_nace2: { title: "Job vacancy statistics by NACE Rev. 2 activity – quarterly data", dataType: "vacancy" },
  jvs_q_r21: { title: "Job vacancy statistics by NACE Rev. 2.1 activity – quarterly data", dataType: "vacancy" },
  ei_lmjv_q_r2: { title: "Job vacancy rate – quarterly data", dataType: "vacancy" },
  namq_10_gdp: { title: "GDP and main components – quarterly data", dataType: "gdp" },
  prc_hicp_manr: { title: "HICP – monthly data (annual rate of change)", dataType: "inflation" },
  prc_hicp_minr: { title: "HICP – ECOICOP ver. 2 – monthly data (annual rate of change)", dataType: "inflation" },
  teibs030: { title: "Employment expectations indicator", dataType: "expectations" },
  ei_bsee_m_r2: { title: "Employment expectations indicator – monthly data", dataType: "expectations" },
  ecfin_eei: { title: "Employment Expectations Indicator (DG ECFIN business surveys)", dataType: "expectations" },
  lmb: { title: "European Labour Market Barometer", dataType: "lmb" },
};

/**
 * The stored data types in the order the page lists them (the score's inputs first, then the context: the sector
 * vacancy rates a vacancy file also holds last); names `methodology.dataType.<type>`. Keyed by every type the store
 * may hold, so a data source never shows a bare type id.
 */
const DATA_TYPE_ORDER = Object.keys({
  unemployment: 0,
  vacancy: 0,
  expectations: 0,
  lmb: 0,
  gdp: 0,
  inflation: 0,
  youth_unemployment: 0,
  sector_vacancy: 0,
} satisfies Record<StoredDataType, 0>) as StoredDataType[];

export const tableInfo = (table: string) => (Object.hasOwn(TABLES, table) ? TABLES[table as SourceTable] : null);
export const typeName = (intl: IntlShape, dataType: string) =>
  (DATA_TYPE_ORDER as string[]).includes(dataType)
    ? intl.formatMessage({ id: `methodology.dataType.${dataType}` })
    : dataType;
export const typeRank = (dataType: string) => {
  const i = DATA_TYPE_ORDER.indexOf(dataType as StoredDataType);
  return i < 0 ? DATA_TYPE_ORDER.length : i;
};
