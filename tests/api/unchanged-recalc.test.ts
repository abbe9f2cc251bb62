// A recalc whose scores, statuses, histories and inputs equal the current publication's publishes nothing: the
// site keeps its ETags and the job says so. Real `jwi` processes beside the real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwiProcess } from "../helpers/processes.ts";
import { NOTHING_CHANGED } from "../../pipeline/types.ts";
import { getJson, login, postJson, startTestServer, type TestServer } from "./helpers.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const etagOf = async (p: string) => {
  const r = await fetch(`${s.url}${p}`);
  await r.arrayBuffer();
  expect(r.status).toBe(200);
  return r.headers.get("etag");
};

describe("a recalc that changes nothing", () => {
  it("two identical recalcs from the terminal: one publication, the same ETag, and the second says nothing changed", async () => {
    const first = await jwiProcess(s.dataDir, ["recalc", "--as-of", "2026-11-23"]);
    expect(first.code).toBe(0);
    expect(first.stdout).not.toContain(NOTHING_CHANGED);
    const publications = s.count("publications");
    await expect.poll(() => etagOf("/api/v1/countries/de"), { timeout: 5_000 }).toContain(String(publications));
    const etag = await etagOf("/api/v1/countries/de");

    const second = await jwiProcess(s.dataDir, ["recalc", "--as-of", "2026-11-23"]);
    expect(second.code).toBe(0);
    expect(second.stdout.split("\n")[0]).toMatch(
      new RegExp(`^${NOTHING_CHANGED.replace(/[.:]/g, "\\$&")} \\(publication ${publications} of `),
    );
    expect(s.count("publications")).toBe(publications);
    await new Promise((r) => setTimeout(r, 250)); // longer than the reader's 100 ms look at the newest publication
    expect(await etagOf("/api/v1/countries/de")).toBe(etag);

    // its audit entry says so
    const entry = s.db
      .prepare("SELECT detail FROM audit_log WHERE action = 'recalculate' ORDER BY id DESC LIMIT 1")
      .pluck()
      .get() as string;
    expect(JSON.parse(entry)).toMatchObject({ door: "terminal", publication_id: publications, unchanged: true });
  }, 60_000);

  // Issue 49, case 10: a failed offline `jwi update` left a row with no observation for each table it could not
  // fetch, and the next recalc published an unchanged publication (new ETags, "Moved: none").
  it("after a failed offline update, a recalc of the same data publishes nothing", async () => {
    const first = await jwiProcess(s.dataDir, ["recalc", "--as-of", "2026-11-23"]);
    expect(first.code).toBe(0);
    const publications = s.count("publications");
    const update = await jwiProcess(s.dataDir, ["update"], {
      JWI_EUROSTAT_BASE_URL: "http://127.0.0.1:9",
      JWI_FETCH_RETRIES: "0",
      JWI_FETCH_PAUSE_MS: "0",
    });
    expect(update.code).not.toBe(0);
    const again = await jwiProcess(s.dataDir, ["recalc", "--as-of", "2026-11-23"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.split("\n")[0]).toMatch(new RegExp(`^${NOTHING_CHANGED.replace(/[.:]/g, "\\$&")}`));
    expect(s.count("publications")).toBe(publications);
    expect(s.db.prepare("SELECT count(*) FROM source_status WHERE observations = 0").pluck().get()).toBe(0);
  }, 90_000);

  it("the operator page's recalc of unchanged data: the current publication, unchanged", async () => {
    const cookie = await login(s.url);
    const publications = s.count("publications");
    const etag = await etagOf("/api/v1/countries/de");
    const r = await postJson(`${s.url}/api/admin/recalculate`, { as_of: "2026-11-23" }, { cookie });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ unchanged: true, publication_id: publications });
    expect(s.count("publications")).toBe(publications);
    expect(await etagOf("/api/v1/countries/de")).toBe(etag);
    // A different date is a different publication.
    const next = await postJson(`${s.url}/api/admin/recalculate`, { as_of: "2026-11-24" }, { cookie });
    expect(next.body.unchanged).toBeUndefined();
    expect(s.count("publications")).toBe(publications + 1);
    expect((await getJson(`${s.url}/api/health`)).body.as_of).toBe("2026-11-24");
  }, 60_000);
});
