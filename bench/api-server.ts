// Child process of bench/api.ts: the API server on a seeded data dir (rate limits lifted) and, beside it, a
// bare node:http server answering the same precomputed JSON (the ceiling). Prints one JSON line with both
// URLs, then serves until SIGTERM.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startServer } from "../server/start.ts";

const [dataDir, httpLog = "true"] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: api-server.ts DATA_DIR [httpLog]");

const api = await startServer({
  port: 0,
  host: "127.0.0.1",
  dataDir,
  env: {
    JWI_PUBLIC_ORIGIN: "https://jobweather.example",
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
  },
  config: {
    httpLog: httpLog === "true",
    // Cards drawn ahead in the background would compete with what the bench measures.
    drawCardsAhead: false,
    rateLimits: {
      experiences: { limit: 0, windowMs: 60_000 },
      waitingList: { limit: 0, windowMs: 60_000 },
      contact: { limit: 0, windowMs: 60_000 },
      login: { limit: 0, windowMs: 60_000 },
      failedPosts: { limit: 0, windowMs: 60_000 },
    },
  },
});

// The ceiling answers exactly the bytes the API sends for the same paths.
const bodies = new Map<string, Buffer>();
for (const p of ["/api/countries/de", "/api/rankings/brightest"]) {
  bodies.set(p, Buffer.from(await (await fetch(api.url + p)).arrayBuffer()));
}
const ceiling = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? "");
  if (!body) {
    res.statusCode = 404;
    res.end();
    return;
  }
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  res.end(body);
});
await new Promise<void>((r) => ceiling.listen(0, "127.0.0.1", r));

process.stdout.write(
  `${JSON.stringify({ api: api.url, ceiling: `http://127.0.0.1:${(ceiling.address() as AddressInfo).port}` })}\n`,
);
process.once("SIGTERM", () => ceiling.close());
await api.closed;
