// Score model v2.3 (docs/model.md §1, §6, §10): v2.2's numbers; an observation counts only from the month its table
// usually publishes it (its publication lag), for today's score and every month of the history, so each month is
// scored with what could have been known at its end. Its released parameter table (tables.ts, MODEL_V2_3) computed
// by the one kernel (kernel.ts).
import { boundTo, modelOf } from "./kernel.ts";
import { MODEL_V2_3 } from "./tables.ts";
import type { CountryResultV21 } from "./types.ts";
import type { ScoreModelV21 } from "./v2-1.ts";

export { MODEL_V2_3 } from "./tables.ts";

export const id = MODEL_V2_3.id;
export const introducedIn = MODEL_V2_3.introducedIn;

export const modelV2_3: ScoreModelV21 = modelOf<CountryResultV21>(MODEL_V2_3);
export const { computeCountry, monthStates, explainCountryHistory, statusOf, labelOf, yoyLabel } =
  boundTo<CountryResultV21>(MODEL_V2_3);
