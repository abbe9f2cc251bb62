// Share card benchmark (docs/decisions: share cards): the time to render every country's cards (the published
// card and the no-number "stale" card of each scored country), against the recalc's own time in the same run on
// the same synthetic input as the pipeline bench (31 countries × 40 years of monthly history).
// The recalc draws the cards before its publish transaction, so it is timed twice on one data directory: first
// drawing every card (a fresh directory), then again on the same data, when every card is taken over from the
// first publication (by its key) and the recalc does its own work only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPipeline } from "../pipeline/index.ts";
import { buildModelInputs, scoreAll } from "../pipeline/recalc.ts";
import { renderShareCards } from "../pipeline/share-cards/render.ts";
import { ObservationStore } from "../pipeline/store/observations.ts";
import type { Observation } from "../pipeline/types.ts";
import { syntheticRows } from "./pipeline.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const AS_OF = "2026-11-22";
const REPEATS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Two whole recalcs (DuckDB read, model, cards, SQLite publish) of the same rows in one temporary data dir. */
async function timeRecalcTwice(rows: readonly Observation[]): Promise<{ drawingAll: number; takingAllOver: number; cards: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-"));
  try {
    const store = await ObservationStore.open(path.join(dir, "jwi.duckdb"));
    await store.transaction(() => store.upsert([...rows], { ingestId: 1, sha256: "bench", ingestedAt: "2026-11-22T00:00:00Z" }));
    store.close();
    const pipeline = await openPipeline({ dataDir: dir });
    try {
      const t0 = performance.now();
      await pipeline.recalc({ asOf: AS_OF });
      const drawingAll = performance.now() - t0;
      const again: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const t1 = performance.now();
        await pipeline.recalc({ asOf: AS_OF });
        again.push(performance.now() - t1);
      }
      const cards = (pipeline.servingDb.prepare("SELECT count(*) AS n FROM share_cards").get() as { n: number }).n;
      return { drawingAll, takingAllOver: median(again), cards };
    } finally {
      pipeline.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const rows = syntheticRows();
  const snapshots = scoreAll(buildModelInputs(rows.map((r) => ({ ...r, ingestId: 1 }))), AS_OF).map((r) => r.snapshot);

  // A fresh process, as every recalc job is (the server runs each job in a child).
  const child = JSON.parse(
    execFileSync(process.execPath, [path.join(HERE, "../bin/run-ts.mjs"), path.join(HERE, "cards-child.ts")], { encoding: "utf8" }),
  ) as { loadMs: number; firstMs: number; cards: number };

  // Warm: this process has rendered once already; median of REPEATS, wall and CPU.
  let cards = await renderShareCards(snapshots);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    cards = await renderShareCards(snapshots);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const warm = median(wall);
  const recalc = await timeRecalcTwice(rows);

  const bytes = cards.reduce((n, c) => n + c.png.length, 0);
  console.log(`share cards, ${snapshots.length} countries: ${cards.length} cards (published + stale), ${(bytes / 1024 / 1024).toFixed(1)} MiB of PNG`);
  const row = (label: string, ms: number, extra = "") => console.log(`  ${label.padEnd(50)} ${ms.toFixed(0).padStart(6)} ms${extra}`);
  row("load satori + resvg (fresh process)", child.loadMs);
  row(`render all, first in a fresh process (${child.cards} cards)`, child.firstMs, "   (fonts, layout engine start-up included)");
  row(`render all, warm (median of ${REPEATS})`, warm, `   ${(warm / cards.length).toFixed(1)} ms per card, CPU ${median(cpu).toFixed(0)} ms`);
  row(`whole recalc, every card taken over (median of ${REPEATS})`, recalc.takingAllOver, `   the recalc's own work; cards/recalc ${(warm / recalc.takingAllOver).toFixed(2)}×`);
  row(`whole recalc, drawing all ${recalc.cards} cards (fresh dir)`, recalc.drawingAll);
}
