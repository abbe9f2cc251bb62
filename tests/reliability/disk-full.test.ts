// Every write route against a full disk: the server's own SQLite connection is made full (full-db.ts:
// max_page_count pinned, every table packed; expired sessions among the junk, as a real server has them), then
// each route must answer 5xx with a clear message (507 storage_full), never 2xx, and store nothing; once the
// limit is lifted the same route works again.
// Before the fix, hide/unhide, the pause switch and login answered 507 for a change they had in fact committed
// (the action and its audit entry were two commits), and login handed out a working session cookie with its 507.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_PUBLICATION } from "../../pipeline/pause.ts";
import { BUNDLED_FIXTURES_DIR } from "../../pipeline/seed.ts";
import { readSetting } from "../../pipeline/settings.ts";
import {
  ADMIN_PASSWORD,
  ADMIN_USER,
  getJson,
  login,
  postJson,
  startTestServer,
  validExperience,
  type TestServer,
} from "../api/helpers.ts";
import { fillDatabase } from "./full-db.ts";

const NO_LIMITS = {
  experiences: { limit: 0, windowMs: 60_000 },
  waitingList: { limit: 0, windowMs: 60_000 },
  contact: { limit: 0, windowMs: 60_000 },
  login: { limit: 0, windowMs: 60_000 },
  failedPosts: { limit: 0, windowMs: 60_000 },
};
/** Held back from the seed, so that uploading it really stores new values. */
const WITHHELD = "une_rt_q_SUBSET_2020Q1_2026Q2.json";

const waitingListRequest = {
  name: "Ana Example",
  email: "ana@example.org",
  message: "Please call me.",
  service: "cv-upgrade",
};
const contactMessage = {
  name: "Ana Example",
  email: "ana@example.org",
  topic: "delete-my-data",
  message: "Please delete my request.",
};

function expectStorageError(r: { status: number; body: any; headers: Headers }, what: string): void {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(507);
  expect(r.body.error.code).toBe("storage_full");
  expect(r.body.error.message).toMatch(/disk is full/);
  expect(r.body.error.details.request_id).toBe(r.headers.get("x-request-id"));
  expect(JSON.stringify(r.body)).not.toMatch(/SQLITE|\bat \/|\.ts:/);
}

describe("every write route with the server's database full (rate limits off: each route's own write)", () => {
  let s: TestServer;
  let cookie: string;
  let lift: () => void;
  let hiddenId: number;
  let shownId: number;
  let messageId: number;
  let leadId: number;
  const hiddenOf = (id: number) =>
    (s.db.prepare(`SELECT hidden FROM experiences WHERE id = ?`).pluck().get(id) as number) === 1;
  const publications = () => s.count("publications");
  const paused = () => readSetting(s.db, SETTING_PUBLICATION)?.value;

  beforeAll(async () => {
    s = await startTestServer({ config: { rateLimits: NO_LIMITS }, withhold: [WITHHELD] });
    cookie = await login(s.url);
    hiddenId = (await postJson(`${s.url}/api/countries/de/experiences`, validExperience)).body.id;
    shownId = (await postJson(`${s.url}/api/countries/de/experiences`, validExperience)).body.id;
    expect((await postJson(`${s.url}/api/admin/experiences/${hiddenId}/hide`, {}, { cookie })).status).toBe(200);
    messageId = (await postJson(`${s.url}/api/contact`, contactMessage)).body.id;
    leadId = (await postJson(`${s.url}/api/waiting-list`, waitingListRequest)).body.id;
    lift = fillDatabase(s.db);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("POST experiences: 507, no row; the ids of later posts are fresh", async () => {
    const before = s.count("experiences");
    const maxId = s.db.prepare(`SELECT max(id) FROM experiences`).pluck().get() as number;
    for (let i = 0; i < 5; i++)
      expectStorageError(await postJson(`${s.url}/api/countries/de/experiences`, validExperience), "experience");
    expect(s.count("experiences")).toBe(before);
    expect(s.db.prepare(`SELECT max(id) FROM experiences`).pluck().get()).toBe(maxId);
  });

  it("POST waiting-list: 507, no row", async () => {
    const before = s.count("waiting_list");
    expectStorageError(await postJson(`${s.url}/api/waiting-list`, waitingListRequest), "waiting list");
    expect(s.count("waiting_list")).toBe(before);
  });

  it("POST contact: 507, no row", async () => {
    const before = s.count("contact_messages");
    expectStorageError(await postJson(`${s.url}/api/contact`, contactMessage), "contact");
    expect(s.count("contact_messages")).toBe(before);
  });

  it("a message marked handled, a message and a waiting-list request deleted: 507, each as it was, no audit entry", async () => {
    const audit = s.count("audit_log");
    const messages = s.count("contact_messages");
    const leads = s.count("waiting_list");
    expectStorageError(
      await postJson(`${s.url}/api/admin/contact-messages/${messageId}/handle`, {}, { cookie }),
      "handle",
    );
    expect(s.db.prepare(`SELECT handled_at FROM contact_messages WHERE id = ?`).pluck().get(messageId)).toBeNull();
    // A deletion frees room, but its audit entry cannot be written: it is undone with it.
    expectStorageError(
      await postJson(`${s.url}/api/admin/contact-messages/${messageId}/delete`, {}, { cookie }),
      "delete message",
    );
    expectStorageError(
      await postJson(`${s.url}/api/admin/waiting-list/${leadId}/delete`, {}, { cookie }),
      "delete request",
    );
    expect([s.count("contact_messages"), s.count("waiting_list"), s.count("audit_log")]).toEqual([
      messages,
      leads,
      audit,
    ]);
  });

  it("admin login: 507, no session, no cookie, no audit entry", async () => {
    const sessions = s.count("sessions");
    const audit = s.count("audit_log");
    const res = await fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
    });
    expectStorageError({ status: res.status, body: await res.json(), headers: res.headers }, "login");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(s.count("sessions")).toBe(sessions);
    expect(s.count("audit_log")).toBe(audit);
  });

  it("publication pause: 507, the switch unchanged", async () => {
    const before = paused();
    const audit = s.count("audit_log");
    expectStorageError(
      await postJson(`${s.url}/api/admin/publication`, { paused: true, reason: "maintenance" }, { cookie }),
      "pause",
    );
    expect(paused()).toBe(before);
    expect(s.count("audit_log")).toBe(audit);
    expect((await getJson(`${s.url}/api/admin/publication`, { headers: { cookie } })).body.paused).toBe(false);
  });

  it("hide and unhide: 507, the experience as it was", async () => {
    const audit = s.count("audit_log");
    expectStorageError(await postJson(`${s.url}/api/admin/experiences/${shownId}/hide`, {}, { cookie }), "hide");
    expectStorageError(await postJson(`${s.url}/api/admin/experiences/${hiddenId}/unhide`, {}, { cookie }), "unhide");
    expect(hiddenOf(shownId)).toBe(false);
    expect(hiddenOf(hiddenId)).toBe(true);
    expect(s.count("audit_log")).toBe(audit);
  });

  it("upload: the job stores the file (its own connection), the audit entry cannot be written: 507 saying the file was stored", async () => {
    const audit = s.count("audit_log");
    const form = new FormData();
    form.append("data_type", "unemployment");
    form.append("file", new Blob([readFileSync(path.join(BUNDLED_FIXTURES_DIR, "eurostat", WITHHELD))]), WITHHELD);
    const r = await getJson(`${s.url}/api/admin/upload`, { method: "POST", headers: { cookie }, body: form });
    expectStorageError(r, "upload");
    expect(r.body.error.message).toMatch(
      /^The file was stored \(\d+ new, 0 changed values\), but the server could not write it to its audit log/,
    );
    expect(r.body.error.message).not.toMatch(/Nothing was saved/);
    expect(s.count("audit_log")).toBe(audit);
  });

  it("recalculate: 507 saying the scores were published", async () => {
    const audit = s.count("audit_log");
    const before = publications();
    const r = await postJson(`${s.url}/api/admin/recalculate`, { as_of: "2026-11-22" }, { cookie });
    expectStorageError(r, "recalculate");
    expect(r.body.error.message).toMatch(new RegExp(`^The scores were published \\(publication ${before + 1}\\), but`));
    expect(publications()).toBe(before + 1);
    expect(s.count("audit_log")).toBe(audit);
  });

  it("logout: 507, the session still valid and its cookie kept", async () => {
    const sessions = s.count("sessions");
    const audit = s.count("audit_log");
    const res = await fetch(`${s.url}/api/admin/logout`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expectStorageError({ status: res.status, body: await res.json(), headers: res.headers }, "logout");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(s.count("sessions")).toBe(sessions);
    expect(s.count("audit_log")).toBe(audit);
    expect((await getJson(`${s.url}/api/admin/session`, { headers: { cookie } })).status).toBe(200);
  });

  it("with room again, every route works and stores", async () => {
    lift();
    const audit = s.count("audit_log");
    const experiences = s.count("experiences");
    const maxId = s.db.prepare(`SELECT max(id) FROM experiences`).pluck().get() as number;
    const posted = await postJson(`${s.url}/api/countries/de/experiences`, validExperience);
    expect(posted.status).toBe(201);
    expect(posted.body.id).toBe(maxId + 1);
    expect(s.count("experiences")).toBe(experiences + 1);
    expect((await postJson(`${s.url}/api/waiting-list`, waitingListRequest)).status).toBe(201);
    const second = await login(s.url);
    expect((await postJson(`${s.url}/api/admin/publication`, { paused: true }, { cookie })).status).toBe(200);
    expect(JSON.parse(paused()!).paused).toBe(true);
    expect((await postJson(`${s.url}/api/admin/publication`, { paused: false }, { cookie })).status).toBe(200);
    expect((await postJson(`${s.url}/api/admin/experiences/${shownId}/hide`, {}, { cookie })).status).toBe(200);
    expect((await postJson(`${s.url}/api/admin/experiences/${hiddenId}/unhide`, {}, { cookie })).status).toBe(200);
    expect([hiddenOf(shownId), hiddenOf(hiddenId)]).toEqual([true, false]);
    expect((await postJson(`${s.url}/api/admin/recalculate`, { as_of: "2026-11-22" }, { cookie })).status).toBe(200);
    expect((await postJson(`${s.url}/api/contact`, contactMessage)).status).toBe(201);
    expect((await postJson(`${s.url}/api/admin/contact-messages/${messageId}/handle`, {}, { cookie })).status).toBe(
      200,
    );
    expect((await postJson(`${s.url}/api/admin/contact-messages/${messageId}/delete`, {}, { cookie })).status).toBe(
      200,
    );
    expect((await postJson(`${s.url}/api/admin/waiting-list/${leadId}/delete`, {}, { cookie })).status).toBe(200);
    expect((await postJson(`${s.url}/api/admin/logout`, {}, { cookie: second })).status).toBe(200);
    // login, pause, resume, hide, unhide, recalculate, handle, delete message, delete request, logout
    expect(s.count("audit_log")).toBe(audit + 10);
  });
});

describe("with the rate limits on, their counters are the first write", () => {
  let s: TestServer;
  let lift: () => void;
  beforeAll(async () => {
    s = await startTestServer();
    lift = fillDatabase(s.db);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("experiences, waiting list, contact and login answer 507 and store nothing; they work once there is room", async () => {
    const liveSessions = () =>
      s.db
        .prepare(`SELECT count(*) FROM sessions WHERE expires_at > ?`)
        .pluck()
        .get(new Date().toISOString()) as number;
    const counts = () => [
      s.count("experiences"),
      s.count("waiting_list"),
      liveSessions(),
      s.count("audit_log"),
      s.count("contact_messages"),
    ];
    const before = counts();
    expectStorageError(await postJson(`${s.url}/api/countries/de/experiences`, validExperience), "experience");
    expectStorageError(await postJson(`${s.url}/api/waiting-list`, waitingListRequest), "waiting list");
    expectStorageError(await postJson(`${s.url}/api/contact`, contactMessage), "contact");
    expectStorageError(
      await postJson(`${s.url}/api/admin/login`, { username: ADMIN_USER, password: ADMIN_PASSWORD }),
      "login",
    );
    expect(counts()).toEqual(before);
    lift();
    expect((await postJson(`${s.url}/api/countries/de/experiences`, validExperience)).status).toBe(201);
    expect((await postJson(`${s.url}/api/waiting-list`, waitingListRequest)).status).toBe(201);
    expect((await postJson(`${s.url}/api/contact`, contactMessage)).status).toBe(201);
    await login(s.url);
    expect(counts()).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 1, before[3]! + 1, before[4]! + 1]);
  });
});
