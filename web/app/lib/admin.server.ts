// Server side of /admin: the upload rules the operator page shows and pre-checks, read from the pipeline modules that enforce them.
import { DEFAULT_TOLERANCE_PP } from "../../../pipeline/ingest.ts";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import { LMB_MAX, LMB_MIN } from "../../../pipeline/sources/barometer/parse.ts";
import { NOT_AN_OBJECT, NOT_JSON } from "../../../pipeline/sources/eurostat/parse.ts";
import { ECFIN_EEI } from "../../../pipeline/sources/ecfin/parse.ts";
import { ACCEPTED_TABLES } from "../../../pipeline/sources/eurostat/tables.ts";
import { DATA_TYPES } from "../../../pipeline/types.ts";
import { expectedExtensions } from "../../../pipeline/validate.ts";
import type { UploadRules } from "./admin-upload.ts";


const percent = (keys: readonly string[]) =>
  Math.round(keys.reduce((sum, k) => sum + CURRENT_PARAMS.weights[k as keyof typeof CURRENT_PARAMS.weights], 0) * 100);

export function uploadRules(): UploadRules {
  return {
    dataTypes: DATA_TYPES.map((id) => ({
      id,
      extensions: expectedExtensions(id),
      tables:
        id === "lmb"
          ? []
          : [...ACCEPTED_TABLES[id], ...(id === "expectations" ? [ECFIN_EEI] : [])].map((t) => ({
              table: t.table,
              frequency: t.freq === "M" ? ("monthly" as const) : ("quarterly" as const),
              series: t.pins.filter((p) => p.dimension !== "freq").map((p) => `${p.dimension}=${p.codes.join(" or ")}`),
            })),
    })),
    messages: { notJson: NOT_JSON, notAnObject: NOT_AN_OBJECT },
    model: CURRENT_PARAMS.id,
    blend: { historical: percent(CURRENT_PARAMS.blocks.historical), sentiment: percent(CURRENT_PARAMS.blocks.sentiment) },
    freshness: CURRENT_PARAMS.freshness,
    tolerancePp: DEFAULT_TOLERANCE_PP,
    barometerRange: { min: LMB_MIN, max: LMB_MAX },
  };
}
