// Every door holds (issue 33), over plain HTTP against the real server with the site, raw request lines included
// (fetch would normalise them): no answer's Location names another origin, whatever the spelling of the path or an
// absolute-form target; no spelling of the operator page is cached or sent with public cache headers; every answer
// kind, errors and redirects included, carries CSP, nosniff and framing protection; error texts never echo what was
// asked unescaped. Before: `//Evil.example/` answered `301 Location: //evil.example/`, `/%61dmin` rendered the
// operator page with `s-maxage=60` and kept it in the page cache, and 404s of /og, the 400 and the 414 had no CSP.
// Every query parameter a page reads (its loader, its components, a GET form's fields) is declared in its route's
// `handle.query`: the site answers any other name with a 301 to the page without it (server/site/page-query.ts), so an
// undeclared one is a form whose value is dropped.
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../e2e/harness.ts";
import { login, postJson, testPasswordHash, validExperience } from "../api/helpers.ts";
import { startSitePages, type SitePages } from "./site.ts";
import { parseHTML } from "linkedom";
import routes from "../../web/app/routes.ts";
import { unprefixedRoute } from "../../product/locales.ts";
import { fetchPage } from "../helpers/html.ts";
import { publicPages } from "../e2e/route-matrix.ts";

let site: SitePages;
beforeAll(async () => {
  ensureBuilt();
  site = await startSitePages({ adminPasswordHash: await testPasswordHash() });
});
afterAll(async () => {
  await site?.close();
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** One request line sent as written (no client normalises it), the answer parsed by hand. */
function raw(target: string, headers: Record<string, string> = {}, method = "GET", body = ""): Promise<RawAnswer> {
  const port = Number(new URL(site.base).port);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      const length = body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : "";
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra}${length}Connection: close\r\n\r\n${body}`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const [line, ...lines] = text.slice(0, split).split("\r\n");
      const map = new Map<string, string>();
      for (const l of lines) {
        const i = l.indexOf(":");
        map.set(l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim());
      }
      resolve({ status: Number(line!.split(" ")[1]), headers: map, body: text.slice(split + 4) });
    });
  });
}

/** True when a Location (relative or absolute) resolves to this server's own origin. */
function staysHere(location: string): boolean {
  const base = new URL(site.base);
  // A browser resolves it against the page's URL: any origin other than the server's is off-site.
  return new URL(location, `${base.origin}/some/page`).origin === base.origin;
}

const SPELLINGS = [
  "//Evil.example/",
  "//evil.example/Brightest",
  "/\\Evil.example/",
  "/\\x",
  "/\\\\Evil.example",
  "///Evil.example//",
  "/%2F%2FEvil.example",
  "/%5C%5CEvil.example",
  "/./Evil.example",
  "/.//Evil.example",
  "/x/..//Evil.example",
  "/%2e%2e//Evil.example",
  "/Brightest/..//Evil.example/",
  "//Evil.example/?x=1",
  "/DE//Evil.example",
  "/Country/..//Evil.example",
  "/@Evil.example",
  "/:@Evil.example",
  "/%09/Evil.example",
];

/**
 * The names looked up on any URLSearchParams while `during` runs: what the server's code reads of a request's query
 * (a loader's `url.searchParams.get`, a component's `useSearchParams()` while it renders, a helper's `getAll`).
 */
async function queryReads(during: () => Promise<void>): Promise<Set<string>> {
  const proto = URLSearchParams.prototype;
  const saved = { get: proto.get, getAll: proto.getAll, has: proto.has };
  const names = new Set<string>();
  proto.get = function (name: string) {
    names.add(name);
    return saved.get.call(this, name);
  };
  proto.getAll = function (name: string) {
    names.add(name);
    return saved.getAll.call(this, name);
  };
  proto.has = function (name: string, value?: string) {
    names.add(name);
    return value === undefined ? saved.has.call(this, name) : saved.has.call(this, name, value);
  };
  try {
    await during();
  } finally {
    Object.assign(proto, saved);
  }
  return names;
}

/**
 * What React Router itself reads of every request's query, not a page: `?index` (a data request for an index route)
 * and `_routes` (which routes' data a client navigation asks for; kept on `.data` requests by page-query.ts).
 */
const ROUTER_OWN: ReadonlySet<string> = new Set(["index", "_routes"]);

/** Whether the page at `path` keeps `name` in its query (the site answers a name its route does not declare with 301). */
async function keeps(path: string, name: string): Promise<boolean> {
  const target = `${path}${path.includes("?") ? "&" : "?"}${encodeURIComponent(name)}=1`;
  const a = await raw(target);
  return !(a.status === 301 && !(a.headers.get("location") ?? "").includes(`${encodeURIComponent(name)}=`));
}

// First in this file: each page must be rendered here (not answered from the page cache) for its reads to be seen.
describe("every query parameter a page reads is declared in its route's handle.query (server/site/page-query.ts)", () => {
  it("every route of web/app/routes.ts has a page in the route matrix's publicPages()", () => {
    const pages = publicPages("en").map((p) => p.split("?")[0]!);
    for (const route of routes) {
      const pattern = unprefixedRoute(route.path ?? "");
      if (pattern === "admin" || pattern.endsWith("-markets") || pattern === "*") continue;
      const re = new RegExp(`^/${pattern.replace(/:[a-z]+/g, "[^/]+")}$`);
      expect(
        pages.some((p) => re.test(p)),
        `/${pattern}`,
      ).toBe(true);
    }
  });

  it("a name a page's loader or components read, and a GET form's field, stays in the page's URL", async () => {
    const problems: string[] = [];
    for (const path of [...publicPages("en"), ...publicPages("de")]) {
      const before = site.renders();
      let html = "";
      const reads = await queryReads(async () => {
        html = (await fetchPage(`${site.base}${path}`)).html;
      });
      expect(site.renders(), `${path} was rendered, not answered from the page cache`).toBeGreaterThan(before);
      for (const name of reads) {
        if (ROUTER_OWN.has(name)) continue;
        if (!(await keeps(path, name))) problems.push(`${path} reads ?${name}: declare it in its route's handle.query`);
      }
      const { document } = parseHTML(html);
      for (const form of document.querySelectorAll("form")) {
        if ((form.getAttribute("method") ?? "get").toLowerCase() !== "get") continue;
        const action = form.getAttribute("action") || path.split("?")[0]!;
        for (const field of form.querySelectorAll("input[name], select[name], textarea[name], button[name]"))
          if (!(await keeps(action, field.getAttribute("name")!)))
            problems.push(
              `${path}: a GET form to ${action} sends ?${field.getAttribute("name")}: declare it in that route's handle.query`,
            );
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("no Location names another origin", () => {
  it.each(SPELLINGS)("GET %s", async (target) => {
    const a = await raw(target);
    const location = a.headers.get("location");
    if (location !== undefined) expect(staysHere(location), `${target} → ${location}`).toBe(true);
  });

  it.each([
    ["http://evil.example/Brightest", "/brightest"],
    ["http://evil.example//Evil.example/", "/evil.example"],
    ["https://evil.example/DE/brightest?x=1", "/de/brightest?x=1"],
  ])("absolute-form GET %s goes to this site's %s", async (target, expected) => {
    const a = await raw(target);
    expect(a.status).toBe(301);
    expect(a.headers.get("location")).toBe(expected);
  });

  it("the lower-case redirect is built from the normalised path, its query kept", async () => {
    const a = await raw("/x/../Brightest?weights=U:2");
    expect(a.status).toBe(301);
    // /brightest reads no query: the next answer drops it (server/site/page-query.ts).
    expect(a.headers.get("location")).toBe("/brightest?weights=U:2");
    const b = await raw("/brightest?weights=U:2");
    expect(b.headers.get("location")).toBe("/brightest");
  });

  it("authority-form and `*` targets are refused (400), in the JSON shape with the security headers", async () => {
    // `*` reaches the server (invalid_url); Node's parser refuses a GET in authority-form itself (bad_request).
    for (const [target, code] of [
      ["*", "invalid_url"],
      ["evil.example:443", "bad_request"],
    ]) {
      const a = await raw(target!);
      expect(a.status).toBe(400);
      expect(a.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(a.headers.get("location")).toBeUndefined();
      expect(JSON.parse(a.body).error.code).toBe(code);
    }
  });

  it("property: whatever the path, absolute or not, no answer's Location leaves the site", async () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E%2E",
      "%2f",
      "%5c",
      "Evil",
      ".example",
      "evil.example",
      "A",
      "%61",
      "@",
      ":",
      "Brightest",
      "country",
      "DE",
      "admin",
      "?",
      "&x=",
      "%0d",
      "~",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        fc.constantFrom("", "http://evil.example", "https://Evil.example:8443"),
        fc.constantFrom("/", "//", "/\\"),
        async (pieces, absolute, lead) => {
          const target = `${absolute}${lead}${pieces.join("")}`;
          const a = await raw(target);
          expect(a.status, target).toBeGreaterThanOrEqual(200);
          const location = a.headers.get("location");
          if (location !== undefined) expect(staysHere(location), `${target} → ${location}`).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the operator page, however spelled, is never cached nor public", () => {
  const spellings = [
    "/admin",
    "/%61dmin",
    "/adm%69n",
    "/./admin",
    "/x/../admin",
    "/%61dmin.data",
    "/admin.data",
    "/ADMIN",
    "/Admin/",
    "//admin",
    "/%2e/admin",
    "/admin?x=1",
    "/admin/",
    "/de/../admin",
    "http://evil.example/%61dmin",
    "/%%36%31dmin",
    "/%2561dmin",
  ];

  it("with the operator signed in and then without: never public, never the operator's page to anyone else", async () => {
    const cookie = await login(site.base);
    const before = site.cacheSize();
    for (const target of spellings) {
      for (const who of [{ cookie }, {}] as Array<Record<string, string>>) {
        const a = await raw(target, who);
        const cc = a.headers.get("cache-control") ?? "";
        expect(cc, target).not.toMatch(/public|s-maxage/);
        if (a.status === 200) expect(cc, target).toBe("private, no-store");
        if (a.status === 301) {
          expect(staysHere(a.headers.get("location")!)).toBe(true);
          const next = await raw(a.headers.get("location")!, who);
          expect(next.headers.get("cache-control") ?? "", target).not.toMatch(/public|s-maxage/);
          if ("cookie" in who) continue;
          expect(next.body).not.toMatch(/Signed in as/);
        } else if (!("cookie" in who)) expect(a.body).not.toMatch(/Signed in as/);
      }
    }
    expect(site.cacheSize()).toBe(before);
  });
});

describe("every answer kind carries CSP, nosniff and framing protection", () => {
  const expectGuarded = (a: RawAnswer, what: string) => {
    expect(a.headers.get("content-security-policy"), what).toMatch(/frame-ancestors 'none'/);
    expect(a.headers.get("x-content-type-options"), what).toBe("nosniff");
    expect(a.headers.get("x-frame-options"), what).toBeDefined();
  };

  it.each([
    ["HTML 200", "/country/de", 200, /text\/html/],
    ["HTML 404", "/no-such-page", 404, /text\/html/],
    ["JSON 200 (fast path)", "/api/countries/de", 200, /json/],
    ["JSON 200 (Express)", "/api/health", 200, /json/],
    ["JSON 404", "/api/nope", 404, /json/],
    ["CSV", "/api/v1/scores.csv", 200, /csv/],
    ["SVG badge", "/badge/de.svg", 200, /svg/],
    ["SVG badge 404", "/badge/xx.svg", 404, /svg/],
    ["PNG", "/og-image.png", 200, /png/],
    ["PNG card 404", "/og/xyz.png", 404, /json/],
    ["Atom", "/feeds/all.atom", 200, /atom/],
    ["XML sitemap", "/sitemap.xml", 200, /xml/],
    ["301", "/Brightest", 301, null],
    ["302 home", "/", 302, null],
    ["400 invalid_url", "/%zz", 400, /json/],
    ["414", `/api/v1/countries?x=${"a".repeat(9_000)}`, 414, /json/],
    ["414 from Node's parser", `/api/v1/countries?x=${"a".repeat(20_000)}`, 414, /json/],
  ])("%s", async (what, target, status, type) => {
    const a = await raw(target, what === "302 home" ? { "accept-language": "de" } : {});
    expect(a.status, what).toBe(status);
    if (type) expect(a.headers.get("content-type")).toMatch(type);
    expectGuarded(a, what);
  });

  it("405 and 431", async () => {
    expectGuarded(await raw("/country/de", {}, "DELETE"), "405");
    const big = await raw("/api/health", { "x-big": "b".repeat(20_000) });
    expect(big.status).toBe(431);
    expectGuarded(big, "431");
  });

  it("a 304 of a page keeps nosniff and framing protection (its CSP stays the one of the copy the client holds)", async () => {
    const first = await raw("/country/fr");
    const again = await raw("/country/fr", { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
    expect(again.headers.get("x-frame-options")).toBeDefined();
    expect(again.headers.get("content-security-policy")).toBeUndefined();
  });
});

describe("error texts never echo the request unescaped", () => {
  it("the share card's 404 does not repeat the file name; the API's 404 escapes markup", async () => {
    const card = await raw("/og/%3Cscript%3Ealert(1)%3C%2Fscript%3E.png");
    expect(card.status).toBe(404);
    expect(card.body).not.toMatch(/script|alert/);
    const api = await raw("/api/%3Cimg%20src=x%3E");
    expect(api.status).toBe(404);
    expect(api.body).not.toMatch(/[<>]/);
  });
});

// Issue 49, case 5: /api/countries/{code}/experiences wrote a comment's `<`, `>` and `&` as they are (its body is a
// cached JSON text, not res.json), contrary to docs/open-data.md. Every JSON answer now escapes them.
describe("every JSON answer escapes <, > and &", () => {
  it("an experience whose comment holds markup, in the list and in the answer to its post; health, countries, v1", async () => {
    const comment = `</script><img src=x onerror=alert(1)> R&D & "quotes"`;
    const posted = await raw(
      "/api/countries/de/experiences",
      { "content-type": "application/json" },
      "POST",
      JSON.stringify({ ...validExperience, comment }),
    );
    expect(posted.status).toBe(201);
    expect(posted.body).not.toMatch(/[<>&]/);
    const paths = [
      "/api/countries/de/experiences",
      "/api/countries/de/experiences?limit=5",
      "/api/health",
      "/api/countries",
      "/api/countries/de",
      "/api/v1/countries",
      "/api/openapi.json",
    ];
    for (const path of paths) {
      const a = await raw(path);
      expect(a.status, path).toBe(200);
      expect(a.headers.get("content-type"), path).toMatch(/application\/json/);
      expect(a.body, path).not.toMatch(/[<>&]/);
      JSON.parse(a.body);
    }
    const list = await raw("/api/countries/de/experiences");
    expect(list.body).toContain("\\u003c/script\\u003e");
    expect(JSON.stringify(JSON.parse(list.body))).toContain(JSON.stringify(comment).slice(1, -1));
  });
});

// Issue 49, case 11: `POST /api/v1/countries` answered 404 "No API route POST /v1/countries" (its prefix dropped),
// without 405 and Allow; `/brightest/` answered 200 where other spellings of a page redirect.
describe("a method a route does not answer, and a trailing slash", () => {
  it("POST /api/v1/countries: 405 with Allow, naming the full path; a path with no route stays 404 with its full path", async () => {
    const post = await raw("/api/v1/countries", { "content-type": "application/json" }, "POST", "{}");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(JSON.parse(post.body)).toMatchObject({
      error: { code: "method_not_allowed", message: "POST is not allowed on /api/v1/countries: it answers GET, HEAD." },
    });
    const del = await raw("/api/countries/de/experiences", {}, "DELETE");
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, HEAD, POST");
    const none = await raw("/api/v1/nothing-here");
    expect(none.status).toBe(404);
    expect(JSON.parse(none.body).error.message).toBe("No API route GET /api/v1/nothing-here");
  });

  it("/brightest/ and every page with a trailing slash: 301 to the address without it, query kept", async () => {
    for (const [path, to] of [
      ["/brightest/", "/brightest"],
      ["/de/brightest/", "/de/brightest"],
      ["/country/de/?x=1", "/country/de?x=1"],
      ["/de/", "/de"],
      ["/open-data//", "/open-data"],
    ]) {
      const a = await raw(path!);
      expect(a.status, path).toBe(301);
      expect(a.headers.get("location"), path).toBe(to);
    }
    expect((await raw("/brightest")).status).toBe(200);
    expect((await raw("/")).status).not.toBe(301);
  });
});

describe("5xx answers", () => {
  it("a write and a page that fail on a broken store carry the security headers too", async () => {
    // Last in the file: the community table goes, so a post and the country page both fail on the server's side.
    expect((await postJson(`${site.base}/api/countries/de/experiences`, validExperience)).status).toBe(201);
    site.db.exec("DROP TABLE experiences");
    const post = await raw(
      "/api/countries/de/experiences",
      { "content-type": "application/json" },
      "POST",
      JSON.stringify(validExperience),
    );
    expect(post.status).toBeGreaterThanOrEqual(500);
    expect(post.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(post.headers.get("x-content-type-options")).toBe("nosniff");
    const page = await raw("/country/it");
    expect(page.status).toBeGreaterThanOrEqual(500);
    expect(page.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
