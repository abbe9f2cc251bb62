// Community writes: experiences and waiting-list requests, the bad-input corpus (nothing stored on a
// rejection), the honeypot, rate limits and concurrent posts.
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { ROLE_FAMILIES } from "../../product/options.ts";
import { getJson, postJson, startTestServer, validExperience, type TestServer } from "./helpers.ts";
import { listenLocal, origin } from "../helpers/listen.ts";

let s: TestServer;
let base: string;
const tables = () => ({ experiences: s.count("experiences"), waiting_list: s.count("waiting_list") });

beforeAll(async () => {
  s = await startTestServer();
  base = s.url;
});
afterAll(async () => {
  await s?.stop();
});

describe("POST /api/countries/:code/experiences", () => {
  it("stores a valid experience (201) and lists it first, with the summary", async () => {
    const before = await getJson(`${base}/api/countries/at/experiences`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      items: [],
      summary: { count: 0, frustrated: 0, neutral: 0, positive: 0, average_mood: null },
    });

    const { status, body } = await postJson(`${base}/api/countries/at/experiences`, {
      ...validExperience,
      comment: "  Good market.  ",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      country_code: "AT",
      role_family: "IT/Engineering",
      seniority: "Senior",
      residency: "EU non-resident",
      local_language: false,
      mood: 4,
      mood_label: "Good",
      comment: "Good market.",
    });
    expect(body.id).toBeGreaterThan(0);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);

    const after = await getJson(`${base}/api/countries/AT/experiences`);
    expect(after.body.items[0]).toEqual(body);
    expect(after.body.summary).toEqual({ count: 1, frustrated: 0, neutral: 0, positive: 1, average_mood: 4 });
  });

  it("buckets moods (≤2 frustrated, 3 neutral, ≥4 positive), averages to one decimal, shows the 10 newest", async () => {
    const moods = [1, 2, 3, 3, 5, 5, 4, 2, 1, 3, 5, 4];
    for (const mood of moods) {
      const r = await postJson(`${base}/api/countries/pt/experiences`, {
        ...validExperience,
        mood,
        comment: `mood ${mood}`,
      });
      expect(r.status).toBe(201);
    }
    const { body } = await getJson(`${base}/api/countries/pt/experiences`);
    expect(body.items).toHaveLength(10);
    expect(body.items.map((i: { comment: string }) => i.comment)).toEqual(
      moods
        .slice(2)
        .reverse()
        .map((m) => `mood ${m}`),
    );
    const avg = Math.round((moods.reduce((a, b) => a + b, 0) / moods.length) * 10) / 10;
    expect(body.summary).toEqual({ count: 12, frustrated: 4, neutral: 3, positive: 5, average_mood: avg });
  });

  it("empty or blank comments become null; local_language defaults to false; every option list value is accepted", async () => {
    const a = await postJson(`${base}/api/countries/se/experiences`, { ...validExperience, comment: "   " });
    expect(a.body.comment).toBeNull();
    const { local_language: _l, comment: _c, ...rest } = validExperience;
    const b = await postJson(`${base}/api/countries/se/experiences`, rest);
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ comment: null, local_language: false });
    const c = await postJson(`${base}/api/countries/se/experiences`, {
      ...validExperience,
      comment: null,
      local_language: true,
    });
    expect(c.body).toMatchObject({ comment: null, local_language: true });
    for (const role_family of ROLE_FAMILIES) {
      expect((await postJson(`${base}/api/countries/se/experiences`, { ...validExperience, role_family })).status).toBe(
        201,
      );
    }
  });

  it("stores script tags and SQL-looking text verbatim and returns them as data", async () => {
    const nasty = [
      `<script>alert("x")</script>`,
      `'; DROP TABLE experiences; --`,
      `Robert'); DELETE FROM waiting_list WHERE ('1'='1`,
      `" OR 1=1 --`,
      `emoji 🌧️ and ünïcödé`,
    ];
    for (const comment of nasty) {
      const { status, body } = await postJson(`${base}/api/countries/fi/experiences`, { ...validExperience, comment });
      expect(status).toBe(201);
      expect(body.comment).toBe(comment);
    }
    const res = await fetch(`${base}/api/countries/fi/experiences`);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const listed = (await res.json()).items.map((i: { comment: string }) => i.comment);
    expect(listed).toEqual([...nasty].reverse());
    expect(s.count("experiences")).toBeGreaterThan(0); // the table is still there
  });

  // Issue 49, case 8: zero-width and directional marks were stored and shown (lib/clean-text.ts removes them).
  it("removes zero-width and directional marks from a comment, a waiting-list name and message", async () => {
    const marks = "\u200B\u200D\uFEFF\u200E\u200F\u061C";
    const e = await postJson(`${base}/api/countries/be/experiences`, {
      ...validExperience,
      comment: `Go${marks}od mar${marks}ket`,
    });
    expect(e.status).toBe(201);
    expect((e.body as { comment: string }).comment).toBe("Good market");
    const list = await getJson(`${base}/api/countries/be/experiences`);
    for (const mark of marks) expect(JSON.stringify(list.body)).not.toContain(mark);
    const w = await postJson(`${base}/api/waiting-list`, {
      name: `A${marks}na`,
      email: "ana.marks@example.org",
      message: `Call${marks} me`,
      service: "cv-upgrade",
    });
    expect(w.status).toBe(201);
    const stored = s.db.prepare("SELECT name, message FROM waiting_list WHERE email = ?").get("ana.marks@example.org");
    expect(stored).toEqual({ name: "Ana", message: "Call me" });
    // A name of marks alone is empty: refused as missing, nothing stored.
    const blank = await postJson(`${base}/api/waiting-list`, {
      name: marks,
      email: "blank.marks@example.org",
      service: "cv-upgrade",
    });
    expect(blank.status).toBe(400);
  });

  it("changes the ETag of the list when a new experience arrives; 304 otherwise", async () => {
    const first = await fetch(`${base}/api/countries/dk/experiences`);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toContain("no-cache");
    expect((await fetch(`${base}/api/countries/dk/experiences`, { headers: { "if-none-match": etag } })).status).toBe(
      304,
    );
    await postJson(`${base}/api/countries/dk/experiences`, validExperience);
    const after = await fetch(`${base}/api/countries/dk/experiences`, { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("404 for unknown countries, for reads and writes", async () => {
    const before = tables();
    for (const code of ["xx", "uk", "EL", "deu"]) {
      expect((await getJson(`${base}/api/countries/${code}/experiences`)).status).toBe(404);
      const w = await postJson(`${base}/api/countries/${code}/experiences`, validExperience);
      expect(w.status).toBe(404);
      expect(w.body.error.code).toBe("not_found");
    }
    expect(tables()).toEqual(before);
  });

  it("the honeypot: a filled `website` answers like a success and stores nothing", async () => {
    const before = tables();
    const { status, body } = await postJson(`${base}/api/countries/de/experiences`, {
      ...validExperience,
      website: "http://spam.example",
    });
    expect(status).toBe(201);
    expect(body.id).toBeNull();
    expect(tables()).toEqual(before);
    // an empty honeypot is what real browsers send
    expect((await postJson(`${base}/api/countries/de/experiences`, { ...validExperience, website: "" })).status).toBe(
      201,
    );
  });
});

describe("bad-input corpus: rejected, with field errors, and nothing stored", () => {
  const cases: Array<[string, unknown, number, string[]?]> = [
    ["missing everything", {}, 400, ["role_family", "seniority", "residency", "mood"]],
    ["role family not in the list", { ...validExperience, role_family: "Astronaut" }, 400, ["role_family"]],
    ["seniority not in the list", { ...validExperience, seniority: "CEO" }, 400, ["seniority"]],
    ["residency wrong case", { ...validExperience, residency: "local resident" }, 400, ["residency"]],
    ["mood 0", { ...validExperience, mood: 0 }, 400, ["mood"]],
    ["mood 6", { ...validExperience, mood: 6 }, 400, ["mood"]],
    ["mood 2.5", { ...validExperience, mood: 2.5 }, 400, ["mood"]],
    ["mood as a string", { ...validExperience, mood: "4" }, 400, ["mood"]],
    ["mood null", { ...validExperience, mood: null }, 400, ["mood"]],
    ["local_language as a string", { ...validExperience, local_language: "yes" }, 400, ["local_language"]],
    ["comment as a number", { ...validExperience, comment: 42 }, 400, ["comment"]],
    ["comment over 1000 characters", { ...validExperience, comment: "x".repeat(1001) }, 400, ["comment"]],
    ["role family as an array", { ...validExperience, role_family: ["IT/Engineering"] }, 400, ["role_family"]],
    ["SQL in an option field", { ...validExperience, seniority: "Senior' OR '1'='1" }, 400, ["seniority"]],
    ["a JSON array", [validExperience], 400, ["body"]],
    ["JSON null (not an object)", "null", 400],
    ["a JSON string", '"hello"', 400],
    ["malformed JSON", '{"role_family": "Product",', 400],
    ["truncated JSON", "{", 400],
  ];
  for (const [name, body, status, fields] of cases) {
    it(name, async () => {
      const before = tables();
      const r = await postJson(`${base}/api/countries/de/experiences`, body);
      expect(r.status).toBe(status);
      expect(typeof r.body.error.code).toBe("string");
      expect(typeof r.body.error.message).toBe("string");
      if (fields) expect(Object.keys(r.body.error.details).sort()).toEqual([...fields].sort());
      expect(tables()).toEqual(before);
    });
  }

  it("malformed JSON is reported as such", async () => {
    const r = await postJson(`${base}/api/countries/de/experiences`, "{nope");
    expect(r.body.error.code).toBe("invalid_json");
  });

  it("a comment of exactly 1000 characters after trimming is accepted", async () => {
    const r = await postJson(`${base}/api/countries/de/experiences`, {
      ...validExperience,
      comment: `  ${"y".repeat(1000)}  `,
    });
    expect(r.status).toBe(201);
    expect(r.body.comment).toHaveLength(1000);
  });

  it("oversized bodies are 413", async () => {
    const before = tables();
    const r = await postJson(`${base}/api/countries/de/experiences`, {
      ...validExperience,
      comment: "z".repeat(40_000),
    });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("payload_too_large");
    const w = await postJson(`${base}/api/waiting-list`, {
      name: "A",
      email: "a@b.example",
      message: "m".repeat(40_000),
      service: "cv-upgrade",
    });
    expect(w.status).toBe(413);
    expect(tables()).toEqual(before);
  });

  it("non-JSON bodies are 415", async () => {
    const before = tables();
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "role_family=Product&mood=3"],
      ["text/plain", JSON.stringify(validExperience)],
      ["multipart/form-data; boundary=x", "--x--"],
    ] as const) {
      const r = await getJson(`${base}/api/countries/de/experiences`, {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      expect(r.status, type).toBe(415);
      expect(r.body.error.code).toBe("unsupported_media_type");
    }
    const none = await getJson(`${base}/api/waiting-list`, { method: "POST", body: "x" });
    expect(none.status).toBe(415);
    expect(tables()).toEqual(before);
  });
});

describe("POST /api/waiting-list", () => {
  const valid = {
    name: "Ana Novak",
    email: "ana@example.com",
    phone: "+386 40 123 456",
    message: "I would like help with interviews.",
    service: "career-consultant",
  };

  it("stores a request with an ISO timestamp and answers 201 without echoing personal data", async () => {
    const before = s.count("waiting_list");
    const { status, body } = await postJson(`${base}/api/waiting-list`, valid);
    expect(status).toBe(201);
    expect(body).toMatchObject({ ok: true, service: "career-consultant" });
    expect(body.id).toBeGreaterThan(0);
    expect(body.email).toBeUndefined();
    expect(s.count("waiting_list")).toBe(before + 1);
    const row = s.db.prepare("SELECT * FROM waiting_list WHERE id = ?").get(body.id) as Record<string, string>;
    expect(row).toMatchObject({
      name: "Ana Novak",
      email: "ana@example.com",
      phone: "+386 40 123 456",
      service: "career-consultant",
    });
    expect(new Date(row.created_at!).toISOString()).toBe(row.created_at);
  });

  it("phone is optional; the page titles are accepted as the service", async () => {
    const { phone: _p, ...noPhone } = valid;
    const a = await postJson(`${base}/api/waiting-list`, { ...noPhone, service: "Upgrade Your CV" });
    expect(a.status).toBe(201);
    expect(a.body.service).toBe("cv-upgrade");
    const b = await postJson(`${base}/api/waiting-list`, { ...valid, phone: "", service: "Book a Career Consultant" });
    expect(b.body.service).toBe("career-consultant");
    expect(
      (s.db.prepare("SELECT phone FROM waiting_list WHERE id = ?").get(b.body.id) as { phone: string | null }).phone,
    ).toBeNull();
  });

  const bad: Array<[string, unknown, string[]]> = [
    ["missing everything", {}, ["name", "email", "message", "service"]],
    ["invalid email", { ...valid, email: "not-an-email" }, ["email"]],
    ["blank name", { ...valid, name: "   " }, ["name"]],
    ["blank message", { ...valid, message: "" }, ["message"]],
    ["unknown service", { ...valid, service: "tarot-reading" }, ["service"]],
    ["phone with letters", { ...valid, phone: "call me maybe" }, ["phone"]],
    ["email as a number", { ...valid, email: 12 }, ["email"]],
    ["SQL in the email", { ...valid, email: "x' OR 1=1 --@x" }, ["email"]],
  ];
  for (const [name, body, fields] of bad) {
    it(`rejects: ${name}`, async () => {
      const before = tables();
      const r = await postJson(`${base}/api/waiting-list`, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("invalid_request");
      expect(Object.keys(r.body.error.details).sort()).toEqual([...fields].sort());
      expect(tables()).toEqual(before);
    });
  }

  it("the honeypot answers 201 and stores nothing", async () => {
    const before = tables();
    const r = await postJson(`${base}/api/waiting-list`, { ...valid, website: "spam" });
    expect(r.status).toBe(201);
    expect(tables()).toEqual(before);
  });
});

describe("concurrency", () => {
  it("stores several hundred concurrent experience posts exactly once each", async () => {
    const before = s.count("experiences");
    const n = 400;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        postJson(`${base}/api/countries/nl/experiences`, {
          ...validExperience,
          mood: (i % 5) + 1,
          comment: `concurrent ${i}`,
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(n);
    expect(s.count("experiences")).toBe(before + n);
    const comments = s.db
      .prepare("SELECT comment FROM experiences WHERE country_code = 'NL'")
      .pluck()
      .all() as string[];
    expect(new Set(comments).size).toBe(n);
    const { body } = await getJson(`${base}/api/countries/nl/experiences`);
    expect(body.summary).toMatchObject({ count: n, frustrated: 160, neutral: 80, positive: 160, average_mood: 3 });
  });
});

describe("rate limits (per client, experiences and waiting list separately)", () => {
  let server: Server;
  let limited: string;
  beforeAll(async () => {
    // Counters are kept in the database (shared with the first app): start these limits from zero.
    s.db.prepare("DELETE FROM rate_limits").run();
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: {
        ...s.config,
        rateLimits: {
          experiences: { limit: 3, windowMs: 60_000 },
          waitingList: { limit: 2, windowMs: 60_000 },
          contact: { limit: 2, windowMs: 60_000 },
          login: { limit: 100, windowMs: 60_000 },
        },
      },
    });
    server = await listenLocal(app);
    limited = origin(server);
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("answers 429 with a clear message once the limit is used up, and stores nothing more", async () => {
    for (let i = 0; i < 3; i++)
      expect((await postJson(`${limited}/api/countries/be/experiences`, validExperience)).status).toBe(201);
    const before = tables();
    const r = await postJson(`${limited}/api/countries/be/experiences`, validExperience);
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("rate_limited");
    expect(r.body.error.message).toMatch(/try again in/i);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(tables()).toEqual(before);

    // the waiting list has its own budget
    const wl = { name: "Bo", email: "bo@example.com", message: "Hello", service: "cv-upgrade" };
    expect((await postJson(`${limited}/api/waiting-list`, wl)).status).toBe(201);
    expect((await postJson(`${limited}/api/waiting-list`, wl)).status).toBe(201);
    const w = await postJson(`${limited}/api/waiting-list`, wl);
    expect(w.status).toBe(429);
    expect(w.body.error.code).toBe("rate_limited");
    // reads are never limited
    expect((await getJson(`${limited}/api/countries/be/experiences`)).status).toBe(200);
  });
});

describe("refused posts do not use up a visitor's budget; they have a larger one of their own", () => {
  let server: Server;
  let limited: string;
  const FAILED_CAP = 12;
  beforeAll(async () => {
    s.db.prepare("DELETE FROM rate_limits").run();
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: {
        ...s.config,
        // The test server trusts the loopback proxy (JWI_TRUST_PROXY's default): X-Forwarded-For names the client.
        trustProxy: "loopback",
        rateLimits: {
          experiences: { limit: 3, windowMs: 60_000 },
          waitingList: { limit: 2, windowMs: 3_600_000 },
          contact: { limit: 2, windowMs: 3_600_000 },
          login: { limit: 100, windowMs: 60_000 },
          failedPosts: { limit: FAILED_CAP, windowMs: 600_000 },
        },
      },
    });
    server = await listenLocal(app);
    limited = origin(server);
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  const contact = { name: "Ana", email: "ana@example.com", topic: "feedback", message: "Hello" };
  const forms: Array<{ name: string; path: string; valid: object; invalid: object; budget: number; client: string }> = [
    {
      name: "experiences",
      path: "/api/countries/be/experiences",
      valid: validExperience,
      invalid: { ...validExperience, mood: 9 },
      budget: 3,
      client: "198.51.100.1",
    },
    {
      name: "waiting list (CV upgrade)",
      path: "/api/waiting-list",
      valid: { name: "Bo", email: "bo@example.com", message: "Hi", service: "cv-upgrade" },
      invalid: { name: "Bo", email: "not-an-email", message: "Hi", service: "cv-upgrade" },
      budget: 2,
      client: "198.51.100.2",
    },
    {
      name: "waiting list (career consultant)",
      path: "/api/waiting-list",
      valid: { name: "Bo", email: "bo@example.com", message: "Hi", service: "career-consultant" },
      invalid: { name: "", email: "bo@example.com", message: "Hi", service: "career-consultant" },
      budget: 2,
      client: "198.51.100.3",
    },
    {
      name: "contact",
      path: "/api/contact",
      valid: contact,
      invalid: { ...contact, email: "typo" },
      budget: 2,
      client: "198.51.100.4",
    },
  ];

  for (const f of forms) {
    it(`${f.name}: six refused posts, then every accepted post of the budget goes through; the next one is 429`, async () => {
      const from = { "x-forwarded-for": f.client };
      for (let i = 0; i < 6; i++) expect((await postJson(`${limited}${f.path}`, f.invalid, from)).status).toBe(400);
      for (let i = 0; i < f.budget; i++)
        expect((await postJson(`${limited}${f.path}`, f.valid, from)).status).toBe(201);
      const over = await postJson(`${limited}${f.path}`, f.valid, from);
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe("rate_limited");
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  }

  it("a flood of refused posts is stopped after the failed-post cap, on every form, for that client only", async () => {
    const from = { "x-forwarded-for": "203.0.113.9" };
    const before = tables();
    // Refusals of any kind and on any form count together: bad fields, an unknown country, a wrong media type.
    for (let i = 0; i < FAILED_CAP; i++) {
      const r =
        i % 3 === 0
          ? await postJson(`${limited}/api/countries/xx/experiences`, validExperience, from)
          : i % 3 === 1
            ? await postJson(`${limited}/api/waiting-list`, { service: "cv-upgrade" }, from)
            : await getJson(`${limited}/api/contact`, {
                method: "POST",
                headers: { "content-type": "text/plain", ...from },
                body: "garbage",
              });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(429);
    }
    for (const f of forms) {
      const r = await postJson(`${limited}${f.path}`, f.valid, from);
      expect(r.status).toBe(429);
      expect(r.body.error.message).toMatch(
        /^Too many of your posts were refused in a short time\. Please try again in \d+ minutes\.$/,
      );
    }
    expect(tables()).toEqual(before);
    // Another client is not concerned.
    expect(
      (
        await postJson(`${limited}/api/countries/be/experiences`, validExperience, {
          "x-forwarded-for": "203.0.113.10",
        })
      ).status,
    ).toBe(201);
  });
});
