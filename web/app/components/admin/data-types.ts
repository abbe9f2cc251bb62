// How the operator area names the seven data types (the ids themselves are the pipeline's DATA_TYPES), and the eighth
// that the store holds from vacancy files (sector_vacancy, model v2.3).
import type { StoredDataType } from "../../../../pipeline/types.ts";

export const DATA_TYPE_LABELS: Readonly<Record<StoredDataType, string>> = {
  unemployment: "Unemployment",
  vacancy: "Vacancy",
  gdp: "GDP",
  inflation: "Inflation",
  lmb: "Labour market barometer (lmb)",
  expectations: "Employment expectations",
  youth_unemployment: "Youth unemployment (under 25, context only)",
  sector_vacancy: "Vacancy rates by sector (stored from vacancy files, context only)",
};
