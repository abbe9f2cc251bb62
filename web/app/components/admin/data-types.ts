// How the operator area names the seven data types (the ids themselves are the pipeline's DATA_TYPES).
import type { DataType } from "../../../../pipeline/types.ts";

export const DATA_TYPE_LABELS: Readonly<Record<DataType, string>> = {
  unemployment: "Unemployment",
  vacancy: "Vacancy",
  gdp: "GDP",
  inflation: "Inflation",
  lmb: "Labour market barometer (lmb)",
  expectations: "Employment expectations",
  youth_unemployment: "Youth unemployment (under 25, context only)",
};
