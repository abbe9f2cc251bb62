// What a request says of itself: its body's media type (415 for any other) and the origin it was made to, with the
// Vary header an answer naming that origin needs.
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
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

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
  return `${protocol === "https" ? "https" : "http"}://${host !== undefined && HOST.test(host) ? host.toLowerCase() : "localhost"}`;
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
