// What the Express adapter hands every loader (web/server-handler.ts builds it per request).
import type { LoaderFunctionArgs } from "react-router";
import type { ReadModel } from "../../../api/read-model.ts";

/** Public settings of the site; never secrets (the root loader sends them to the browser). */
export interface SiteConfig {
  /** Fixed public origin for canonical links and Open Graph URLs, e.g. https://jobweather.example (no trailing slash). */
  publicOrigin: string;
  /** External feedback form ("Provide feedback"), opened in a new tab; null when not configured. */
  feedbackUrl: string | null;
}

/** The reads the site may do: the API's own reader of published data (one read path for both). */
export type SiteReader = Pick<
  ReadModel,
  "countries" | "country" | "ranking" | "regions" | "publication" | "publicationState" | "sources" | "communityOf"
>;

/** The operator named by a request's cookie, checked by the API's own session store (null: none). */
export type SessionLookup = (cookieHeader: string | null) => { username: string; expires_at: string } | null;

export interface SiteLoadContext {
  read: SiteReader;
  operatorSession: SessionLookup;
  site: SiteConfig;
  /** Per-request CSP nonce set by the API's helmet middleware (res.locals.cspNonce). */
  cspNonce: string;
  /** The time of this request: freshness, data ages and relative dates are computed from it. */
  now: Date;
}

/** A loader's arguments with the site's context typed (React Router types `context` loosely). */
export type SiteLoaderArgs = Omit<LoaderFunctionArgs, "context"> & { context: SiteLoadContext };

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}
