// The operator's upload takes Eurostat's data browser spreadsheet for a Eurostat type (score model v2.3): the real
// workbook of ei_lmjv_q_r2 (held back from the seed) on a dry run, which stores nothing, then for real, which stores
// its series and its sectors; the same file again changes nothing; a barometer given as vacancy is told to use lmb.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, getJson, login, startTestServer, type TestServer } from "./helpers.ts";

const WORKBOOK = "ei_lmjv_q_r2_databrowser_2023Q2_2025Q3.xlsx";
let s: TestServer;
let cookie: string;

beforeAll(async () => {
  s = await startTestServer({ withhold: [WORKBOOK] });
  cookie = await login(s.url);
});
afterAll(async () => {
  await s?.stop();
});

function form(file: string, fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append("file", new Blob([new Uint8Array(readFileSync(file))]), path.basename(file));
  return f;
}

const upload = (body: FormData) => getJson(`${s.url}/api/admin/upload`, { method: "POST", headers: { cookie }, body });

async function rows(table: string): Promise<number> {
  const { body } = await getJson(`${s.url}/api/admin/status`, { headers: { cookie } });
  return (body.data as Array<{ table: string; observations: number }>)
    .filter((r) => r.table === table)
    .reduce((a, r) => a + r.observations, 0);
}

describe("the data browser's workbook through the operator's upload", () => {
  const workbook = path.join(FIXTURES, "real/eurostat", WORKBOOK);

  it("dry run: read, counted, nothing stored", async () => {
    const dry = await upload(form(workbook, { data_type: "vacancy", dry_run: "true" }));
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      success: true,
      dry_run: true,
      table: "ei_lmjv_q_r2",
      release: "2025-11-19T11:00:00",
      processed: 340,
      inserted: 280,
    });
    expect(dry.body.extra_series.filter((e: { data_type: string }) => e.data_type === "sector_vacancy")).toHaveLength(
      30,
    );
    expect(await rows("ei_lmjv_q_r2")).toBe(0);
  });

  it("for real: its series, the NSA series and the sectors stored; the same file again changes nothing", async () => {
    const real = await upload(form(workbook, { data_type: "vacancy" }));
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ success: true, table: "ei_lmjv_q_r2", inserted: 280, updated: 0 });
    expect(await rows("ei_lmjv_q_r2")).toBeGreaterThan(280);
    const again = await upload(form(workbook, { data_type: "vacancy" }));
    expect(again.body).toMatchObject({ success: true, inserted: 0, updated: 0, unchanged: 280 });
  });

  it("a barometer given as vacancy is refused, saying it looks like the barometer", async () => {
    const before = await rows("ei_lmjv_q_r2");
    const r = await upload(
      form(path.join(FIXTURES, "synthetic/barometer/lmb-months-down.xlsx"), { data_type: "vacancy" }),
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/looks like the European Labour Market Barometer.*upload it with data type lmb/);
    expect(await rows("ei_lmjv_q_r2")).toBe(before);
  });
});
