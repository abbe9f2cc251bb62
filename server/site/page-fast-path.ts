// The fast path of cached pages (api/app.ts requestListener): answers a GET/HEAD whose page is in the page cache
// straight from node:http, before Express, with the same headers as the Express path (server/site/page-send.ts); false,
// touching nothing, for anything else (Express then renders it and fills the cache).
import { randomBytes, randomUUID } from "node:crypto";
import { logFastAnswer, type FastRead, type PageFastPathDeps } from "../http/fast-path.ts";
import { originFrom } from "../http/request.ts";
import { wasRewritten } from "../http/request-target.ts";
import type { CachedPage } from "./page-cache.ts";
import { PRIVATE_PAGES, sendShared } from "./page-send.ts";

/** The home page's URL ("/" with or without a query), whose answer depends on Accept-Language and Cookie. */
const isHome = (url: string) => url === "/" || url.startsWith("/?");

/**
 * `peek(origin, url)`: the cached render of a URL for the origin its links name, undefined when none (or nothing
 * may be cached now); `vary`: the Vary header of public pages.
 */
export function pageFastPath(
  deps: PageFastPathDeps,
  peek: (origin: string, url: string) => CachedPage | undefined,
  vary: () => string | null | undefined,
): FastRead {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    if (url.startsWith("/api/") || url.startsWith("/assets/") || PRIVATE_PAGES.test(url)) return false;
    // A target that was not normal is redirected to its normal form by Express (server/site/site-handler.ts).
    if (wasRewritten(req)) return false;
    if (isHome(url)) return false; // Express answers "/": its language may depend on the request (docs/i18n.md)
    let entry: CachedPage | undefined;
    let protocol: string;
    try {
      protocol = deps.protocol(req);
      entry = peek(originFrom(protocol, deps.host(req)), url);
    } catch {
      return false; // Express answers, through the error middleware
    }
    if (!entry) return false; // Express renders it (and fills the cache)
    const started = deps.logger ? performance.now() : 0;
    const id = randomUUID();
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", id);
    for (const [name, value] of deps.headers(protocol === "https", nonce)) res.setHeader(name, value);
    sendShared(req, res, entry, nonce, vary());
    if (deps.logger) logFastAnswer(deps.logger, id, req, url.split("?")[0]!, res, started);
    return true;
  };
}
