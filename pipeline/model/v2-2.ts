// Score model v2.2 (docs/model.md §10): v2.1's numbers; the yearly change is the as-of month's score minus the
// score of the same month a year before, the very change the attribution explains (one number on every page).
// Its released parameter table (tables.ts, MODEL_V2_2) computed by the one kernel (kernel.ts).
import { boundTo, modelOf } from "./kernel.ts";
import { MODEL_V2_2 } from "./tables.ts";
import type { CountryResultV21 } from "./types.ts";
import type { ScoreModelV21 } from "./v2-1.ts";

export { MODEL_V2_2 } from "./tables.ts";

export const id = MODEL_V2_2.id;
export const introducedIn = MODEL_V2_2.introducedIn;

export const modelV2_2: ScoreModelV21 = modelOf<CountryResultV21>(MODEL_V2_2);
export const { computeCountry, monthStates, explainCountryHistory, statusOf, labelOf, yoyLabel } =
  boundTo<CountryResultV21>(MODEL_V2_2);
