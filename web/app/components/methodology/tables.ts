// The order the methodology page lists data types in, and their names (presentation only: the tables themselves are
// declared in pipeline/sources, listed for the page by pipeline/provenance.ts sourceTables, and named in the page's
// language by the catalogues, `sources.table.<table>`).
import type { IntlShape } from "react-intl";
import type { StoredDataType } from "../../../../pipeline/types.ts";

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

export const typeName = (intl: IntlShape, dataType: string) =>
  (DATA_TYPE_ORDER as string[]).includes(dataType)
    ? intl.formatMessage({ id: `methodology.dataType.${dataType}` })
    : dataType;
export const typeRank = (dataType: string) => {
  const i = DATA_TYPE_ORDER.indexOf(dataType as StoredDataType);
  return i < 0 ? DATA_TYPE_ORDER.length : i;
};
