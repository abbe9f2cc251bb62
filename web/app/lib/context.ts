// What the Express adapter hands every loader (web/server-handler.ts builds it per request).
import type { ServingDb } from "../../../pipeline/serving-db.ts";

/** Public settings of the site; never secrets (the root loader sends them to the browser). */
export interface SiteConfig {
  /** Fixed public origin for canonical links and Open Graph URLs, e.g. https://jobweather.example (no trailing slash). */
  publicOrigin: string;
  /** External feedback form ("Provide feedback"), opened in a new tab; null when not configured. */
  feedbackUrl: string | null;
}

export interface SiteLoadContext {
  /** The serving database (SQLite), shared with the API. Read-only use here. */
  db: ServingDb;
  site: SiteConfig;
  /** Per-request CSP nonce set by the API's helmet middleware (res.locals.cspNonce). */
  cspNonce: string;
  /** The time of this request: freshness, data ages and relative dates are computed from it. */
  now: Date;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}
