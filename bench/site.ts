// The built site on a random port with the bundled data, for the benches that measure pages (web, weights):
// builds it first when build/web is missing; close() stops the server and removes its data directory.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_BUILD_DIR, startSiteServer } from "../server/main.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface BenchSite {
  base: string;
  /** build/web/client: the files the browser is sent. */
  clientDir: string;
  close(): Promise<void>;
}

export async function startBenchSite(name: string): Promise<BenchSite> {
  if (!existsSync(path.join(DEFAULT_BUILD_DIR, "server", "index.js"))) {
    console.log("building the site first (npm run build)…");
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: ROOT,
      stdio: "ignore",
    });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `jwi-bench-${name}-`));
  const server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "production", JWI_PUBLIC_ORIGIN: "https://jobweather.example" },
    // Cards drawn ahead in the background would compete with what the bench measures.
    config: { httpLog: false, drawCardsAhead: false },
    handleSignals: false,
  });
  return {
    base: `http://127.0.0.1:${server.port}`,
    clientDir: path.join(DEFAULT_BUILD_DIR, "client"),
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
