// Share card benchmark (docs/decisions/008-share-cards.md, docs/decisions/017-page-weight.md): what the cards cost
// the recalc, and where the drawing went. The recalc only keys the cards (no satori, no resvg): its card step
// against its own work in three cases (target ≤ 1×), on the synthetic input of the pipeline bench (31 countries ×
// 40 years of monthly history, bench/pipeline.ts timeRecalc). The server draws each card at its first request in
// one worker thread: its first card (cold worker), a card once warm, a stored card read back, every published
// card asked for at once (a crawler), every card drawn ahead while idle, and an API read meanwhile — on the real
// server (server/start.ts) over HTTP, on the data directory the recalcs made. The bench runs the sources (the worker
// through tsx); the compiled server's worker (dist/cli/share-card-worker.mjs) starts faster.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../server/start.ts";
import { syntheticRows, timeRecalc } from "./pipeline.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const AS_OF = "2026-11-22";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { redirect: "manual" });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - t0, status: res.status, bytes };
}

/** The server part: GETs of /og/{code}.png and an API read on the real server over HTTP. */
async function serverFigures(dataDir: string) {
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    // Drawing ahead is started below, when it is measured; until then each card is drawn at its first request.
    config: { drawCardsAhead: false, httpLog: false },
    handleSignals: false,
    now: () => new Date(`${AS_OF}T12:00:00Z`),
  });
  const db = server.db;
  const og = (code: string) => `${server.url}/og/${code.toLowerCase()}.png`;
  const check = (r: { status: number }, what: string) => {
    if (r.status !== 200) throw new Error(`${what} answered ${r.status}`);
  };
  try {
    const codes = db
      .prepare("SELECT country FROM share_cards WHERE variant = 'published' ORDER BY country")
      .pluck()
      .all() as string[];
    const toDraw = () =>
      db
        .prepare(
          "SELECT count(DISTINCT c.card_key) FROM share_cards c LEFT JOIN share_card_images i ON i.card_key = c.card_key WHERE i.card_key IS NULL",
        )
        .pluck()
        .get() as number;
    const total = db.prepare("SELECT count(DISTINCT card_key) FROM share_cards").pluck().get() as number;

    const cold = await timed(og("DE"));
    check(cold, "the first card");
    const warm: number[] = [];
    for (const code of ["FR", "IT", "ES", "PL", "NL"]) {
      const r = await timed(og(code));
      check(r, code);
      warm.push(r.ms);
    }
    const stored: number[] = [];
    for (let i = 0; i < 20; i++) stored.push((await timed(og("DE"))).ms);

    // A crawler asking for every published card at once (the worker is warm; none of these is drawn yet).
    db.prepare("DELETE FROM share_card_images").run();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const crawl = await Promise.all(codes.map((c) => timed(og(c))));
    const crawlMs = performance.now() - t0;
    const crawlCpu = process.cpuUsage(c0);
    for (const r of crawl) check(r, "a crawled card");

    // Every card drawn ahead while idle (as the server does by default), with API reads meanwhile.
    db.prepare("DELETE FROM share_card_images").run();
    const api = `${server.url}/api/countries/de`;
    const reads = async (until: () => boolean, max = Infinity) => {
      const ms: number[] = [];
      while (!until() && ms.length < max) {
        ms.push((await timed(api)).ms);
        await sleep(5);
      }
      return ms;
    };
    const idle = await reads(() => false, 200);
    const b0 = process.cpuUsage();
    const t1 = performance.now();
    server.app.shareCards.startDrawingAhead();
    const during = await reads(() => toDraw() === 0);
    const aheadMs = performance.now() - t1;
    const aheadCpu = process.cpuUsage(b0);
    return {
      total,
      codes: codes.length,
      cold: cold.ms,
      bytes: cold.bytes,
      warm: median(warm),
      stored: median(stored),
      crawlMs,
      crawlCpuMs: (crawlCpu.user + crawlCpu.system) / 1000,
      crawlMax: Math.max(...crawl.map((r) => r.ms)),
      aheadMs,
      aheadCpuMs: (aheadCpu.user + aheadCpu.system) / 1000,
      idle,
      during,
      stats: server.app.shareCards.stats,
    };
  } finally {
    await server.close();
  }
}

export async function run() {
  const rows = syntheticRows();
  // A fresh process, as every recalc job is (the server runs each job in a child) and as the card worker is.
  const child = JSON.parse(
    execFileSync(process.execPath, [path.join(HERE, "../bin/run-ts.mjs"), path.join(HERE, "cards-child.ts")], {
      encoding: "utf8",
    }),
  ) as { keyLoadMs: number; keyFirstMs: number; renderLoadMs: number; firstCardMs: number; cards: number };

  let server: Awaited<ReturnType<typeof serverFigures>> | undefined;
  const recalc = await timeRecalc(rows, AS_OF, async (dir) => void (server = await serverFigures(dir)));
  const s = server!;

  const row = (label: string, ms: number, extra = "") =>
    console.log(`  ${label.padEnd(56)} ${ms.toFixed(0).padStart(6)} ms${extra}`);
  console.log(`share cards, ${recalc.scored} scored countries: ${recalc.cards} cards (published + stale)`);
  console.log("the recalc keys the cards and draws none; its card step against its own work (target ≤ 1×):");
  for (const [label, r, note] of [
    ["first publication", recalc.first, `${recalc.first.keyed} keyed, all to draw on first request`],
    ["nothing changed", recalc.unchanged, `${recalc.unchanged.keyed} keyed, every key as before`],
    [
      "one country revised",
      recalc.oneChanged,
      `${recalc.oneChanged.keyed} keyed, ${recalc.oneChanged.rekeyed} new key(s)`,
    ],
  ] as const) {
    console.log(
      `  cards / recalc, ${label.padEnd(20)} ${(r.cardsMs / r.ownMs).toFixed(3)}×   (${r.cardsMs} ms keying, recalc's own work ${r.ownMs} ms; ${note})`,
    );
  }
  row(
    "keyer load + first keying of all cards (fresh process)",
    child.keyLoadMs + child.keyFirstMs,
    `   (load ${child.keyLoadMs.toFixed(0)} ms, fonts read, ${child.cards} keyed in ${child.keyFirstMs.toFixed(0)} ms)`,
  );
  console.log(
    "where the drawing went: the server, one worker thread, at each card's first request (real server, HTTP):",
  );
  row("load satori + resvg (fresh process, as a new worker)", child.renderLoadMs);
  row("first card in that process (fonts, layout engine start-up)", child.firstCardMs);
  row("GET of a card, cold worker (started by this request)", s.cold, `   ${(s.bytes / 1024).toFixed(0)} KiB`);
  row("GET of a card, warm worker (median of 5, each drawn)", s.warm);
  row("GET of a stored card (median of 20)", s.stored);
  row(
    `all ${s.codes} published cards, ${s.codes} requests at once`,
    s.crawlMs,
    `   to the last answer (slowest ${s.crawlMax.toFixed(0)} ms); CPU ${s.crawlCpuMs.toFixed(0)} ms, ${(s.crawlCpuMs / s.codes).toFixed(1)} ms per card`,
  );
  row(
    `all ${s.total} cards drawn ahead while idle (one at a time)`,
    s.aheadMs,
    `   CPU ${s.aheadCpuMs.toFixed(0)} ms (the API reads below included)`,
  );
  console.log(
    `  API read (GET /api/countries/de) while drawing ahead: median ${median(s.during).toFixed(1)} ms, p95 ${p95(s.during).toFixed(1)} ms (${s.during.length} reads); ` +
      `idle: median ${median(s.idle).toFixed(1)} ms, p95 ${p95(s.idle).toFixed(1)} ms`,
  );
  const drawn = s.stats.drawn.request + s.stats.drawn.background;
  console.log(
    `  ${drawn} cards drawn (${s.stats.drawn.request} for requests, ${s.stats.drawn.background} ahead) by ${s.stats.workerStarts} worker thread(s)` +
      ` at ${s.stats.lowPriority ? "below normal CPU priority (nice 10)" : "normal CPU priority"}; fonts read ${s.stats.fontReads} time(s); ${s.stats.failed} failed`,
  );
}
