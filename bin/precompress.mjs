// Brotli and gzip copies of the site's static files, made once at build time (`npm run build`, after
// `react-router build`): for every text file of build/web/client (.js, .css, .svg, .json, .txt, .xml, …) of
// 1 KB or more, `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside it, each kept only when
// smaller than the file. The server answers with the copy the client accepts (server/site/static-files.ts
// precompressed; docs/decisions/012-compression.md).
//
//   node bin/precompress.mjs [dir]      default build/web/client
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/i;
const MIN_BYTES = 1024;

const dir = path.resolve(process.argv[2] ?? path.join(ROOT, "build", "web", "client"));
let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  const full = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  // A copy left by an earlier build of a file that changed is replaced, one of a file now too small removed.
  for (const ext of [".br", ".gz"]) rmSync(full + ext, { force: true });
  const body = readFileSync(full);
  if (body.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = zlib.gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(full + ".br", br);
  if (gz.length < body.length) writeFileSync(full + ".gz", gz);
  files++;
  before += body.length;
  after += Math.min(br.length, body.length);
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `precompressed ${files} files under ${path.relative(ROOT, dir) || "."}: ${kb(before)} → ${kb(after)} with brotli`,
);
