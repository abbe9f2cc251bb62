// GET /api/v1/scores?weights=… and /api/v1/scores/personal.csv (docs/decisions/020-personal-weights.md), on a real
// server over the bundled real data: personal scores and ranking under a visitor's weights, the published fields
// untouched, a clear 400 for bad weights, and the same answer the page computes (product/personal-view.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validate } from "../helpers/json-schema.ts";
import { getJson, startTestServer, type TestServer } from "./helpers.ts";

let s: TestServer;
let served: any;

beforeAll(async () => {
  s = await startTestServer();
  served = (await getJson(`${s.url}/api/openapi.json`)).body;
});
afterAll(async () => {
  await s?.stop();
});

const schemaOf = (path: string, status = "200") =>
  served.paths[path].get.responses[status].content["application/json"].schema;

describe("GET /api/v1/scores", () => {
  it("with the index's weights gives every country its published score as its personal score, ranked as the index", async () => {
    const { status, body } = await getJson(`${s.url}/api/v1/scores`);
    expect(status).toBe(200);
    expect(validate(schemaOf("/api/v1/scores"), body, served)).toEqual([]);
    expect(body.weights).toBe("U:2,M:2,V:2,C:2,S:2");
    // Without weights these are the index's own: the answer says so, never "your weights".
    expect(body.note).toMatch(/^The index's own weights/);
    expect(body.note).not.toMatch(/your weights\)/);
    expect(body.items).toHaveLength(31);
    const countries = (await getJson(`${s.url}/api/v1/countries`)).body as Array<{
      code: string;
      score: number | null;
      status: string | null;
    }>;
    const byCode = new Map(countries.map((c) => [c.code, c]));
    for (const row of body.items) {
      expect(row.score, row.code).toBe(byCode.get(row.code)!.score);
      expect(row.personal_score, row.code).toBe(row.score);
      expect(row.personal_status, row.code).toBe(byCode.get(row.code)!.status);
      expect(row.moved_by, row.code).toEqual([]);
    }
    const ranked = countries
      .filter((c) => c.score !== null)
      .sort((a, b) => b.score! - a.score! || a.code.localeCompare(b.code));
    expect(body.items.filter((r: any) => r.rank !== null).map((r: any) => r.code)).toEqual(ranked.map((c) => c.code));
  });

  it("re-ranks by the visitor's weights; the official fields never move, and what moved each score adds up", async () => {
    const index = (await getJson(`${s.url}/api/v1/scores`)).body;
    const { status, body } = await getJson(`${s.url}/api/v1/scores?weights=${encodeURIComponent("S:5,U:0,m:1")}`);
    expect(status).toBe(200);
    expect(body.weights).toBe("U:0,M:1,V:2,C:2,S:5");
    expect(body.weight_values.S).toBeCloseTo(1.25, 12);
    expect(body.weight_values.U).toBe(0);
    const official = (rows: any[]) => Object.fromEntries(rows.map((r) => [r.code, [r.score, r.status]]));
    expect(official(body.items)).toEqual(official(index.items));
    const changed = body.items.filter((r: any) => r.personal_score !== null && r.personal_score !== r.score);
    expect(changed.length).toBeGreaterThan(10);
    for (const r of changed) {
      const sum = r.moved_by.reduce((t: number, p: any) => t + p.contribution, 0);
      expect(sum, r.code).toBeCloseTo(r.difference, 9);
      expect(r.difference, r.code).toBeCloseTo(r.personal_score - r.score, 12);
    }
    const ranks = body.items.filter((r: any) => r.rank !== null);
    for (let i = 1; i < ranks.length; i++)
      expect(ranks[i - 1].personal_score).toBeGreaterThanOrEqual(ranks[i].personal_score);
    expect(ranks.map((r: any) => r.code)).not.toEqual(
      index.items.filter((r: any) => r.rank !== null).map((r: any) => r.code),
    );
  });

  it("weighing only an input a country lacks leaves it without a personal score", async () => {
    const { body } = await getJson(`${s.url}/api/v1/scores?weights=U:0,M:0,V:0,C:0,S:3`);
    expect(body.note).toMatch(/^Your ranking \(your weights\) — not the index/);
    const li = body.items.find((r: any) => r.code === "LI");
    const de = (await getJson(`${s.url}/api/v1/countries/de`)).body;
    const deRow = body.items.find((r: any) => r.code === "DE");
    if (de.sub_scores.S === null) expect(deRow.personal_score).toBeNull();
    else expect(deRow.personal_score).not.toBeNull();
    expect(li.rank === null).toBe(li.personal_score === null);
    const none = body.items.filter((r: any) => r.personal_score === null);
    expect(none.every((r: any) => r.rank === null)).toBe(true);
    expect(body.items.slice(-none.length).map((r: any) => r.code)).toEqual(none.map((r: any) => r.code));
  });

  it.each([
    ["U:9", /whole step from 0 to 5/],
    ["U:2,U:3", /U is given twice/],
    ["X:1", /Unknown input "X"/],
    ["U2", /is not a weight/],
    ["", /empty/],
    ["U:-1", /is not a weight/],
    ["U:1.5", /is not a weight/],
  ])("answers 400 with a clear message for weights=%s", async (w, message) => {
    for (const path of ["/api/v1/scores", "/api/v1/scores/personal.csv"]) {
      const { status, body, headers } = await getJson(`${s.url}${path}?weights=${encodeURIComponent(w)}`);
      expect(status, path).toBe(400);
      expect(body.error.code).toBe("invalid_weights");
      expect(body.error.message).toMatch(message);
      expect(headers.get("cache-control")).toBe("no-store");
      expect(validate(schemaOf(path, "400"), body, served)).toEqual([]);
    }
    const twice = await getJson(`${s.url}/api/v1/scores?weights=U:1&weights=U:2`);
    expect(twice.status).toBe(400);
  });
});

describe("GET /api/v1/scores/personal.csv", () => {
  it("downloads the same ranking as the JSON answer, with the steps on every line", async () => {
    const q = "?weights=U:1,M:0,V:4,C:4,S:2";
    const json = (await getJson(`${s.url}/api/v1/scores${q}`)).body;
    const res = await fetch(`${s.url}/api/v1/scores/personal.csv${q}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="job-weather-index-your-ranking-u1m0v4c4s2-2026-11-22\.csv"/,
    );
    const lines = (await res.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "rank,code,name,personal_score,personal_status,score,status,personal_score_unrounded,weights,as_of",
    );
    expect(lines).toHaveLength(32);
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(json.items.map((r: any) => r.code));
    expect(lines[1]).toMatch(/"U:1,M:0,V:4,C:4,S:2",2026-11-22$/);
  });
});
