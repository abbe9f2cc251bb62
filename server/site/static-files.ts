// The site's static files: hashed assets (cached for a year) and unhashed public files (an hour fresh), each
// answered with its brotli or gzip sibling made by the build (bin/precompress.mjs) when the client takes it.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { CACHE_STATIC } from "../http/cache.ts";
import { addVary, ENCODINGS, negotiateEncoding, type Encoding } from "../http/compression.ts";

/** Static files of text types: their answers vary with Accept-Encoding even when too small to have been compressed. */
const TEXT_FILE = /\.(?:js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/i;

/** Vary, Content-Type and Content-Encoding of a precompressed static file (bin/precompress.mjs), before serve-static answers. */
function precompressed(dir: string): RequestHandler {
  const variants = precompressedFiles(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = req.path;
    const offered = variants.get(file);
    if (offered || TEXT_FILE.test(file)) addVary(res, "Accept-Encoding");
    if (!offered) return next();
    const encoding = negotiateEncoding(req.headers["accept-encoding"], offered);
    if (!encoding) return next();
    res.type(path.extname(file)); // the original's type, not that of .br / .gz
    res.setHeader("Content-Encoding", encoding);
    req.url = req.url.replace(/^[^?]*/, (p) => `${p}${encoding === "br" ? ".br" : ".gz"}`);
    next();
  };
}

/** The files under `dir` that have .br / .gz siblings, by URL path, with the encodings they have (br first). */
function precompressedFiles(dir: string): Map<string, Encoding[]> {
  const out = new Map<string, Encoding[]>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(?:br|gz)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const offered = ENCODINGS.filter((e) => existsSync(`${full}${e === "br" ? ".br" : ".gz"}`));
    if (offered.length) out.set(`/${path.relative(dir, full).split(path.sep).join("/")}`, offered);
  }
  return out;
}

/** The static files of a client build (`build/web/client`): /assets/* and the public files. */
export function staticFiles(clientDir: string): express.Router {
  const router = express.Router();
  // Hashed assets and public files have brotli and gzip siblings made by the build (bin/precompress.mjs).
  router.use(
    "/assets",
    precompressed(path.join(clientDir, "assets")),
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
      redirect: false,
    }),
  );
  // Unhashed public files (flags, favicon, the share image): an hour fresh, a day stale-while-revalidate, with
  // serve-static's ETag and Last-Modified for the revalidation.
  router.use(
    precompressed(clientDir),
    express.static(clientDir, {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader("Cache-Control", CACHE_STATIC),
    }),
  );
  return router;
}
