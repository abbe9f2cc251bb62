// Server side of /admin: whose session the request carries (the same session table the API checks), and the
// upload rules the operator page shows and pre-checks, read from the pipeline modules that enforce them.
import { readCookie, SESSION_COOKIE } from "../../../api/auth.ts";
import { SessionStore } from "../../../api/db/operator.ts";
import { DEFAULT_TOLERANCE_PP } from "../../../pipeline/ingest.ts";
import { MODEL_V2 } from "../../../pipeline/model/v2.ts";
import type { ServingDb } from "../../../pipeline/serving-db.ts";
import { LMB_MAX, LMB_MIN } from "../../../pipeline/sources/barometer/parse.ts";
import { NOT_AN_OBJECT, NOT_JSON } from "../../../pipeline/sources/eurostat/parse.ts";
import { ECFIN_EEI } from "../../../pipeline/sources/ecfin/parse.ts";
import { ACCEPTED_TABLES } from "../../../pipeline/sources/eurostat/tables.ts";
import { DATA_TYPES } from "../../../pipeline/types.ts";
import { expectedExtensions } from "../../../pipeline/validate.ts";
import type { OperatorSession } from "./admin-api.ts";
import type { UploadRules } from "./admin-upload.ts";

const stores = new WeakMap<ServingDb, SessionStore>();

/**
 * The operator session named by the request's cookie, or null. Checked against the real clock, as the API
 * does (a page's pinned clock must not keep an expired session alive).
 */
export function operatorSession(db: ServingDb, cookieHeader: string | null): OperatorSession | null {
  const token = readCookie(cookieHeader ?? undefined, SESSION_COOKIE);
  if (!token) return null;
  let store = stores.get(db);
  if (!store) {
    store = new SessionStore(db);
    stores.set(db, store);
  }
  const session = store.find(token, new Date());
  return session ? { username: session.username, expires_at: session.expiresAt } : null;
}

const percent = (keys: readonly string[]) =>
  Math.round(keys.reduce((sum, k) => sum + MODEL_V2.weights[k as keyof typeof MODEL_V2.weights], 0) * 100);

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
    model: MODEL_V2.id,
    blend: { historical: percent(MODEL_V2.blocks.historical), sentiment: percent(MODEL_V2.blocks.sentiment) },
    freshness: MODEL_V2.freshness,
    tolerancePp: DEFAULT_TOLERANCE_PP,
    barometerRange: { min: LMB_MIN, max: LMB_MAX },
  };
}
