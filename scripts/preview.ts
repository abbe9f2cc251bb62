// Serves the built site and the API on PREVIEW_PORT (default 4310) from PREVIEW_DATA_DIR (default a temp folder,
// seeded from the bundled real fixtures): a quick look at the site without touching ./data.
// Run: npm run build && node bin/run-ts.mjs scripts/preview.ts
import os from "node:os";
import path from "node:path";
import { startSiteServer } from "../server/main.ts";

const server = await startSiteServer({
  port: Number(process.env.PREVIEW_PORT ?? 4310),
  dataDir: process.env.PREVIEW_DATA_DIR ?? path.join(os.tmpdir(), "jwi-preview"),
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  config: { httpLog: false },
});
console.log(`preview on ${server.url}`);
