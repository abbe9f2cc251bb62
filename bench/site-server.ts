// Child process of bench/pages.ts: the real server with the site mounted (what `npm start` runs), production
// mode, on a seeded data dir. Prints one JSON line with its URL, then serves until SIGTERM. Set
// BENCH_CPU_PROF=1 to run it under `node --cpu-prof` (bench/pages.ts passes the flag). Under `--expose-gc`, SIGUSR2
// collects garbage (bench/memory.ts).
import { startSiteServer } from "../server/main.ts";

const [dataDir, httpLog = "true"] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: site-server.ts DATA_DIR [httpLog]");

const server = await startSiteServer({
  port: 0,
  host: "127.0.0.1",
  dataDir,
  // Production requires the public origin (docs/interfaces.md); the bench names one as an operator would.
  env: {
    JWI_PUBLIC_ORIGIN: "https://jobweather.example",
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
  },
  // Cards drawn ahead in the background would compete with what the bench measures.
  config: { httpLog: httpLog === "true", drawCardsAhead: false },
});
// Under `node --expose-gc` (bench/memory.ts), SIGUSR2 collects garbage, so that a resident size read next is what the
// server keeps, not what it has not collected yet.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) process.on("SIGUSR2", () => gc());
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.port}` })}\n`);
await server.closed;
