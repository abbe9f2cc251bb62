#!/usr/bin/env node
// The behaviour snapshot (docs/testing.md "Behaviour snapshot"): every public answer of a checkout's server, written
// to a directory, and two such directories compared. A change that should not change behaviour (a restructuring)
// shows 0 differences; one that should names each difference.
//
//   node bin/behaviour-snapshot.mjs take [CHECKOUT] OUT_DIR   start CHECKOUT's built server (default: this one) on a
//                                                              fresh data directory and save its answers in OUT_DIR
//   node bin/behaviour-snapshot.mjs compare A_DIR B_DIR        list the answers that differ (exit 1 when any does)
//
// CHECKOUT must be built (`npm run build`). Plain JavaScript, importing nothing of the project, so that it runs
// against an older checkout as it is. Hashed asset names, CSP nonces and the seeding time are made neutral before
// comparing (and the seeding's times: TIME); everything else (status, content type, body) must match.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOCALES = ["en", "de", "fr", "es", "it", "pl"];

/** The answers beyond the sitemap and the OpenAPI document's paths: files, feeds, errors and refused input. */
const EXTRA = [
  "/robots.txt",
  "/sitemap.xml",
  "/api/openapi.json",
  "/feeds/all.xml",
  "/feeds/all.atom",
  "/feeds/de.xml",
  "/no-such-page",
  "/de/no-such-page",
  "/country/xx",
  "/compare/de-de",
  "/compare/de",
  "/compare/de-fr-nl-pl-ie",
  "/compare/pl-de-nl-ie?sector=role-it-engineering",
  "/job-market/narnia",
  "/your-weather?w=1,2,3,4",
  "/your-weather?w=junk",
  "/sectors?sector=J",
  "/api/v1/countries/xx",
  "/api/v1/countries/de?lang=xx",
  "/api/v1/rankings/nope",
  "/api/v1/scores?weights=junk",
  "/api/v1/countries/%E0%A4%A",
  "/api/admin/status",
];
/** Refused posts: what a form's errors say (field codes) must not change by accident. */
const POSTS = [
  ["/api/waiting-list", { service: "career-consultant", email: "not-an-email", name: "" }],
  ["/api/contact", { name: "", email: "x", topic: "nope", message: "" }],
  ["/api/countries/de/experiences", { outcome: "nope" }],
];

function normalise(body) {
  return body
    .replace(/\/assets\/([\w.-]+?)-[\w-]{8,}\.(js|css|json|woff2?)/g, "/assets/$1-HASH.$2")
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/"nonce":"[^"]*"/g, '"nonce":"N"')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, "TIME")
    .replace(/\d{8}T\d{6}\d{3}Z/g, "TIME")
    .replace(/"version": ?"[0-9a-f]{8}"/g, '"version":"BUILD"');
}

async function take(checkout, out) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-snapshot-"));
  const child = spawn(process.execPath, [path.join(checkout, "bin/jwi.mjs"), "serve", "--port", "0"], {
    cwd: checkout,
    env: {
      ...process.env,
      JWI_DATA_DIR: dataDir,
      JWI_PUBLIC_ORIGIN: "https://jobweather.example",
      LOG_LEVEL: "warn",
      JWI_HTTP_LOG: "false",
      JWI_DRAW_CARDS_AHEAD: "false",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const base = await new Promise((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (d) => {
        text += d;
        const m = /running on (http:\/\/\S+)/.exec(text);
        if (m) resolve(m[1].replace("localhost", "127.0.0.1"));
      });
      child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const openapi = await (await fetch(`${base}/api/openapi.json`)).json();
    const prefix = openapi.servers?.[0]?.url ? new URL(openapi.servers[0].url, base).pathname.replace(/\/$/, "") : "";
    const api = Object.keys(openapi.paths)
      .map((p) => (p.startsWith("/api/") ? p : `${prefix}${p}`))
      .flatMap((p) =>
        p.includes("{type}")
          ? ["brightest", "stormiest", "top-regions"].map((t) => p.replace("{type}", t))
          : [p.replace("{code}", "de").replace("{codes}", "de-fr")],
      );
    const withLang = api.flatMap((p) => [
      p,
      ...LOCALES.slice(1).map((l) => `${p}${p.includes("?") ? "&" : "?"}lang=${l}`),
    ]);
    const urls = [...new Set([...pages, ...withLang, ...EXTRA])].sort();
    mkdirSync(out, { recursive: true });
    const index = {};
    const save = (key, res, body) => {
      const name = createHash("sha256").update(key).digest("hex").slice(0, 16);
      const text = normalise(body);
      writeFileSync(path.join(out, name), text);
      index[key] = {
        file: name,
        status: res.status,
        type: res.headers.get("content-type"),
        sha256: createHash("sha256").update(text).digest("hex"),
      };
    };
    for (const url of urls) {
      const res = await fetch(`${base}${url}`, { redirect: "manual", headers: { "accept-encoding": "identity" } });
      save(`GET ${url}`, res, await res.text());
    }
    for (const [url, data] of POSTS) {
      const res = await fetch(`${base}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(data),
      });
      save(`POST ${url}`, res, await res.text());
    }
    writeFileSync(path.join(out, "index.json"), JSON.stringify(index, null, 1));
    console.log(`${Object.keys(index).length} answers saved in ${out}`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function compare(a, b) {
  const ia = JSON.parse(readFileSync(path.join(a, "index.json"), "utf8"));
  const ib = JSON.parse(readFileSync(path.join(b, "index.json"), "utf8"));
  const keys = [...new Set([...Object.keys(ia), ...Object.keys(ib)])].sort();
  const differ = [];
  for (const k of keys) {
    const x = ia[k];
    const y = ib[k];
    if (!x || !y) differ.push(`${k}: only in ${x ? a : b}`);
    else if (x.status !== y.status || x.type !== y.type || x.sha256 !== y.sha256)
      differ.push(
        `${k}: ${x.status !== y.status ? `status ${x.status} → ${y.status}; ` : ""}${x.type !== y.type ? `type ${x.type} → ${y.type}; ` : ""}` +
          `${x.sha256 !== y.sha256 ? `body differs (diff ${path.join(a, x.file)} ${path.join(b, y.file)})` : ""}`,
      );
  }
  console.log(`${keys.length} answers compared, ${differ.length} differ`);
  for (const d of differ) console.log(`  ${d}`);
  return differ.length === 0 ? 0 : 1;
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "take" && (args.length === 1 || args.length === 2)) {
  const [checkout, out] = args.length === 2 ? [path.resolve(args[0]), args[1]] : [HERE, args[0]];
  rmSync(out, { recursive: true, force: true });
  await take(checkout, path.resolve(out));
} else if (mode === "compare" && args.length === 2) {
  process.exitCode = compare(args[0], args[1]);
} else {
  console.error("usage: behaviour-snapshot.mjs take [CHECKOUT] OUT_DIR | compare A_DIR B_DIR");
  process.exitCode = 2;
}
