// A new release of the bundled une_rt_m (Eurostat's real JSON-stat file) in which one country's unemployment is
// `delta` points higher every month: a different score, and so a different share card, for that country alone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BUNDLED_FIXTURES_DIR } from "../../pipeline/seed.ts";

export function revisedUnemploymentCube(delta: number, country = "DE"): string {
  const cube = JSON.parse(readFileSync(path.join(BUNDLED_FIXTURES_DIR, "eurostat/une_rt_m.json"), "utf8")) as {
    size: number[];
    dimension: { geo: { category: { index: Record<string, number> } } };
    value: Record<string, number>;
  };
  const months = cube.size.at(-1)!;
  const geo = cube.dimension.geo.category.index[country]!;
  for (const k of Object.keys(cube.value)) {
    if (Math.floor(Number(k) / months) === geo) cube.value[k] = Math.round((cube.value[k]! + delta) * 10) / 10;
  }
  return JSON.stringify(cube);
}
