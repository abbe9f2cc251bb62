// The defect as a visitor met it: the server's data dir on a disk that is really full (a tmpfs filled to the
// last byte, so SQLite's commit fails with ENOSPC → SQLITE_FULL). Before the fix, POST …/experiences answered
// 201 with an id each time and stored nothing, and a later real row took one of those ids. Now every answer
// is 507, nothing is stored, and the first post after space is freed gets a fresh id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, postJson, seedDataDir, startTestServer, validExperience, type TestServer } from "../api/helpers.ts";
import { mountTmpfs, TMPFS_UNAVAILABLE, type Tmpfs } from "../helpers/tmpfs.ts";

const NO_LIMITS = {
  experiences: { limit: 0, windowMs: 60_000 },
  waitingList: { limit: 0, windowMs: 60_000 },
  contact: { limit: 0, windowMs: 60_000 },
  login: { limit: 0, windowMs: 60_000 },
  failedPosts: { limit: 0, windowMs: 60_000 },
};

describe.skipIf(TMPFS_UNAVAILABLE !== null)("POST experiences with the data dir on a full disk", () => {
  let disk: Tmpfs;
  let s: TestServer | undefined;

  beforeAll(async () => {
    disk = mountTmpfs(64);
    await seedDataDir(disk.dir);
    s = await startTestServer({ dataDir: disk.dir, config: { rateLimits: NO_LIMITS } });
  });
  afterAll(async () => {
    await s?.stop();
    disk?.unmount();
  });

  it("answers 5xx every time, stores nothing, and the next post after freeing space gets a fresh id", async () => {
    const server = s!;
    const first = await postJson(`${server.url}/api/countries/de/experiences`, validExperience);
    expect(first.status).toBe(201);
    const before = server.count("experiences");

    disk.fill();
    const answers = [];
    for (let i = 0; i < 9; i++)
      answers.push(await postJson(`${server.url}/api/countries/de/experiences`, validExperience));
    const acknowledged = answers.filter((a) => a.status >= 200 && a.status < 300);
    console.log(
      `full disk: answers ${answers.map((a) => a.status).join(", ")}; stored ${server.count("experiences") - before}`,
    );
    expect(server.count("experiences") - before).toBe(acknowledged.length);
    expect(acknowledged).toHaveLength(0);
    for (const a of answers) {
      expect(a.status).toBe(507);
      expect(a.body.error).toMatchObject({
        code: "storage_full",
        details: { request_id: a.headers.get("x-request-id") },
      });
      expect(a.body.error.message).toMatch(/disk is full\)\. Nothing was saved/);
    }
    // The page and the API still read.
    expect((await getJson(`${server.url}/api/countries/de`)).status).toBe(200);

    disk.free();
    const later = await postJson(`${server.url}/api/countries/de/experiences`, validExperience);
    expect(later.status).toBe(201);
    expect(later.body.id).toBe(first.body.id + 1);
    expect(server.count("experiences")).toBe(before + 1);
    const stored = server.db.prepare(`SELECT id FROM experiences ORDER BY id`).pluck().all();
    expect(stored.slice(-2)).toEqual([first.body.id, later.body.id]);
  });
});
