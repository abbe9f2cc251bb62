// The contact form's door (POST /api/contact) and the operator's side of it: stored messages with cleaned text,
// field errors and nothing stored on a rejection, the honeypot, 415, the rate limit (429), a full disk (5xx,
// never a 2xx, nothing stored), the operator's list, filter, CSV, handled mark and deletion (all audited), and
// the retention sweep. Messages are personal data: no public route ever shows one.
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { retentionCutoff, startRetentionSweeps, sweepLeads } from "../../api/retention.ts";
import { CONTACT_TOPICS } from "../../product/options.ts";
import { getJson, login, postJson, startTestServer, type TestServer } from "./helpers.ts";
import { listenLocal, origin } from "../helpers/listen.ts";

let s: TestServer;
let base: string;
let cookie: string;
const admin = (p: string) => `${base}/api/admin${p}`;
const authed = () => ({ cookie });
const messages = () => s.count("contact_messages");
const valid = {
  name: "Jana Nováková",
  email: "jana@example.com",
  topic: "question",
  message: "How often are the scores updated?",
};

beforeAll(async () => {
  s = await startTestServer();
  base = s.url;
  cookie = await login(base);
});
afterAll(async () => {
  await s?.stop();
});

describe("POST /api/contact", () => {
  it("stores a message (201) and answers without any personal data", async () => {
    const before = messages();
    const { status, body, headers } = await postJson(`${base}/api/contact`, {
      ...valid,
      name: "  Jana Nováková ",
      message: "  Line one\nLine two  ",
    });
    expect(status).toBe(201);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(body).sort()).toEqual(["created_at", "id", "ok", "topic"]);
    expect(body).toMatchObject({ ok: true, topic: "question" });
    expect(body.id).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/jana|Nováková|updated/i);
    expect(messages()).toBe(before + 1);
    const row = s.db.prepare("SELECT * FROM contact_messages WHERE id = ?").get(body.id) as Record<string, unknown>;
    expect(row).toMatchObject({
      topic: "question",
      name: "Jana Nováková",
      email: "jana@example.com",
      message: "Line one\nLine two",
      handled_at: null,
    });
    expect(new Date(row.created_at as string).toISOString()).toBe(row.created_at);
  });

  it("accepts every topic of the list", async () => {
    for (const t of CONTACT_TOPICS) {
      const r = await postJson(`${base}/api/contact`, { ...valid, topic: t.id });
      expect(r.status, t.id).toBe(201);
      expect(r.body.topic).toBe(t.id);
    }
  });

  it("removes control and bidirectional override characters before checking and storing", async () => {
    const r = await postJson(`${base}/api/contact`, {
      ...valid,
      name: "Eve\u202Egnp.exe\u0000",
      message: "Hi\u2066 there\u0007\tfriend\r\nbye",
    });
    expect(r.status).toBe(201);
    const row = s.db.prepare("SELECT name, message FROM contact_messages WHERE id = ?").get(r.body.id) as {
      name: string;
      message: string;
    };
    expect(row).toEqual({ name: "Evegnp.exe", message: "Hi there\tfriend\r\nbye" });
    // A name of nothing but such characters is empty.
    const blank = await postJson(`${base}/api/contact`, { ...valid, name: "\u202E\u0000" });
    expect(blank.status).toBe(400);
    expect(blank.body.error.details).toEqual({ name: "Name is required" });
  });

  const bad: Array<[string, unknown, Record<string, string | RegExp>]> = [
    [
      "missing everything",
      {},
      {
        name: "Name is required",
        email: "Email is required",
        topic: "Topic is required",
        message: "Message is required",
      },
    ],
    ["invalid email", { ...valid, email: "not-an-email" }, { email: "Please enter a valid email address" }],
    [
      "blank name and message",
      { ...valid, name: "  ", message: "\n" },
      { name: "Name is required", message: "Message is required" },
    ],
    [
      "unknown topic",
      { ...valid, topic: "complaint" },
      { topic: /^Topic must be one of: question, feedback, correction, press, delete-my-data$/ },
    ],
    ["topic by its title", { ...valid, topic: "Delete my data" }, { topic: /^Topic must be one of/ }],
    [
      "message too long",
      { ...valid, message: "x".repeat(4001) },
      { message: "Message must be at most 4000 characters" },
    ],
    ["name too long", { ...valid, name: "n".repeat(201) }, { name: "Name must be at most 200 characters" }],
    ["email as a number", { ...valid, email: 12 }, { email: "Email must be text" }],
    ["message as an object", { ...valid, message: { text: "hi" } }, { message: "Message must be text" }],
    ["a JSON array", [valid], { body: "Expected a JSON object" }],
  ];
  for (const [name, body, fields] of bad) {
    it(`rejects with field errors and stores nothing: ${name}`, async () => {
      const before = messages();
      const r = await postJson(`${base}/api/contact`, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("invalid_request");
      expect(Object.keys(r.body.error.details).sort()).toEqual(Object.keys(fields).sort());
      for (const [field, message] of Object.entries(fields)) expect(r.body.error.details[field]).toMatch(message);
      expect(messages()).toBe(before);
    });
  }

  it("a message of exactly 4000 characters is accepted", async () => {
    const r = await postJson(`${base}/api/contact`, { ...valid, message: "m".repeat(4000) });
    expect(r.status).toBe(201);
  });

  it("the honeypot: a filled `website` answers 201 with id null and stores nothing", async () => {
    const before = messages();
    const r = await postJson(`${base}/api/contact`, { ...valid, website: "http://spam.example" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ ok: true, id: null, topic: "question" });
    expect(messages()).toBe(before);
    // An empty honeypot is what real browsers send.
    expect((await postJson(`${base}/api/contact`, { ...valid, website: "" })).status).toBe(201);
    expect(messages()).toBe(before + 1);
  });

  it("bodies that are not JSON: 415; malformed JSON: 400; too large: 413; nothing stored", async () => {
    const before = messages();
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "name=A&email=a%40b.example&topic=question&message=hi"],
      ["text/plain", JSON.stringify(valid)],
      ["multipart/form-data; boundary=x", "--x--"],
    ] as const) {
      const r = await getJson(`${base}/api/contact`, { method: "POST", headers: { "content-type": type }, body });
      expect(r.status, type).toBe(415);
      expect(r.body.error.code).toBe("unsupported_media_type");
    }
    expect((await getJson(`${base}/api/contact`, { method: "POST", body: "x" })).status).toBe(415);
    const malformed = await postJson(`${base}/api/contact`, '{"name": "A",');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");
    expect((await postJson(`${base}/api/contact`, { ...valid, message: "z".repeat(40_000) })).status).toBe(413);
    expect(messages()).toBe(before);
  });

  it("GET /api/contact is no route: messages are never read back publicly", async () => {
    // The path has one route, POST: a GET is 405 with `Allow: POST` (issue 49), and never the messages.
    const r = await getJson(`${base}/api/contact`);
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect(JSON.stringify(r.body)).not.toContain("jana@example.com");
  });
});

describe("a full disk", () => {
  it("answers 507 storage_full, never a 2xx, and stores nothing; the next message after space is freed is stored", async () => {
    // Warm up: the client's rate-limit counter row exists, so only the message itself needs new pages below.
    expect((await postJson(`${base}/api/contact`, valid)).status).toBe(201);
    const before = messages();
    const db = s.db;
    db.exec("CREATE TABLE disk_filler (b BLOB)");
    const pages = db.pragma("page_count", { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    try {
      // Use up every free page: the database cannot grow any more.
      let full = false;
      for (let i = 0; i < 10_000 && !full; i++) {
        try {
          db.prepare("INSERT INTO disk_filler VALUES (randomblob(1500))").run();
        } catch (err) {
          expect((err as { code?: string }).code).toBe("SQLITE_FULL");
          full = true;
        }
      }
      expect(full).toBe(true);
      const r = await postJson(`${base}/api/contact`, {
        ...valid,
        message: "A long message that needs pages of its own. ".repeat(90),
      });
      expect(r.status).toBe(507);
      expect(r.body.error.code).toBe("storage_full");
      expect(r.body.error.details.request_id).toBe(r.headers.get("x-request-id"));
      expect(JSON.stringify(r.body)).not.toMatch(/SQLITE|at .*\.ts/);
      expect(messages()).toBe(before);
    } finally {
      db.pragma("max_page_count = 4294967294");
      db.exec("DROP TABLE disk_filler");
    }
    expect((await postJson(`${base}/api/contact`, valid)).status).toBe(201);
    expect(messages()).toBe(before + 1);
  });
});

describe("rate limit (its own budget, per client)", () => {
  let server: Server;
  let limited: string;
  beforeAll(async () => {
    s.db.prepare("DELETE FROM rate_limits").run();
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: {
        ...s.config,
        rateLimits: {
          ...s.config.rateLimits,
          waitingList: { limit: 1, windowMs: 60_000 },
          contact: { limit: 2, windowMs: 3_600_000 },
        },
      },
    });
    server = await listenLocal(app);
    limited = origin(server);
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("answers 429 with a clear message and Retry-After once the budget is used (refused messages not counted), and stores nothing more", async () => {
    // The waiting list's budget is not the contact form's.
    expect(
      (
        await postJson(`${limited}/api/waiting-list`, {
          name: "Bo",
          email: "bo@example.com",
          message: "Hi",
          service: "cv-upgrade",
        })
      ).status,
    ).toBe(201);
    // Refused messages (a mistake in a field) do not use up the budget.
    for (let i = 0; i < 4; i++)
      expect((await postJson(`${limited}/api/contact`, { ...valid, email: "typo" })).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await postJson(`${limited}/api/contact`, valid)).status).toBe(201);
    const before = messages();
    const r = await postJson(`${limited}/api/contact`, valid);
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("rate_limited");
    expect(r.body.error.message).toMatch(
      /^You have sent several messages in a short time\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(messages()).toBe(before);
    // The counters live in SQLite: they count for every app on the same database.
    const other = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: { ...s.config, rateLimits: { ...s.config.rateLimits, contact: { limit: 2, windowMs: 3_600_000 } } },
    });
    const again = await listenLocal(other);
    try {
      const r2 = await postJson(`${origin(again)}/api/contact`, valid);
      expect(r2.status).toBe(429);
    } finally {
      await new Promise((resolve) => again.close(resolve));
    }
    expect(messages()).toBe(before);
  });
});

describe("the operator's messages", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    s.db.prepare("DELETE FROM contact_messages").run();
    ids = {};
    for (const [key, body] of [
      [
        "press",
        { ...valid, name: "Reporter", email: "press@example.com", topic: "press", message: "Interview request" },
      ],
      [
        "delete",
        {
          ...valid,
          name: "Max Muster",
          email: "max@example.com",
          topic: "delete-my-data",
          message: "Please delete my waiting-list request.",
        },
      ],
      [
        "formula",
        {
          ...valid,
          name: '=HYPERLINK("http://evil.example")',
          email: "eve@example.com",
          topic: "feedback",
          message: "+1 great\nsecond line",
        },
      ],
    ] as const) {
      const r = await postJson(`${base}/api/contact`, body);
      expect(r.status).toBe(201);
      ids[key] = r.body.id;
    }
  });

  it("lists them newest first with the total and the retention, filters by topic and by handled; reads are not audited", async () => {
    const all = await getJson(admin("/contact-messages"), { headers: authed() });
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("no-store");
    expect(all.body.items.map((m: { id: number }) => m.id)).toEqual([ids.formula, ids.delete, ids.press]);
    expect(all.body).toMatchObject({ total: 3, limit: 100, offset: 0, retention_days: 365 });
    expect(all.body.items[1]).toMatchObject({
      topic: "delete-my-data",
      name: "Max Muster",
      email: "max@example.com",
      handled_at: null,
      handled_by: null,
    });
    const deletes = await getJson(admin("/contact-messages?topic=delete-my-data"), { headers: authed() });
    expect(deletes.body.items.map((m: { id: number }) => m.id)).toEqual([ids.delete]);
    expect(deletes.body.total).toBe(1);
    expect((await getJson(admin("/contact-messages?topic=spam"), { headers: authed() })).status).toBe(400);
    expect(
      (await getJson(admin("/contact-messages?limit=1&offset=1"), { headers: authed() })).body.items.map(
        (m: { id: number }) => m.id,
      ),
    ).toEqual([ids.delete]);
    // Viewing the list is not audited (exports and changes are): a visit of the page adds no entry.
    expect(s.db.prepare("SELECT count(*) FROM audit_log WHERE action = 'contact.list'").pluck().get()).toBe(0);
    // The audit names no personal data.
    expect(JSON.stringify(s.db.prepare("SELECT * FROM audit_log WHERE action LIKE 'contact.%'").all())).not.toMatch(
      /max@example|Muster|Interview/,
    );
  });

  it("marks a message handled and open again, audited; 404 for an unknown id", async () => {
    const handled = await postJson(admin(`/contact-messages/${ids.delete}/handle`), {}, authed());
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({ id: ids.delete, handled_by: "admin" });
    expect(new Date(handled.body.handled_at).toISOString()).toBe(handled.body.handled_at);
    const open = await getJson(admin("/contact-messages?handled=false"), { headers: authed() });
    expect(open.body.items.map((m: { id: number }) => m.id)).toEqual([ids.formula, ids.press]);
    const done = await getJson(admin("/contact-messages?handled=true"), { headers: authed() });
    expect(done.body.items.map((m: { id: number }) => m.id)).toEqual([ids.delete]);
    const reopened = await postJson(admin(`/contact-messages/${ids.delete}/reopen`), {}, authed());
    expect(reopened.body).toMatchObject({ handled_at: null, handled_by: null });
    expect((await postJson(admin("/contact-messages/999999/handle"), {}, authed())).status).toBe(404);
    expect((await postJson(admin("/contact-messages/abc/handle"), {}, authed())).status).toBe(404);
    const actions = s.db
      .prepare(
        "SELECT action, target, detail FROM audit_log WHERE action IN ('contact.handle', 'contact.reopen') ORDER BY id",
      )
      .all();
    expect(actions).toEqual([
      { action: "contact.handle", target: String(ids.delete), detail: JSON.stringify({ topic: "delete-my-data" }) },
      { action: "contact.reopen", target: String(ids.delete), detail: JSON.stringify({ topic: "delete-my-data" }) },
    ]);
  });

  it("exports the selection as a formula-safe CSV, audited", async () => {
    const res = await fetch(admin("/contact-messages/export"), { headers: authed() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = (await res.text()).replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("id,created_at,topic,name,email,message,handled_at,handled_by");
    expect(csv).toContain(
      `,feedback,"'=HYPERLINK(""http://evil.example"")",eve@example.com,"'+1 great\nsecond line",,`,
    );
    expect(csv).toContain("press@example.com");
    const only = await (
      await fetch(admin("/contact-messages/export?topic=delete-my-data"), { headers: authed() })
    ).text();
    expect(only).toContain("max@example.com");
    expect(only).not.toContain("press@example.com");
    const audited = s.db
      .prepare("SELECT detail FROM audit_log WHERE action = 'contact.export' ORDER BY id")
      .pluck()
      .all() as string[];
    expect(audited.map((d) => JSON.parse(d))).toEqual([
      { topic: null, handled: null, count: 3 },
      { topic: "delete-my-data", handled: null, count: 1 },
    ]);
  });

  it("deletes a message and a waiting-list request for good, audited; a second delete is 404", async () => {
    const wl = await postJson(`${base}/api/waiting-list`, {
      name: "Max Muster",
      email: "max@example.com",
      message: "CV please",
      service: "cv-upgrade",
    });
    expect(wl.status).toBe(201);
    const delLead = await postJson(admin(`/waiting-list/${wl.body.id}/delete`), {}, authed());
    expect(delLead.status).toBe(200);
    expect(s.db.prepare("SELECT count(*) FROM waiting_list WHERE id = ?").pluck().get(wl.body.id)).toBe(0);
    expect((await postJson(admin(`/waiting-list/${wl.body.id}/delete`), {}, authed())).status).toBe(404);

    const del = await postJson(admin(`/contact-messages/${ids.delete}/delete`), {}, authed());
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true, id: ids.delete });
    expect(s.db.prepare("SELECT count(*) FROM contact_messages WHERE id = ?").pluck().get(ids.delete)).toBe(0);
    expect((await postJson(admin(`/contact-messages/${ids.delete}/delete`), {}, authed())).status).toBe(404);
    const audited = s.db
      .prepare(
        "SELECT action, target, detail FROM audit_log WHERE action IN ('contact.delete', 'waiting_list.delete') ORDER BY id",
      )
      .all();
    expect(audited).toEqual([
      { action: "waiting_list.delete", target: String(wl.body.id), detail: JSON.stringify({ service: "cv-upgrade" }) },
      { action: "contact.delete", target: String(ids.delete), detail: JSON.stringify({ topic: "delete-my-data" }) },
    ]);
    // Operator writes need JSON like the others (the CSRF defence), and a session.
    expect(
      (
        await getJson(admin(`/contact-messages/${ids.press}/delete`), {
          method: "POST",
          headers: { ...authed(), "content-type": "text/plain" },
          body: "",
        })
      ).status,
    ).toBe(415);
    expect((await postJson(admin(`/contact-messages/${ids.press}/delete`), {})).status).toBe(401);
    expect(messages()).toBe(2);
  });
});

describe("retention", () => {
  it("deletes contact messages and waiting-list requests older than the retention, keeps newer ones", () => {
    const { contact, waitingList } = s.app.services;
    // Long ago, so that the other tests' messages (stored at the real time) are never in the way.
    const now = new Date("2001-03-01T12:00:00.000Z");
    const kept = "2000-03-01T12:00:00.000Z"; // exactly 365 days before: kept
    const old = "2000-03-01T11:59:59.999Z"; // a millisecond earlier: deleted
    const input = {
      name: "Old",
      email: "old@example.com",
      topic: "feedback" as const,
      message: "Old news",
      website: undefined,
    };
    const a = contact.insert(input, old);
    const b = contact.insert(input, kept);
    const wa = waitingList.insert(
      { name: "Old", email: "old@example.com", phone: null, message: "m", service: "cv-upgrade", website: undefined },
      old,
    );
    const wb = waitingList.insert(
      { name: "New", email: "new@example.com", phone: null, message: "m", service: "cv-upgrade", website: undefined },
      kept,
    );
    expect(retentionCutoff(now, 365)).toBe(kept);
    expect(sweepLeads(s.app.services, now, 365)).toEqual({ contact: 1, waiting_list: 1 });
    expect(contact.get(a.id)).toBeUndefined();
    expect(contact.get(b.id)).toBeDefined();
    expect(waitingList.get(wa.id)).toBeUndefined();
    expect(waitingList.get(wb.id)).toBeDefined();
    // The server's sweep runs at once when started, and logs what it deleted.
    const logged: unknown[] = [];
    const logger = {
      ...s.logger,
      info: (o: unknown) => logged.push(o),
      error: (o: unknown) => logged.push(o),
    } as unknown as typeof s.logger;
    const sweeps = startRetentionSweeps({ stores: s.app.services, retentionDays: 30, now: () => now, logger });
    sweeps.stop();
    expect(contact.get(b.id)).toBeUndefined();
    expect(waitingList.get(wb.id)).toBeUndefined();
    expect(logged).toEqual([{ deleted: { contact: 1, waiting_list: 1 }, retention_days: 30 }]);
  });
});
