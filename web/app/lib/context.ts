// What the Express adapter hands every loader (server/site/site-handler.ts builds it per request).
import type { LoaderFunctionArgs } from "react-router";
import type { ReadModel } from "../../../api/read-model.ts";
import type { UploadRules } from "../../../api/upload-rules.ts";
import type { FormOutcome } from "../../../product/forms.ts";

/** Public settings of the site as configured; never secrets. */
export interface SiteSettings {
  /** The configured public origin (JWI_PUBLIC_ORIGIN, no trailing slash); null: each request's own. */
  publicOrigin: string | null;
  /** External feedback form ("Provide feedback"), opened in a new tab; null when not configured. */
  feedbackUrl: string | null;
  /** Days contact messages and waiting-list requests are kept (JWI_LEADS_RETENTION_DAYS): the privacy page says it. */
  leadsRetentionDays: number;
}

/** The settings a page is rendered with (the root loader sends them to the browser). */
interface SiteConfig extends SiteSettings {
  /**
   * The origin of canonical links and Open Graph URLs, e.g. https://jobweather.example: the configured one, else
   * the request's own (server/site/site-handler.ts resolves it per request; the page cache keys on it).
   */
  publicOrigin: string;
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
  /** The upload rules the operator page shows and pre-checks (api/upload-rules.ts: the parsers stay on the API's side). */
  uploadRules: () => Promise<UploadRules>;
  site: SiteConfig;
  /** Per-request CSP nonce set by the API's helmet middleware (res.locals.cspNonce). */
  cspNonce: string;
  /** The time of this request: freshness, data ages and relative dates are computed from it. */
  now: Date;
  /**
   * A form posted without JavaScript and refused (api/routes/form-posts.ts): its page's `action` answers it, with
   * the errors next to the fields and what was typed. Undefined for every other request.
   */
  form?: FormOutcome;
}

/** A loader's arguments with the site's context typed (React Router types `context` loosely). */
export type SiteLoaderArgs = Omit<LoaderFunctionArgs, "context"> & { context: SiteLoadContext };

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}

/** What a route module declares about its URL (its `handle` export). */
export interface PageHandle {
  /** The query parameters its loader reads; any other is dropped by a redirect (server/site/site-handler.ts). */
  query?: readonly string[];
}
