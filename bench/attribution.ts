// Attribution benchmark ("why it changed", docs/model.md §9): the exact Shapley attribution of every month of
// every country's history (month vs month − 1 and vs month − 12), against the recalc's own time in the same
// run on the same synthetic input as the pipeline bench (31 countries × 40 years of monthly history).
// Target: the attribution costs less than the recalc.
import { CURRENT_MODEL, modelFunctions } from "../pipeline/model/index.ts";
import { explainHistory } from "../pipeline/model/explain.ts";
import type { MonthState } from "../pipeline/model/types.ts";
import { buildModelInputs, scoreAll } from "../pipeline/recalc.ts";
import { syntheticRows, timeRecalc } from "./pipeline.ts";

const { monthStates } = modelFunctions("v2.1");

const AS_OF = "2026-11-22";
const REPEATS = 5;

interface Timing<T> {
  /** Median wall time and median CPU time (user + system, this process) of REPEATS runs, after a warm-up run. */
  ms: number;
  cpuMs: number;
  result: T;
}

function time<T>(f: () => T): Timing<T> {
  let result = f();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    result = f();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { ms: median(wall), cpuMs: median(cpu), result };
}

export async function run() {
  const rows = syntheticRows();
  const inputs = buildModelInputs(rows.map((r) => ({ ...r, ingestId: 1, series: "", release: null })));
  const params = CURRENT_MODEL.params;

  // The recalc's model step: every country's snapshot and monthly history (what recalc calls between read and publish).
  const model = time(() => scoreAll(inputs, AS_OF));
  // The attribution alone, from the month states the history loop computes (kept by it at no extra cost).
  const states: MonthState[][] = inputs.map((input) => monthStates(input, AS_OF, params));
  const attribution = time(() => states.map((s) => explainHistory(s, params)));
  // The attribution from scratch: the history loop again, then the attribution.
  const scratch = time(() => inputs.map((input) => explainHistory(monthStates(input, AS_OF, params), params)));
  const recalc = await timeRecalc(rows, AS_OF);

  let explanations = 0;
  let parts = 0;
  let maxPlayers = 0;
  for (const country of attribution.result) {
    for (const m of country) {
      for (const e of [m.previous_month, m.year_before]) {
        if (e === null) continue;
        explanations++;
        parts += e.parts.length;
        maxPlayers = Math.max(maxPlayers, e.parts.length);
      }
    }
  }
  const months = states.reduce((n, s) => n + s.length, 0);
  console.log(
    `attribution of every month's change, ${inputs.length} countries × ${months / inputs.length} months (model ${CURRENT_MODEL.id}):`,
  );
  console.log(
    `  ${explanations.toLocaleString("en")} explanations (vs month − 1 and month − 12), ${parts.toLocaleString("en")} parts, up to ${maxPlayers} players`,
  );
  const row = (label: string, t: Timing<unknown>, ratio: string) =>
    console.log(
      `  ${label.padEnd(38)} ${t.ms.toFixed(1).padStart(7)} ms wall ${t.cpuMs.toFixed(1).padStart(7)} ms CPU${ratio}`,
    );
  const vsModel = (t: Timing<unknown>) =>
    `   ${(t.ms / model.ms).toFixed(2)}× the model step (CPU ${(t.cpuMs / model.cpuMs).toFixed(2)}×)`;
  row("recalc model step (scoreAll)", model, "");
  row("attribution, from the month states", attribution, vsModel(attribution));
  row("attribution, from scratch (+ history)", scratch, vsModel(scratch));
  console.log(
    `  ${"whole recalc (read, model, publish)".padEnd(38)} ${recalc.ms.toFixed(1).padStart(7)} ms wall   attribution/recalc ${(attribution.ms / recalc.ms).toFixed(2)}×   (target < 1×)`,
  );
  console.log(`  (medians of ${REPEATS} runs after a warm-up; the whole recalc runs once)`);
}
