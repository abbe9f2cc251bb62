// Share card benchmark (docs/decisions/008-share-cards.md): the time to render every country's cards (the published
// card and the no-number "stale" card of each scored country), against the recalc's own time in the same run on
// the same synthetic input as the pipeline bench (31 countries × 40 years of monthly history).
// The recalc draws the cards before its publish transaction, so it is timed twice on one data directory (bench/
// pipeline.ts timeRecalc): first drawing every card, then again on the same data, when every card is taken over
// from the first publication (by its key) and the recalc does its own work only.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildModelInputs, scoreAll } from "../pipeline/recalc.ts";
import { renderShareCards } from "../product/share-cards/render.ts";
import { syntheticRows, timeRecalc } from "./pipeline.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const AS_OF = "2026-11-22";
const REPEATS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run() {
  const rows = syntheticRows();
  const snapshots = scoreAll(buildModelInputs(rows.map((r) => ({ ...r, ingestId: 1, series: "", release: null }))), AS_OF).map((r) => r.snapshot);

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
  const recalc = await timeRecalc(rows, AS_OF);

  const bytes = cards.reduce((n, c) => n + c.png.length, 0);
  console.log(`share cards, ${snapshots.length} countries: ${cards.length} cards (published + stale), ${(bytes / 1024 / 1024).toFixed(1)} MiB of PNG`);
  const row = (label: string, ms: number, extra = "") => console.log(`  ${label.padEnd(50)} ${ms.toFixed(0).padStart(6)} ms${extra}`);
  row("load satori + resvg (fresh process)", child.loadMs);
  row(`render all, first in a fresh process (${child.cards} cards)`, child.firstMs, "   (fonts, layout engine start-up included)");
  row(`render all, warm (median of ${REPEATS})`, warm, `   ${(warm / cards.length).toFixed(1)} ms per card, CPU ${median(cpu).toFixed(0)} ms`);
  row("whole recalc, every card taken over", recalc.ms, "   the recalc's own work");
  row(`whole recalc, drawing all ${recalc.cards} cards (fresh dir)`, recalc.withCardsMs);
  row(`whole recalc, one country revised`, recalc.oneChangedMs);
  // The performance goal: the cards cost a recalc at most as much as its own work (target ≤ 1×), from the recalc's
  // own timing of its card step. A usual update draws only the changed countries' cards; the first publication of
  // a data directory, or a new layout, draws them all.
  for (const [label, r] of [["first publication", recalc.first], ["nothing changed", recalc.unchanged], ["one country revised", recalc.oneChanged]] as const) {
    console.log(`  cards / recalc, ${label.padEnd(20)} ${(r.cardsMs / r.ownMs).toFixed(2)}×   (${r.drawn} drawn in ${r.cardsMs} ms, recalc's own work ${r.ownMs} ms; target ≤ 1×)`);
  }
}
