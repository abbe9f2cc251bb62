// The edges of HTTP in the API's own error shape (docs/interfaces.md, "HTTP"), on the real server with the site
// mounted (so the fast paths for cached reads and pages, which answer before Express, are in play) and raw
// sockets: a URL over the limit answers 414, headers over Node's 16 KB 431, a path with broken percent-encoding
// 400, each as `{"error": {code, message}}` with a request id; health probes are never cached nor answered 304.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_URL_BYTES } from "../../server/http/request-limits.ts";
import type { RunningServer } from "../../server/start.ts";
import { startSiteServer } from "../../server/main.ts";
import { ensureBuilt } from "../e2e/harness.ts";
import { GENEROUS_LIMITS, getJson, seedDataDir } from "./helpers.ts";

let server: RunningServer;
let dataDir: string;
let base: string;

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-edges-"));
  await seedDataDir(dataDir);
  server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test", JWI_LOCK_WAIT_S: "0" },
    config: { httpLog: false, rateLimits: GENEROUS_LIMITS, drawCardsAhead: false },
    handleSignals: false,
    shutdownTimeoutMs: 2_000,
  });
  base = `http://127.0.0.1:${server.port}`;
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as it is on a fresh connection and reads the answer until the server closes or 3 s pass. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (d) => {
      received += d;
      // A complete answer with a Content-Length: done (keep-alive answers leave the socket open).
      const end = received.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(received.slice(0, end));
      if (end !== -1 && length && Buffer.byteLength(received.slice(end + 4), "latin1") >= Number(length[1]))
        socket.end();
    });
    socket.on("error", () => {});
    const timer = setTimeout(() => socket.destroy(), 3_000);
    socket.once("close", () => {
      clearTimeout(timer);
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return reject(new Error(`no answer: ${JSON.stringify(received.slice(0, 200))}`));
      const [statusLine, ...lines] = received.slice(0, end).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines)
        headers[line.slice(0, line.indexOf(":")).toLowerCase()] = line.slice(line.indexOf(":") + 1).trim();
      resolve({
        status: Number(statusLine!.split(" ")[1]),
        headers,
        body: Buffer.from(received.slice(end + 4), "latin1").toString("utf8"),
      });
    });
    socket.write(request);
  });
}

const get = (target: string, extra = "") =>
  raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`);

function expectJsonError(a: RawAnswer, status: number, code: string): void {
  expect(a.status).toBe(status);
  expect(a.headers["content-type"]).toMatch(/^application\/json/);
  expect(a.headers["cache-control"]).toBe("no-store");
  expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const body = JSON.parse(a.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
}

describe("URLs over the limit: 414 in the JSON error shape", () => {
  it.each([
    ["an API read (fast path)", "/api/v1/countries?x="],
    ["an unknown API path", "/api/v1/countries/"],
    ["a page (page fast path)", "/?q="],
    ["a country page", "/country/de?q="],
  ])("%s, a little over the limit", async (_name, prefix) => {
    const a = await get(prefix + "a".repeat(MAX_URL_BYTES - prefix.length + 1));
    expectJsonError(a, 414, "uri_too_long");
  });

  it("exactly at the limit is served", async () => {
    const prefix = "/api/v1/countries?x=";
    const a = await get(prefix + "a".repeat(MAX_URL_BYTES - prefix.length));
    expect(a.status).toBe(200);
  });

  it.each([20_000, 70_000])("a URL of %i bytes, which Node's parser refuses before any handler", async (n) => {
    const a = await get("/api/v1/countries?x=" + "a".repeat(n));
    expectJsonError(a, 414, "uri_too_long");
  });
});

describe("headers over 16 KB: 431 in the JSON error shape", () => {
  it("one big header", async () => {
    const a = await get("/api/health", `X-Big: ${"b".repeat(20_000)}\r\n`);
    expectJsonError(a, 431, "headers_too_large");
  });
  it("many small ones", async () => {
    const a = await get(
      "/api/v1/countries",
      Array.from({ length: 400 }, (_, i) => `X-H${i}: ${"c".repeat(60)}\r\n`).join(""),
    );
    expectJsonError(a, 431, "headers_too_large");
  });
  it("a request that is not HTTP at all still gets the JSON shape (400)", async () => {
    const a = await raw("HELLO\r\n\r\n");
    expectJsonError(a, 400, "bad_request");
  });
});

describe("broken percent-encoding: 400 in the JSON error shape", () => {
  it.each([
    "/api/v1/countries/%E0%A4%A",
    "/api/countries/%E0%A4%A",
    "/api/v1/countries/%ZZ/history",
    "/api/countries/%C0%AF",
  ])("%s", async (p) => {
    const a = await get(p);
    expectJsonError(a, 400, "invalid_url");
    expect(JSON.parse(a.body).error.message).toMatch(/percent-encod/i);
  });
});

describe("health probes are never cached", () => {
  it.each(["/api/health", "/api/v1/health"])(
    "%s answers 200 with its body to If-None-Match: *, no-store, no ETag",
    async (p) => {
      // (A prober's conditional request as a browser sends it: with max-age=0; fetch() alone would add no-cache,
      // under which Express never answers 304.)
      const conditions: Record<string, string>[] = [
        { "if-none-match": "*" },
        { "if-none-match": 'W/"x"' },
        { "if-modified-since": new Date().toUTCString() },
      ];
      for (const condition of conditions) {
        const res = await getJson(base + p, { headers: { ...condition, "cache-control": "max-age=0" } });
        expect(res.status).toBe(200);
        expect(res.body.ok).toBe(true);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(res.headers.get("etag")).toBeNull();
      }
      const head = await fetch(base + p, {
        method: "HEAD",
        headers: { "if-none-match": "*", "cache-control": "max-age=0" },
      });
      expect(head.status).toBe(200);
      expect(head.headers.get("cache-control")).toBe("no-store");
    },
  );
});
