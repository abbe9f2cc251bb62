// Pausing pauses publishing (docs/product.md, "Paused"): a `jwi recalc` in a terminal while the operator has paused
// publication computes and stores its scores, says so (text and --json), and changes nothing visitors get — the
// API answers the same bytes with the same ETag — until resume publishes the newest. `jwi status` says who paused,
// since when and why. Real `jwi` processes beside the real server, on one data directory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, login, postJson, startTestServer, type TestServer } from "../api/helpers.ts";
import { jwiProcess } from "../helpers/processes.ts";

let s: TestServer;
let base: string;
let cookie: string;

const ro = async () => {
  const res = await fetch(`${base}/api/v1/countries/ro`);
  return { etag: res.headers.get("etag"), body: await res.text() };
};
/** Past the reader's publication check (100 ms), so that a publication by another process would show. */
const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  s = await startTestServer();
  base = `http://127.0.0.1:${s.port}`;
  cookie = await login(base);
}, 180_000);

afterAll(async () => {
  await s?.stop();
});

describe("jwi recalc while publication is paused", () => {
  it("stores the scores, says so, and visitors get exactly what they got before; status names who, when and why", async () => {
    const paused = await postJson(
      `${base}/api/admin/publication`,
      { paused: true, reason: "checking the Romanian figures" },
      { cookie },
    );
    expect(paused.status).toBe(200);
    const since = paused.body.updated_at as string;
    await settle();
    const before = await ro();
    expect(JSON.parse(before.body)).toMatchObject({ score: null, withheld_reason: "paused" });
    const publications = s.count("publications");

    const json = await jwiProcess(s.dataDir, ["recalc", "--as-of", "2026-11-23", "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.as_of).toBe("2026-11-23");
    expect(out.paused).toEqual({ by: "admin", since, reason: "checking the Romanian figures" });

    const text = await jwiProcess(s.dataDir, ["recalc", "--as-of", "2026-11-24"]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      `Publication is paused (by admin, since ${since}: checking the Romanian figures): the new scores are stored and will be published on resume.`,
    );

    // The operator page's recalculation (the server's job child) holds back its scores the same way.
    const viaAdmin = await postJson(`${base}/api/admin/recalculate`, { as_of: "2026-11-24" }, { cookie });
    expect(viaAdmin.status).toBe(200);
    expect(viaAdmin.body).toMatchObject({ as_of: "2026-11-24", publication_id: null, paused: { by: "admin", since } });

    await settle();
    expect(s.count("publications")).toBe(publications);
    expect(s.count("pending_publication")).toBe(1);
    const after = await ro();
    expect(after.etag).toBe(before.etag);
    expect(after.body).toBe(before.body);

    const status = await jwiProcess(s.dataDir, ["status"]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`Publication is paused (by admin, since ${since}: checking the Romanian figures).`);
    expect(status.stdout).toContain("Visitors see the paused notice on every public page");
    expect(status.stdout).toMatch(/Waiting for resume: the scores computed .* as of 2026-11-24/);
    const statusJson = await jwiProcess(s.dataDir, ["status", "--json"]);
    const report = JSON.parse(statusJson.stdout);
    expect(report.paused).toEqual({ by: "admin", since, reason: "checking the Romanian figures" });
    expect(report.pending).toMatchObject({ as_of: "2026-11-24", countries_scored: expect.any(Number) });
  });

  it("resume publishes the newest scores computed while paused, and scores are back", async () => {
    const publications = s.count("publications");
    const resumed = await postJson(`${base}/api/admin/publication`, { paused: false }, { cookie });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ paused: false, site_paused: false, pending: null });
    expect(resumed.body.publication.as_of).toBe("2026-11-24");
    expect(s.count("publications")).toBe(publications + 1);
    expect(s.count("pending_publication")).toBe(0);
    const country = JSON.parse((await ro()).body);
    expect(country).toMatchObject({ fresh: true, withheld_reason: null, publication: { as_of: "2026-11-24" } });
    expect(country.score).toBeGreaterThan(1);

    const status = await jwiProcess(s.dataDir, ["status", "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({
      paused: null,
      pending: null,
      published: { as_of: "2026-11-24" },
    });
    const text = await jwiProcess(s.dataDir, ["status"]);
    expect(text.stdout).not.toContain("Publication is paused");

    // Running again: a recalc publishes at once.
    const again = await jwiProcess(s.dataDir, ["recalc", "--as-of", "2026-11-25", "--json"]);
    expect(JSON.parse(again.stdout).paused).toBeNull();
    await settle();
    expect((await getJson(`${base}/api/v1/countries/ro`)).body.publication.as_of).toBe("2026-11-25");
  });
});
