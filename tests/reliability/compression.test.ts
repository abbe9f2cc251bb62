// Answers are compressed when the client asks (docs/decisions/012-compression.md): pages, their scripts and
// styles, JSON, CSV and Atom go brotli or gzip by Accept-Encoding (q-values honoured, br first), as they are
// otherwise; decompressed they are the identity answer's bytes; each encoding has its own ETag and 304; Vary
// names Accept-Encoding beside Host; PNG share cards are never compressed. Raw node:http requests, so the test
// sees the bytes on the wire (fetch would decompress them).
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../e2e/harness.ts";
import { startSitePages, type SitePages } from "./site.ts";

let site: SitePages;
beforeAll(async () => {
  ensureBuilt();
  site = await startSitePages();
});
afterAll(async () => {
  await site?.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(p: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(site.base + p, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decode(res: Raw): Buffer {
  const enc = res.headers["content-encoding"];
  if (enc === "br") return zlib.brotliDecompressSync(res.body);
  if (enc === "gzip") return zlib.gunzipSync(res.body);
  expect(enc).toBeUndefined();
  return res.body;
}

/** A page's bytes with its nonces blanked (each response has its own). */
const withoutNonce = (b: Buffer) => b.toString().replace(/nonce="[^"]*"/g, 'nonce=""');

const varies = (res: Raw) =>
  String(res.headers.vary ?? "")
    .split(",")
    .map((f) => f.trim().toLowerCase());

async function assetPaths(): Promise<{ js: string; css: string }> {
  const html = (await get("/")).body.toString();
  // The page's largest script (React and React Router: vite.config.ts groups them into one file); the entry module
  // itself is a few hundred bytes, under the size worth compressing.
  const scripts = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  const sizes = await Promise.all(scripts.map(async (p) => ({ p, size: (await get(p)).body.length })));
  const js = sizes.sort((a, b) => b.size - a.size)[0]?.p;
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(js).toBeTruthy();
  expect(css).toBeTruthy();
  return { js: js!, css: css! };
}

describe("compressed when asked, the same bytes once decompressed", () => {
  it.each(["/", "/country/de"])(
    "page %s: br and gzip, each with its own ETag and 304; identity otherwise",
    async (p) => {
      const identity = await get(p);
      expect(identity.status).toBe(200);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(varies(identity)).toContain("accept-encoding");
      expect(Number(identity.headers["content-length"])).toBe(identity.body.length);
      const etags = new Set([identity.headers.etag]);
      for (const enc of ["br", "gzip"] as const) {
        // A cached page prefers gzip at equal weights (made once per render, brotli per response): br when asked alone.
        const res = await get(p, { "accept-encoding": enc });
        expect(res.status).toBe(200);
        expect(res.headers["content-encoding"]).toBe(enc);
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        expect(Number(res.headers["content-length"])).toBe(res.body.length);
        expect(res.body.length).toBeLessThan(identity.body.length / 3);
        expect(varies(res)).toContain("accept-encoding");
        const body = decode(res);
        expect(withoutNonce(body)).toBe(withoutNonce(identity.body));
        // The nonce in the body is this response's, the one its CSP names.
        const csp = String(res.headers["content-security-policy"]);
        const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
        expect(body.toString()).toContain(`nonce="${nonce}"`);
        const etag = res.headers.etag!;
        expect(etag).toMatch(new RegExp(`-${enc}"$`));
        etags.add(etag);
        const again = await get(p, { "accept-encoding": enc, "if-none-match": etag });
        expect(again.status).toBe(304);
        expect(again.headers.etag).toBe(etag);
        expect(again.body.length).toBe(0);
      }
      expect(etags.size).toBe(3);
    },
  );

  it("a browser's Accept-Encoding gets a cached page gzip-compressed; br weighed above gzip gets brotli", async () => {
    await get("/country/it");
    expect(
      (await get("/country/it", { "accept-encoding": "gzip, deflate, br, zstd" })).headers["content-encoding"],
    ).toBe("gzip");
    expect((await get("/country/it", { "accept-encoding": "gzip;q=0.9, br" })).headers["content-encoding"]).toBe("br");
  });

  it("gzip of a cached page is valid for every nonce: two answers decode to pages that differ only by nonce", async () => {
    const a = await get("/country/fr", { "accept-encoding": "gzip" });
    const b = await get("/country/fr", { "accept-encoding": "gzip" });
    const [da, db] = [decode(a), decode(b)];
    expect(da.toString()).not.toBe(db.toString());
    expect(withoutNonce(da)).toBe(withoutNonce(db));
  });

  it("the entry script and the stylesheet: precompressed br and gzip, right type and length, immutable, 304 per encoding", async () => {
    const { js, css } = await assetPaths();
    for (const [p, type] of [
      [js, /javascript/],
      [css, /^text\/css/],
    ] as const) {
      const identity = await get(p);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(varies(identity)).toContain("accept-encoding");
      for (const enc of ["br", "gzip"] as const) {
        const res = await get(p, { "accept-encoding": enc });
        expect(res.status).toBe(200);
        expect(res.headers["content-encoding"]).toBe(enc);
        expect(res.headers["content-type"]).toMatch(type);
        expect(Number(res.headers["content-length"])).toBe(res.body.length);
        expect(res.headers["cache-control"]).toContain("immutable");
        expect(varies(res)).toContain("accept-encoding");
        expect(decode(res).equals(identity.body)).toBe(true);
        expect(res.headers.etag).not.toBe(identity.headers.etag);
        const again = await get(p, { "accept-encoding": enc, "if-none-match": res.headers.etag! });
        expect(again.status).toBe(304);
      }
    }
  });

  it.each(["/api/v1/countries", "/api/v1/scores.csv", "/feeds/all.atom", "/api/countries"])(
    "%s: compressed, identical once decompressed, 304 per encoding",
    async (p) => {
      const identity = await get(p);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      for (const enc of ["br", "gzip"] as const) {
        const res = await get(p, { "accept-encoding": `${enc}, identity;q=0.5` });
        expect(res.headers["content-encoding"]).toBe(enc);
        expect(varies(res)).toContain("accept-encoding");
        expect(decode(res).equals(identity.body)).toBe(true);
        expect(res.headers.etag).toBe(identity.headers.etag!.replace(/"$/, `-${enc}"`));
        expect((await get(p, { "accept-encoding": enc, "if-none-match": res.headers.etag! })).status).toBe(304);
        // The identity ETag (a client that first asked without compression) still matches.
        expect((await get(p, { "accept-encoding": enc, "if-none-match": identity.headers.etag! })).status).toBe(304);
      }
    },
  );
});

describe("not compressed when not asked", () => {
  it.each([
    ["no Accept-Encoding", {}],
    ["identity", { "accept-encoding": "identity" }],
    ["br;q=0", { "accept-encoding": "br;q=0" }],
    ["*;q=0", { "accept-encoding": "*;q=0, identity" }],
    ["an unknown coding", { "accept-encoding": "zstd" }],
  ])("%s: the page, its script and JSON go as they are", async (_label, headers) => {
    const { js } = await assetPaths();
    for (const p of ["/country/de", js, "/api/v1/countries"]) {
      const res = await get(p, headers);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(varies(res)).toContain("accept-encoding");
    }
  });

  it("q-values choose: gzip over br when br weighs less; br;q=0 with gzip gives gzip; * gives br", async () => {
    const enc = async (ae: string) =>
      (await get("/api/v1/countries", { "accept-encoding": ae })).headers["content-encoding"];
    expect(await enc("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(await enc("br;q=0, gzip")).toBe("gzip");
    expect(await enc("*")).toBe("br");
    expect(await enc("gzip;q=0, *;q=0.1")).toBe("br");
  });

  it("PNG share cards are never compressed", async () => {
    let res = await get("/og/de.png", { "accept-encoding": "gzip, br" });
    // Without drawn cards (this data dir) the card is the site's own image, a static PNG.
    if (res.status === 302)
      res = await get(new URL(res.headers.location!, site.base).pathname, { "accept-encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
  });

  it("HEAD of a compressed page: the headers of the GET, no body", async () => {
    const res = await get("/country/de", { "accept-encoding": "gzip" }, "HEAD");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.length).toBe(0);
  });

  it("health answers are never stored, whatever the encoding", async () => {
    const res = await get("/api/health", { "accept-encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.etag).toBeUndefined();
  });
});
