// A hostile or huge barometer upload does not stall the site: while the operator's upload of a zip bomb (or of a
// workbook denser than the cell limit, refused while its parts are inflated) is processed, /api/health and a
// country's data keep answering quickly, and the upload ends in a 400 with the reason and nothing stored. The parse
// process's memory and time limits behind it: pipeline/sources/barometer/parse-guarded.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { denseWorkbook, lyingBomb } from "../helpers/xlsx-bombs.ts";
import { getJson, login, startTestServer, type TestServer } from "../api/helpers.ts";

let s: TestServer;
let cookie: string;

beforeAll(async () => {
  s = await startTestServer();
  cookie = await login(s.url);
  // Warm up the routes probed below (first requests compile and fill caches), so that only the upload is measured.
  const idle = stats(await probeWhile(new Promise((r) => setTimeout(r, 1500))));
  console.log(`without an upload: ${idle.n} requests: p50 ${idle.p50} ms, p99 ${idle.p99} ms, max ${idle.max} ms`);
});
afterAll(async () => {
  await s?.stop();
});

/** Requests /api/health and /api/countries/de one after another until `until` settles; their latencies, in ms. */
async function probeWhile(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  for (let i = 0; !done; i++) {
    const started = performance.now();
    const res = await fetch(`${s.url}${i % 2 === 0 ? "/api/health" : "/api/countries/de"}`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  return latencies;
}

function stats(latencies: number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(sorted.at(-1)!) };
}

async function uploadXlsx(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append("data_type", "lmb");
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return getJson(`${s.url}/api/admin/upload`, { method: "POST", headers: { cookie }, body: form });
}

const rejectedUploads = () =>
  s.db
    .prepare("SELECT count(*) FROM audit_log WHERE action = 'upload' AND result = 'rejected'")
    .pluck()
    .get() as number;

async function storedObservations(): Promise<number> {
  const status = await getJson(`${s.url}/api/admin/status`, { headers: { cookie } });
  return (status.body.data as Array<{ observations: number }>).reduce((n, d) => n + d.observations, 0);
}

describe("a barometer bomb uploaded through the operator API", () => {
  it.each([
    [
      "a bomb whose headers lie (500 MB inside 3 MB), uploaded 3 times",
      () => lyingBomb(500),
      3,
      /unpacks to more than \d+ KB, not the 40 KB its archive declares/,
    ],
    [
      "dense sheets within the archive limits (2.2 million cells)",
      () => denseWorkbook(110_000, 2),
      1,
      /^This workbook holds more than 500,000 cells; the limit is 500,000/,
    ],
  ])(
    "%s: 400 with the reason; health and country data answer with p95 < 100 ms meanwhile",
    async (label, make, times, reason) => {
      const bytes = await make();
      const rejectedBefore = rejectedUploads();
      const storedBefore = await storedObservations();
      const started = performance.now();
      const uploads = (async () => {
        const answers = [];
        for (let i = 0; i < times; i++) answers.push(await uploadXlsx("barometer.xlsx", bytes));
        return answers;
      })();
      const latencies = await probeWhile(uploads);
      const answers = await uploads;
      const ms = Math.round(performance.now() - started);
      const st = stats(latencies);
      console.log(
        `upload of ${label}: ${answers.map((a) => a.status).join(", ")} after ${ms} ms; meanwhile ${st.n} requests: p50 ${st.p50} ms, p99 ${st.p99} ms, max ${st.max} ms`,
      );
      for (const r of answers) {
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ success: false, data_type: "lmb", inserted: 0, updated: 0 });
        expect(r.body.error).toMatch(reason);
      }
      expect(st.n).toBeGreaterThan(20);
      // The requests answer at once while the worker parses (p95); the job's end holds the event loop once per upload
      // (its store status is copied to the serving database, ~100–180 ms seen on two cores): at most the few probes
      // that fall inside that one pause may wait, and none long. Left to make asynchronous (issue 51's closing note).
      expect(st.p95).toBeLessThan(100);
      expect(latencies.filter((l) => l >= 100).length).toBeLessThanOrEqual(3 * times);
      expect(st.max).toBeLessThan(400);
      expect(rejectedUploads()).toBe(rejectedBefore + times);
      expect(await storedObservations()).toBe(storedBefore);
    },
  );
});
