// Which query parameters a page reads (docs/architecture.md, "Page cache"). Each route module that reads some says
// so in its `handle` (`export const handle: PageHandle = { query: ["range"] }`, next to the loader that reads them);
// the site handler answers a request naming any other parameter with a redirect to the same page without it. So a
// junk query string (`/open-data/api?r=1`, `?utm_source=…`) never makes a render of its own nor an entry in the page
// cache (docs/decisions/007-page-cache.md says what they did before).
import { matchRoutes, type ServerBuild } from "react-router";
import type { PageHandle } from "../../web/app/lib/context.ts";

/** What React Router's data requests add to a page's query (`/country/de.data?_routes=…`): always kept there. */
const DATA_PARAMS = ["_routes"];
/** React Router's route discovery (`/__manifest?paths=…&version=…`, asked as links come into view): its own. */
const MANIFEST_PATH = "/__manifest";
const MANIFEST_PARAMS: ReadonlySet<string> = new Set(["paths", "version"]);

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

/** The query parameters the page at `pathname` reads, from the route modules of the server build. */
export function pageQueryReader(build: ServerBuild): (pathname: string) => ReadonlySet<string> {
  const nodes = new Map<string, RouteNode>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive });
  }
  const roots: RouteNode[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const none: ReadonlySet<string> = new Set();
  const cache = new Map<string, ReadonlySet<string>>();
  const read = (id: string) => {
    let hit = cache.get(id);
    if (!hit) {
      const handle = build.routes[id]?.module.handle as PageHandle | undefined;
      hit = new Set(handle?.query ?? []);
      cache.set(id, hit);
    }
    return hit;
  };
  return (pathname) => {
    if (pathname === MANIFEST_PATH) return MANIFEST_PARAMS;
    // A data request names the page it is for: `/country/de.data`, `/_root.data` for "/".
    const data = pathname.endsWith(".data");
    const page = !data ? pathname : pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    const matches = matchRoutes(roots as never, page) as Array<{ route: RouteNode }> | null;
    const params = new Set<string>(data ? DATA_PARAMS : []);
    for (const m of matches ?? []) for (const p of read(m.route.id)) params.add(p);
    return params.size ? params : none;
  };
}

/** The name of a `name=value` pair of a query, decoded as URLSearchParams does ("" for one that does not decode). */
function nameOf(pair: string): string {
  const eq = pair.indexOf("=");
  const raw = (eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}

/**
 * The query (with its `?`, "" when none) with only the parameters in `read`, in their order and as they were
 * written. `?` alone and empty pairs go too.
 */
export function keptQuery(query: string, read: ReadonlySet<string>): string {
  if (query === "") return "";
  const kept = query
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && read.has(nameOf(pair)));
  return kept.length ? `?${kept.join("&")}` : "";
}
