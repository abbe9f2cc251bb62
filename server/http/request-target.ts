// The one normalisation of a request's target (docs/architecture.md, "Requests"): every routing, private-page, cache
// and CSP decision reads the path this module makes, never the raw one. Before it, `/%61dmin`, `/./admin` and
// `/x/../admin` reached the operator page while the private-page check, which read the raw path, took them for
// public pages, and a path starting with `//` was redirected to another site.
//
// What it does to a target (RFC 3986 §6.2.2, plus what browsers do to a URL they are given):
// - absolute-form (`GET http://host/path`, RFC 9112 §3.2.2) becomes origin-form: its path and query only; the host it
//   names is ignored (links name the configured public origin or the Host header, server/http/request.ts requestOrigin);
// - `\` becomes `/` (a browser reads `/\evil.example` as `//evil.example`);
// - percent-escapes of unreserved characters are decoded (`%61` is `a`), the others written with upper-case hex;
// - runs of `/` become one (`//evil.example/` is the path `/evil.example/` of this site);
// - `.` and `..` segments are removed.
// Case is left as it is: the site lower-cases its own paths by a redirect (server/site/site-handler.ts), hashed asset names
// and the API's codes keep theirs, and the private-page check ignores case.
import type { IncomingMessage } from "node:http";

export interface Target {
  /** The normalised path: starts with exactly one `/`, never `//` or `/\` (but for a target refused with 400). */
  path: string;
  /** The query with its `?`, as sent ("" when none). */
  query: string;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Decodes escapes of unreserved characters; writes the others with upper-case hex (`%c3` → `%C3`). */
function decodeUnreserved(path: string): string {
  if (!path.includes("%")) return path;
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

/** RFC 3986 §5.2.4 on a path whose slashes are already single: `.` segments dropped, `..` removes its parent. */
function removeDotSegments(path: string): string {
  const segments = path.split("/");
  const out: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i]!;
    const last = i === segments.length - 1;
    if (s === ".") {
      if (last) out.push("");
    } else if (s === "..") {
      out.pop();
      if (last) out.push("");
    } else out.push(s);
  }
  return `/${out.join("/")}`;
}

/**
 * The normalised form of a path (origin-form, without its query). A path with a `%` that starts no escape is left as
 * it is: every such target is refused with 400 before any route (server/http/request-limits.ts requestTargetProblem), and decoding
 * around it could make a new escape (`/%%36%31dmin` would become `/%61dmin`, the operator page after one more decoding).
 */
export function normalisePath(raw: string): string {
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return raw;
  let path = raw.replace(/\\/g, "/");
  path = decodeUnreserved(path);
  path = `/${path}`.replace(/\/{2,}/g, "/");
  if (path.includes("/.")) path = removeDotSegments(path);
  return path;
}

/**
 * The normalised target of a request line's target: origin-form (`/path?query`) or absolute-form
 * (`http://host/path?query`). Null for anything else (`*`, authority-form, text that is not a URL): no page or route
 * answers those.
 */
export function normaliseTarget(raw: string): Target | null {
  let target = raw;
  if (!target.startsWith("/")) {
    if (!/^https?:\/\//i.test(target)) return null;
    try {
      const url = new URL(target);
      // The URL parser already resolved dot segments and backslashes; the path is normalised again below all the same.
      target = `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? "" : target.slice(q);
  return { path: normalisePath(path), query };
}

/** The targets of requests that the server rewrote (their raw target was not normal): raw target by request. */
const rewritten = new WeakMap<IncomingMessage, string>();

/**
 * Puts the normalised target in `req.url` (so Express, the fast paths and the site all read it) and remembers the
 * raw one when it differed. False when the target is not one any route answers (normaliseTarget gave null).
 */
export function normaliseRequest(req: IncomingMessage): boolean {
  const raw = req.url ?? "/";
  const target = normaliseTarget(raw);
  if (!target) return false;
  const url = `${target.path}${target.query}`;
  if (url !== raw) {
    rewritten.set(req, raw);
    req.url = url;
  }
  return true;
}

/** True when the request's raw target was not in its normal form (the site then redirects to the normal one). */
export function wasRewritten(req: IncomingMessage): boolean {
  return rewritten.has(req);
}

/**
 * A Location header value that cannot leave this site: a path starting with one `/` followed by anything but `/`
 * or `\` (those would make a browser read the rest as another host). Anything else becomes "/".
 */
export function sameSiteLocation(location: string): string {
  return /^\/(?![/\\])/.test(location) ? location : "/";
}
