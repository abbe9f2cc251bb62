// v2.2 reading rules through the real pipeline (docs/model.md §1 "Series" and "Releases"): the bundled real files
// give the same snapshots in whatever order they are ingested (within a series the later release wins), and two
// series of one table (SA and NSA, two NACE aggregates) are both kept but never mixed: one is read, for all its
// periods.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPipeline, type LockedPipeline, type Pipeline } from "../pipeline/index.ts";
import { buildModelInputs } from "../pipeline/recalc.ts";
import { readManifest, type ManifestEntry } from "../pipeline/seed.ts";
import { tableConfig } from "../pipeline/sources/eurostat/tables.ts";
import { fixture, tempDataDir } from "./helpers/cli.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
/** 2026-03-31: where the landed version's scores depended on the order (AT, CZ, IE, BG); 2026-11-22: the golden date. */
const AS_OF = ["2026-03-31", "2026-11-22"] as const;

/** A small seeded shuffle (mulberry32), so that a failing order can be replayed. */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A snapshot with its ingest ids replaced by the files they were (ingest ids count this data dir's ingests). */
function byFile(value: unknown, files: ReadonlyMap<number, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => byFile(v, files));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      (k === "ingest_ids" || k === "ingestIds") && Array.isArray(v)
        ? (v as number[]).map((id) => files.get(id) ?? `unknown ingest ${id}`).sort()
        : k === "ingestId" && typeof v === "number"
          ? (files.get(v) ?? `unknown ingest ${v}`)
          : byFile(v, files),
    ]),
  );
}

async function withPipeline<T>(work: (p: Pipeline) => Promise<T>): Promise<T> {
  const tmp = tempDataDir("jwi-order-");
  const pipeline = await openPipeline({ dataDir: tmp.dir });
  try {
    return await work(pipeline);
  } finally {
    pipeline.close();
    tmp.cleanup();
  }
}

/**
 * The name an ingest is compared by: its file, or, for two files of one table and one dated release (une_rt_m.json
 * and the real API answer of the same 2026-09-22 release), the release. Equal values of one release keep whichever
 * file stored them first, so only the release, not the file, can be the same in every order; the values are.
 */
function releaseName(f: ManifestEntry): string {
  const peers = readManifest().filter(
    (m) => m.table === f.table && m.type === f.type && m.release !== null && m.release === f.release,
  );
  return peers.length > 1 ? `${f.table} ${f.type} release ${f.release}` : f.file;
}

/**
 * Ingests `files` in that order, then publishes as of each AS_OF date: the snapshots, ingest ids named by file.
 * One job holds the lock for the whole replay (the pipeline's own ingest and recalc, as the first seed runs them):
 * the order of ingestion is under test here, not the opening of the store for each file, which cost about half a
 * replay's CPU (docs/testing.md).
 */
function replay(files: readonly ManifestEntry[]): Promise<Record<string, unknown>> {
  return withPipeline((pipeline) => pipeline.exclusive((p) => replayLocked(p, files)));
}

async function replayLocked(p: LockedPipeline, files: readonly ManifestEntry[]): Promise<Record<string, unknown>> {
  const ids = new Map<number, string>();
  for (const f of files) {
    const file = fixture("real", f.file);
    const r = await p.ingest({
      fileName: path.basename(file),
      content: readFileSync(file),
      dataType: f.type,
      now: NOW,
    });
    expect(r.success, `${f.file}: ${r.error}`).toBe(true);
    if (typeof r.ingest_id === "number") ids.set(r.ingest_id, releaseName(f));
  }
  const out: Record<string, unknown> = {};
  for (const asOf of AS_OF) {
    await p.recalc({ asOf, now: NOW });
    const rows = p.servingDb.prepare(`SELECT country, payload FROM snapshots ORDER BY country`).all() as Array<{
      country: string;
      payload: string;
    }>;
    out[asOf] = rows.map((r) => ({ country: r.country, snapshot: byFile(JSON.parse(r.payload), ids) }));
  }
  return out;
}

describe("the bundled real files in any order of ingestion", () => {
  const manifest = readManifest();
  let forward: Record<string, unknown>;
  beforeAll(async () => {
    forward = await replay(manifest);
  });

  it("publishes snapshots with scores (the comparison below compares something)", () => {
    const snapshots = forward["2026-03-31"] as Array<{ snapshot: { score: number | null } }>;
    expect(snapshots).toHaveLength(31);
    expect(snapshots.filter((s) => s.snapshot.score !== null).length).toBeGreaterThan(20);
  });

  const orders: Array<[string, () => ManifestEntry[]]> = [
    ["reverse", () => [...manifest].reverse()],
    ["shuffled, seed 7", () => shuffled(manifest, 7)],
    ["shuffled, seed 2026", () => shuffled(manifest, 2026)],
  ];
  for (const [name, order] of orders) {
    it(`gives identical snapshots when ingested ${name}`, async () => {
      const files = order();
      expect(files.map((f) => f.file)).not.toEqual(manifest.map((f) => f.file));
      expect(await replay(files)).toEqual(forward);
    });
  }
});

describe("two series of one table for one country", () => {
  const tmp = tempDataDir("jwi-series-");
  let p: Pipeline;
  const config = tableConfig("jvs_q_r21")!;
  /** The NACE aggregate jvs_q_r21 prefers (tables.ts), so that this test follows the pin when it changes. */
  const firstNace = config.pins.find((pin) => pin.dimension === "nace_r2_1")!.codes[0]!;
  const nsaPeriods = ["2025-Q1", "2025-Q2", "2025-Q3", "2025-Q4", "2026-Q1", "2026-Q2"];
  const nsaCsv = Buffer.from(
    [
      "freq,nace_r2_1,sizeclas,s_adj,indic_em,geo,time,value",
      ...nsaPeriods.map((t) => `Q,${firstNace},TOTAL,NSA,JVR,PL,${t},1.1`),
    ].join("\n") + "\n",
  );
  const saCsv = readFileSync(fixture("real", "eurostat", "jvs_q_r21_NL_PL_RO.csv")); // A-T, SA
  const ingestBoth = async (first: "SA" | "NSA") => {
    const files = [
      { fileName: "jvs_q_r21_NL_PL_RO.csv", content: saCsv },
      { fileName: "jvs_q_r21_PL_NSA.csv", content: nsaCsv },
    ];
    for (const f of first === "SA" ? files : files.reverse()) {
      const r = await p.ingest({ ...f, dataType: "vacancy", now: NOW });
      expect(r.success, r.error).toBe(true);
    }
  };
  const plVacancy = () =>
    p.exclusive(
      async (l) =>
        buildModelInputs(await l.store.allObservations(), "2026-11-22").find((i) => i.country === "PL")!.vacancy,
    );

  beforeAll(async () => {
    p = await openPipeline({ dataDir: tmp.dir });
  });
  afterAll(() => {
    p.close();
    tmp.cleanup();
  });

  it("keeps both (A-T SA, then the preferred aggregate NSA) and reads the preferred one for every period", async () => {
    await ingestBoth("SA");
    const status = p.status(NOW).data.filter((d) => d.table === "jvs_q_r21" && d.country === "PL");
    expect(
      status.map((d) => [d.series.includes(`nace_r2_1=${firstNace}`), d.series.includes("s_adj=NSA"), d.read]).sort(),
    ).toEqual(
      firstNace === "A-T"
        ? [
            [true, false, true],
            [true, true, false],
          ]
        : [
            [false, false, false],
            [true, true, true],
          ],
    );
    const vacancy = await plVacancy();
    if (firstNace !== "A-T") {
      // NACE order comes before SA/NSA: the NSA series of the preferred aggregate is read, alone, for all its periods.
      expect(vacancy.map((v) => [v.period, v.value])).toEqual(nsaPeriods.map((t) => [t, 1.1]));
    } else {
      expect(vacancy.every((v) => v.value !== 1.1)).toBe(true);
    }
    // The SA series is still stored in full (kept, not read).
    const saStored = status.find((d) => !d.series.includes("s_adj=NSA"))!;
    expect(saStored.observations).toBeGreaterThan(nsaPeriods.length);
  });

  it("changes nothing on a second ingest of either file, and reads the same in the other order", async () => {
    for (const [fileName, content] of [
      ["jvs_q_r21_NL_PL_RO.csv", saCsv],
      ["jvs_q_r21_PL_NSA.csv", nsaCsv],
    ] as const) {
      const r = await p.ingest({ fileName, content, dataType: "vacancy", now: NOW });
      expect([r.inserted, r.updated, r.older_release], fileName).toEqual([0, 0, 0]);
    }
    const before = await plVacancy();
    const other = tempDataDir("jwi-series-b-");
    const q = await openPipeline({ dataDir: other.dir });
    try {
      for (const f of [
        { fileName: "jvs_q_r21_PL_NSA.csv", content: nsaCsv },
        { fileName: "jvs_q_r21_NL_PL_RO.csv", content: saCsv },
      ]) {
        expect((await q.ingest({ ...f, dataType: "vacancy", now: NOW })).success).toBe(true);
      }
      const after = await q.exclusive(
        async (l) =>
          buildModelInputs(await l.store.allObservations(), "2026-11-22").find((i) => i.country === "PL")!.vacancy,
      );
      expect(after.map((v) => [v.period, v.value])).toEqual(before.map((v) => [v.period, v.value]));
    } finally {
      q.close();
      other.cleanup();
    }
  });
});
