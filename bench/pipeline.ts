// Pipeline benchmarks (printed figures, no assertions):
//  1. ingest of a JSON-stat file of more than 1 million values, built here by widening the real une_rt_m cube,
//     against a bare JSON.parse of the same file; peak memory of the ingest process.
//  2. ingest of an SDMX-CSV une_rt_m file of more than 1 million rows (the same widened cube, as Eurostat's CSV
//     download with codes), against DuckDB's own `count(*)` of `read_csv` of the same file in the same run;
//     peak memory of the ingest process.
//  3. recalc with full monthly history for 31 countries over 40 years.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COUNTRIES } from "../lib/countries.ts";
import { openPipeline, type RecalcSummary } from "../pipeline/index.ts";
import { ObservationStore } from "../pipeline/store/observations.ts";
import type { DataType, Observation } from "../pipeline/types.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");

interface Cube {
  id: string[];
  size: number[];
  dimension: Record<
    string,
    { label: string; category: { index: Record<string, number>; label: Record<string, string> } }
  >;
  value: Record<string, number>;
  status?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * Widens the real une_rt_m cube: more ages, sexes, units, adjustments and countries; every cell filled. `shift`
 * moves every value (the process tests use two versions of the same big file).
 */
export function widenUnemploymentCube(shift = 0): { text: string; values: number } {
  const real = JSON.parse(readFileSync(path.join(ROOT, "fixtures/real/eurostat/une_rt_m.json"), "utf8")) as Cube;
  const extra: Record<string, string[]> = {
    s_adj: ["SA", "NSA", "TC"],
    age: ["TOTAL", "Y_LT25", "Y25-74", "Y15-74"],
    unit: ["PC_ACT", "THS_PER"],
    sex: ["T", "M", "F"],
    geo: [
      ...new Set([
        ...Object.keys(real.dimension.geo!.category.index),
        ...COUNTRIES.map((c) => c.eurostatGeo),
        "EU27_2020",
        "EA20",
        "EA21",
      ]),
    ],
  };
  const cube: Cube = { ...real, value: {}, status: {} };
  cube.dimension = { ...real.dimension };
  for (const [dim, codes] of Object.entries(extra)) {
    cube.dimension[dim] = {
      label: real.dimension[dim]!.label,
      category: {
        index: Object.fromEntries(codes.map((c, i) => [c, i])),
        label: Object.fromEntries(codes.map((c) => [c, real.dimension[dim]!.category.label[c] ?? c])),
      },
    };
  }
  cube.size = cube.id.map((d) => Object.keys(cube.dimension[d]!.category.index).length);
  const total = cube.size.reduce((a, b) => a * b, 1);
  // Deterministic plausible values, written as Eurostat does (sparse object keyed by flat index).
  const parts: string[] = [];
  for (let i = 0; i < total; i++) parts.push(`"${i}":${(3 + shift + ((i * 7919) % 120) / 10).toFixed(1)}`);
  const { value: _v, status: _s, ...rest } = cube;
  const head = JSON.stringify(rest);
  const text = `{"value":{${parts.join(",")}},${head.slice(1)}`;
  return { text, values: total };
}

/**
 * The widened une_rt_m cube as SDMX-CSV with codes (`DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,geo,TIME_PERIOD,
 * OBS_VALUE,OBS_FLAG`), one row per filled cell: more than a million rows. Written to `file` in pieces.
 */
export function writeUnemploymentSdmxCsv(file: string): { rows: number; bytes: number } {
  const real = JSON.parse(readFileSync(path.join(ROOT, "fixtures/real/eurostat/une_rt_m.json"), "utf8")) as Cube;
  const codes = (dim: string) => Object.keys(real.dimension[dim]!.category.index);
  const dims: Record<string, string[]> = {
    freq: ["M"],
    s_adj: ["SA", "NSA", "TC"],
    age: ["TOTAL", "Y_LT25", "Y25-74", "Y15-74"],
    unit: ["PC_ACT", "THS_PER"],
    sex: ["T", "M", "F"],
    geo: [...new Set([...codes("geo"), ...COUNTRIES.map((c) => c.eurostatGeo), "EU27_2020", "EA20", "EA21"])],
  };
  const months = codes("time");
  const fd = openSync(file, "w");
  let rows = 0;
  let bytes = 0;
  const write = (text: string) => {
    bytes += writeSync(fd, text);
  };
  try {
    write("DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG\n");
    for (const s of dims.s_adj!)
      for (const a of dims.age!)
        for (const u of dims.unit!)
          for (const x of dims.sex!) {
            const parts: string[] = [];
            for (const g of dims.geo!) {
              for (const t of months) {
                const value = (3 + ((rows * 7919) % 120) / 10).toFixed(1);
                parts.push(
                  `ESTAT:UNE_RT_M(1.0),22/09/26 11:00:00,M,${s},${a},${u},${x},${g},${t},${value},${rows % 97 === 0 ? "p" : ""}\n`,
                );
                rows++;
              }
            }
            write(parts.join(""));
          }
  } finally {
    closeSync(fd);
  }
  return { rows, bytes };
}

function benchCsvIngest() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-"));
  try {
    const file = path.join(dir, "une_rt_m-wide.csv");
    const { rows, bytes } = writeUnemploymentSdmxCsv(file);
    const mb = (bytes / 1024 / 1024).toFixed(1);
    // Measured in a child process so that its peak memory is the ingest's (and DuckDB's count) alone.
    const out = execFileSync(
      process.execPath,
      [path.join(ROOT, "bin/run-ts.mjs"), path.join(HERE, "ingest-child.ts"), file, dir, "csv"],
      {
        encoding: "utf8",
        maxBuffer: 1 << 20,
      },
    );
    const r = JSON.parse(out) as {
      baselineMs: number;
      baselineRows: number;
      ingestMs: number;
      maxRssMb: number;
      stored: number;
      runs: number;
    };
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ");
    console.log(`ingest of an SDMX-CSV une_rt_m file (codes): ${rows.toLocaleString("en")} rows, ${mb} MB`);
    console.log(
      `  load average (1/5/15 min)     ${load}   (${os.cpus().length} CPUs; the figures need a quiet machine)`,
    );
    console.log(
      `  DuckDB count(*) of read_csv   ${r.baselineMs.toFixed(0)} ms  (rows counted: ${r.baselineRows.toLocaleString("en")}; best of ${r.runs})`,
    );
    console.log(
      `  jwi ingest (whole)            ${r.ingestMs.toFixed(0)} ms  (rows stored: ${r.stored}; best of ${r.runs}, each into a fresh data dir)`,
    );
    console.log(`  ratio ingest/count            ${(r.ingestMs / r.baselineMs).toFixed(2)}×   (target ≤ 4×)`);
    console.log(`  peak memory (RSS)             ${r.maxRssMb.toFixed(0)} MiB   (target < 1024 MiB)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function benchIngest() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-"));
  try {
    const { text, values } = widenUnemploymentCube();
    const file = path.join(dir, "une_rt_m-wide.json");
    writeFileSync(file, text);
    const mb = (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
    // Measured in a child process so that its peak memory is the ingest's alone.
    const out = execFileSync(
      process.execPath,
      [path.join(ROOT, "bin/run-ts.mjs"), path.join(HERE, "ingest-child.ts"), file, dir],
      {
        encoding: "utf8",
        maxBuffer: 1 << 20,
      },
    );
    const r = JSON.parse(out) as { baselineMs: number; ingestMs: number; maxRssMb: number; stored: number };
    console.log(`ingest of a widened une_rt_m cube: ${values.toLocaleString("en")} values, ${mb} MB`);
    console.log(`  bare JSON.parse      ${r.baselineMs.toFixed(0)} ms`);
    console.log(`  jwi ingest (whole)   ${r.ingestMs.toFixed(0)} ms  (rows stored: ${r.stored})`);
    console.log(`  ratio ingest/parse   ${(r.ingestMs / r.baselineMs).toFixed(2)}×   (target ≤ 4×)`);
    console.log(`  peak memory (RSS)    ${r.maxRssMb.toFixed(0)} MiB   (target < 1024 MiB)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The synthetic input of the recalc benchmarks: 31 countries × 40 years of monthly unemployment and barometer, quarterly vacancy. */
export function syntheticRows(): Observation[] {
  const rows: Observation[] = [];
  const add = (dataType: DataType, table: string, geo: string, period: string, value: number) =>
    rows.push({ dataType, table, geo, isAggregate: false, period, value, flag: null, unit: "X" });
  const firstYear = 1986;
  for (const [ci, c] of COUNTRIES.entries()) {
    for (let m = 0; m < 40 * 12; m++) {
      const year = firstYear + Math.floor(m / 12);
      const month = (m % 12) + 1;
      const period = `${year}-${String(month).padStart(2, "0")}`;
      add("unemployment", "une_rt_m", c.code, period, 4 + 3 * Math.sin((m + ci) / 17) + ci / 10);
      add("lmb", "lmb", c.code, period, 100 + 4 * Math.cos((m + ci) / 11));
      if (month % 3 === 0) add("vacancy", "jvs_q_nace2", c.code, `${year}-Q${month / 3}`, 2 + Math.sin(m / 13));
    }
  }
  return rows;
}

/**
 * A whole recalc (DuckDB read, model, share card keys, SQLite publish) of `rows` in a temporary data dir, three
 * times, as the CLI and the server's job child run it: the first publication of the data dir (`withCardsMs`, every
 * card keyed); the same data a day later (`ms`: nothing changed, every card keeps its key); after one country's
 * revision (`oneChangedMs`: its cards get new keys). The recalc draws no card (docs/decisions/008-share-cards.md):
 * its card step only keys them. `then` runs on the data dir before it is removed (bench/cards.ts serves it).
 */
export async function timeRecalc(
  rows: readonly Observation[],
  asOf = "2026-11-22",
  then?: (dataDir: string) => Promise<void>,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-"));
  try {
    const store = await ObservationStore.open(path.join(dir, "jwi.duckdb"));
    await store.transaction(() =>
      store.upsert([...rows], {
        ingestId: 1,
        sha256: "bench",
        ingestedAt: "2026-11-22T00:00:00Z",
        series: "",
        release: null,
      }),
    );
    store.close();
    // Opened as the CLI and the server's job child open it: its publications key their share cards.
    const pipeline = await openPipeline({
      dataDir: dir,
      cards: async () => (await import("../product/share-cards/key.ts")).keyShareCards,
    });
    const t0 = performance.now();
    const first = await pipeline.recalc({ asOf });
    const withCardsMs = performance.now() - t0;
    // The same data a day later: a new publication (a recalc of unchanged data and date publishes nothing), whose
    // cards all say what the first one's say (no card names the day), so every card keeps its key.
    const nextDay = new Date(Date.parse(`${asOf}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const t1 = performance.now();
    const summary = await pipeline.recalc({ asOf: nextDay });
    const ms = performance.now() - t1;
    for (const s of [first, summary])
      if (!s.cards || s.cards.error) throw new Error(`share cards not keyed: ${s.cards?.error ?? "no keyer"}`);
    // A usual update: one country's latest unemployment revised. Its cards get new keys, every other one keeps its own.
    const latest = rows
      .filter((r) => r.geo === "DE" && r.table === "une_rt_m")
      .reduce((a, b) => (a.period > b.period ? a : b));
    await pipeline.exclusive((l) =>
      l.store.transaction(() =>
        l.store.upsert([{ ...latest, value: latest.value + 1 }], {
          ingestId: 2,
          sha256: "bench-2",
          ingestedAt: "2026-11-23T00:00:00Z",
          series: "",
          release: null,
        }),
      ),
    );
    const keysBefore = new Map(
      (
        pipeline.servingDb
          .prepare("SELECT country || '/' || variant AS card, card_key FROM share_cards")
          .all() as Array<{ card: string; card_key: string }>
      ).map((r) => [r.card, r.card_key]),
    );
    const t2 = performance.now();
    const oneChanged = await pipeline.recalc({ asOf: nextDay });
    const oneChangedMs = performance.now() - t2;
    const rekeyed = (
      pipeline.servingDb.prepare("SELECT country || '/' || variant AS card, card_key FROM share_cards").all() as Array<{
        card: string;
        card_key: string;
      }>
    ).filter((r) => keysBefore.get(r.card) !== r.card_key).length;
    const history = pipeline.servingDb.prepare("SELECT count(*) AS n FROM score_history").get() as { n: number };
    const cards = pipeline.servingDb.prepare("SELECT count(*) AS n FROM share_cards").get() as { n: number };
    pipeline.close();
    // The cards' share of each recalc, as the recalc itself timed it (wall clocks on a shared machine wander).
    const share = (s: RecalcSummary) => ({
      cardsMs: s.cards?.duration_ms ?? 0,
      ownMs: s.duration_ms - (s.cards?.duration_ms ?? 0),
      keyed: s.cards?.keyed ?? 0,
    });
    await then?.(dir);
    return {
      ms,
      withCardsMs,
      oneChangedMs,
      first: share(first),
      unchanged: share(summary),
      oneChanged: { ...share(oneChanged), rekeyed },
      scored: summary.countries_scored,
      historyRows: history.n,
      cards: cards.n,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchRecalc() {
  const rows = syntheticRows();
  const r = await timeRecalc(rows);
  console.log(`recalc, 31 countries × 40 years of monthly history (${rows.length.toLocaleString("en")} observations):`);
  console.log(
    `  ${r.ms.toFixed(0)} ms for ${r.scored} scored countries and ${r.historyRows.toLocaleString("en")} history rows   (target < 1000 ms)`,
  );
  console.log(
    `  ${r.withCardsMs.toFixed(0)} ms the first time, keying all ${r.cards} share cards   (npm run bench -- cards)`,
  );
}

export async function run() {
  benchIngest();
  benchCsvIngest();
  await benchRecalc();
}
