// Personal weights benchmark (docs/decisions/020-personal-weights.md; printed figures, no assertions):
//   - the time to re-rank the 31 countries by a visitor's weights as the /your-weather page does in the browser
//     (product/personal-view.ts personalRows: every personal score plus the exact "what moved it" parts), over
//     the real published sub-scores, for random weight vectors (median and p95); target < 5 ms;
//   - the extra JavaScript of /your-weather: gzipped module scripts its HTML references that /top-regions (a list
//     page without the weights code) and the /brightest ranking page (which has the weights panel) do not.
// The real server (API + site) runs in this process on a temporary data dir seeded from the bundled fixtures.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { compactSub, personalRows, type PersonalInput } from "../product/personal-view.ts";
import { MAX_STEP, WEIGHT_KEYS, type WeightSteps } from "../product/weights.ts";
import { startBenchSite } from "./site.ts";

const RUNS = 2000;
const TARGET_MS = 5;

function scriptsOf(html: string): Set<string> {
  const js = new Set<string>();
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/import(?:\s+\*\s+as\s+\w+\s+from)?\s*"([^"]+\.js)"/g)) js.add(m[1]!);
  return js;
}

export async function run(): Promise<void> {
  const site = await startBenchSite("weights");
  const { base, clientDir } = site;
  try {
    const gz = (u: string) =>
      gzipSync(readFileSync(path.join(clientDir, new URL(u, "http://x").pathname)), { level: 9 }).length;
    const mine = scriptsOf(await (await fetch(`${base}/your-weather`)).text());
    const ranking = scriptsOf(await (await fetch(`${base}/brightest`)).text());
    // /top-regions carries none of the weights code: what the page costs beyond a plain list page.
    const plain = scriptsOf(await (await fetch(`${base}/top-regions`)).text());
    const beyondPlain = [...mine].filter((u) => !plain.has(u));
    const extra = [...mine].filter((u) => !ranking.has(u));
    const kb = (b: number) => (b / 1024).toFixed(1);
    const extraBytes = extra.reduce((s, u) => s + gz(u), 0);
    const totalBytes = [...mine].reduce((s, u) => s + gz(u), 0);
    console.log(
      `/your-weather beyond /top-regions (no weights code): ${kb(beyondPlain.reduce((t, u) => t + gz(u), 0))} KB gzipped (${beyondPlain.map((u) => `${path.basename(u)} ${kb(gz(u))}`).join(", ")}).`,
    );
    console.log(
      `/your-weather JavaScript: ${kb(totalBytes)} KB gzipped in ${mine.size} files; beyond what /brightest loads: ${kb(extraBytes)} KB (${extra.map((u) => `${path.basename(u)} ${kb(gz(u))}`).join(", ")}).`,
    );
    // The inputs the page ships: each country's shown score and its published sub-scores.
    const list = (await (await fetch(`${base}/api/v1/countries`)).json()) as Array<{
      code: string;
      name: string;
      score: number | null;
      status: PersonalInput["status"];
    }>;
    const inputs: PersonalInput[] = [];
    for (const c of list) {
      const full = (await (await fetch(`${base}/api/v1/countries/${c.code}`)).json()) as {
        sub_scores?: Parameters<typeof compactSub>[0];
      };
      inputs.push({
        code: c.code,
        name: c.name,
        score: c.score,
        status: c.status,
        sub: c.score === null ? null : compactSub(full.sub_scores ?? null),
      });
    }
    let seed = 1;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const vectors: WeightSteps[] = Array.from(
      { length: RUNS },
      () => Object.fromEntries(WEIGHT_KEYS.map((k) => [k, Math.floor(random() * (MAX_STEP + 1))])) as WeightSteps,
    );
    for (let i = 0; i < 200; i++) personalRows(inputs, vectors[i]!);
    const times: number[] = [];
    for (const v of vectors) {
      const t0 = performance.now();
      personalRows(inputs, v);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    console.log(
      `Re-rank ${inputs.length} countries (personal scores + what moved them), ${RUNS} random weight vectors: median ${p(0.5).toFixed(3)} ms, p95 ${p(0.95).toFixed(3)} ms (target < ${TARGET_MS} ms: ${p(0.95) < TARGET_MS ? "met" : "NOT met"}).`,
    );
  } finally {
    await site.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
