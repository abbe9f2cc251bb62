// What a request says of itself: its body's media type (415 for any other) and the origin it was made to, with the
// Vary header an answer naming that origin needs.
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler } from "express";
import { HttpError } from "./errors.ts";

/** Media type of the request without parameters, lower case ("" when none). */
export function mediaType(req: Request): string {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Rejects bodies that are not of the given media types with 415 (checked on the header, even for empty bodies). */
export function requireMediaType(...types: string[]): RequestHandler {
  return (req, _res, next) => {
    if (types.includes(mediaType(req))) return next();
    next(
      new HttpError(
        415,
        "unsupported_media_type",
        `Send the request body as ${types.join(" or ")} (Content-Type header).`,
      ),
    );
  };
}

/** A host as a browser may send it: a name or address, an IPv6 literal in brackets, an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/**
 * A host a URL can be made of: the form above, a port of at most 65535, and one the WHATWG URL parser takes (an
 * IPv6 literal it can read). `127.0.0.1:70000` is not: `new URL("http://127.0.0.1:70000")` throws, and a page, a
 * feed or the operator area built on it answered 500.
 */
function validHost(host: string): boolean {
  const m = HOST.exec(host);
  if (m === null || (m[1] !== undefined && Number(m[1]) > 65535)) return false;
  try {
    new URL(`http://${host}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The hosts a request names that links or a render URL may be made of: its Host header, and X-Forwarded-Host (its
 * first value) when the peer is a trusted proxy (`trusted`: Express's `trust proxy fn` at hop 0), as Express's
 * req.host reads it.
 */
export function claimedHosts(
  req: IncomingMessage,
  trusted: (address: string | undefined, hop: number) => boolean,
): { host: string | undefined; forwarded: string | undefined } {
  const header = req.headers["x-forwarded-host"];
  const value = Array.isArray(header) ? header[0] : header;
  const host = req.headers.host || undefined;
  if (!value || !trusted(req.socket.remoteAddress, 0)) return { host, forwarded: undefined };
  const comma = value.indexOf(",");
  return { host, forwarded: comma !== -1 ? value.slice(0, comma).trimEnd() : value };
}

/** The most of a refused host an error message repeats. */
const SHOWN_HOST_CHARS = 100;

/**
 * 400 `invalid_host` when the Host header, or a trusted proxy's X-Forwarded-Host, is not a host (a port over
 * 65535, a character no host has); null when both are fine or absent. Checked once, before the fast paths and any
 * route (api/app.ts requestListener and hostGuard), so no page, feed or render URL is ever built from such a host.
 */
export function hostProblem(hosts: { host: string | undefined; forwarded: string | undefined }): HttpError | null {
  for (const [name, value] of [
    ["Host", hosts.host],
    ["X-Forwarded-Host", hosts.forwarded],
  ] as const) {
    if (value === undefined || validHost(value)) continue;
    const shown = value.length > SHOWN_HOST_CHARS ? `${value.slice(0, SHOWN_HOST_CHARS)}…` : value;
    return new HttpError(
      400,
      "invalid_host",
      `The ${name} header ${JSON.stringify(shown)} is not a valid host: a name or an address, with a port from 0 to 65535 when one is given.`,
    );
  }
  return null;
}

/**
 * The origin this request was made to: protocol and host as Express sees them, so behind a trusted proxy
 * (JWI_TRUST_PROXY) X-Forwarded-Proto and X-Forwarded-Host. Only http or https, and only a plain host (port
 * included) is echoed into links; anything else reads `localhost`. Used where no public origin is configured.
 */
export function requestOrigin(req: Request): string {
  return originFrom(req.protocol, req.host);
}

/** An origin out of a protocol and a host as a request names them (requestOrigin; the page fast path's too). */
export function originFrom(protocol: string, host: string | undefined): string {
  return `${protocol === "https" ? "https" : "http"}://${host !== undefined && validHost(host) ? host.toLowerCase() : "localhost"}`;
}

/**
 * True when a request says it was made from another origin than this site: an `Origin` header that is neither the
 * origin the request was made to (requestOrigin) nor the configured public origin. `Origin: null` says nothing of
 * where a post comes from (a browser sends it for the site's own forms under `Referrer-Policy: no-referrer`), and a
 * request without the header (an old browser, a script) is judged by what else it says (Sec-Fetch-Site).
 */
export function fromForeignOrigin(req: Request, publicOrigin: string | null): boolean {
  const origin = req.headers.origin?.trim().toLowerCase();
  if (origin === undefined || origin === "" || origin === "null") return false;
  return origin !== requestOrigin(req) && origin !== publicOrigin?.toLowerCase();
}

/**
 * The Vary header of an answer whose body names the request's origin (pages, feeds, sitemap, robots, OpenAPI):
 * null when a public origin is configured (the body is the same for every request), else `Host`, plus
 * X-Forwarded-Host and X-Forwarded-Proto when a proxy is trusted to set them (JWI_TRUST_PROXY), so that a shared
 * cache never answers one host's request with a copy made for another.
 */
export function originVary(config: {
  publicOrigin: string | null;
  trustProxy: boolean | number | string;
}): string | null {
  if (config.publicOrigin !== null) return null;
  return config.trustProxy === false || config.trustProxy === 0 ? "Host" : "Host, X-Forwarded-Host, X-Forwarded-Proto";
}
