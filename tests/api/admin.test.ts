// Operator routes: the session wall, login and its limit, uploads (JSON body and multipart) through the same
// pipeline function as the CLI, recalc, the one-job lock (409), pause, waiting list + CSV, moderation, audit.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_MODEL_ID } from "../../pipeline/model/current.ts";
import { createApp } from "../../api/app.ts";
import { acquireJobLock } from "../../pipeline/jobs/lock.ts";
import {
  ADMIN_PASSWORD,
  FIXTURES,
  getJson,
  login,
  postJson,
  startTestServer,
  validExperience,
  type TestServer,
} from "./helpers.ts";
import { ADMIN_ROUTES } from "./admin-routes.ts";
import { listenLocal, origin } from "../helpers/listen.ts";

let s: TestServer;
let base: string;
let cookie: string;
/** Countries the uploaded vacancy file covers. */
let vacancyCountries: string[] = [];
const UPLOAD_MAX = 200 * 1024;
/** Control and bidirectional characters, which operator-facing text is stored without. */
const CONTROL_OR_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

const realFile = (name: string) => path.join(FIXTURES, "real/eurostat", name);
const admin = (p: string) => `${base}/api/admin${p}`;
const authed = (extra: Record<string, string> = {}) => ({ cookie, ...extra });

async function observationCount(): Promise<number> {
  const { body } = await getJson(admin("/status"), { headers: authed() });
  return (body.data as Array<{ observations: number }>).reduce((a, r) => a + r.observations, 0);
}

function multipart(file: string | { name: string; bytes: Buffer }, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const name = typeof file === "string" ? path.basename(file) : file.name;
  const bytes = typeof file === "string" ? readFileSync(file) : file.bytes;
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return form;
}

async function upload(form: FormData, headers: Record<string, string> = authed()) {
  return getJson(admin("/upload"), { method: "POST", headers, body: form });
}

beforeAll(async () => {
  // Two real files are held back from the seed so that uploading them through the API changes stored data.
  s = await startTestServer({
    withhold: ["jvs_q_nace2.json", "une_rt_q_SUBSET_2020Q1_2026Q2.json"],
    config: { uploadMaxBytes: UPLOAD_MAX },
  });
  base = s.url;
});
afterAll(async () => {
  await s?.stop();
});

describe("without a session", () => {
  it("every /api/admin route but login answers 401 in JSON", async () => {
    for (const [method, p] of [...ADMIN_ROUTES, ["GET", "/no-such-route"]]) {
      for (const headers of [
        {},
        { cookie: "jwi_session=forged-token-value" },
        { cookie: `jwi_session=${"A".repeat(43)}` },
      ] as Array<Record<string, string>>) {
        const r = await getJson(admin(p), {
          method,
          headers: { "content-type": "application/json", ...headers },
          body: method === "POST" ? "{}" : undefined,
        });
        expect(r.status, `${method} ${p}`).toBe(401);
        expect(r.body.error.code).toBe("unauthorized");
      }
    }
  });

  it("an upload without a session stores nothing", async () => {
    const before = await (async () => {
      cookie = await login(base);
      return observationCount();
    })();
    const r = await upload(multipart(realFile("jvs_q_nace2.json"), { data_type: "vacancy" }), {});
    expect(r.status).toBe(401);
    expect(await observationCount()).toBe(before);
  });
});

describe("login", () => {
  it("wrong credentials: 401 Invalid admin credentials, audited without the password", async () => {
    for (const body of [
      { username: "admin", password: "wrong password!" },
      { username: "root", password: ADMIN_PASSWORD },
      { username: "ADMIN", password: ADMIN_PASSWORD },
    ]) {
      const r = await postJson(admin("/login"), body);
      expect(r.status).toBe(401);
      expect(r.body.error).toEqual({ code: "invalid_credentials", message: "Invalid admin credentials" });
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    const audit = s.db.prepare("SELECT * FROM audit_log WHERE action = 'login' AND result = 'denied'").all() as Array<
      Record<string, string>
    >;
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit)).not.toContain("wrong password");
    expect(JSON.stringify(s.db.prepare("SELECT * FROM audit_log").all())).not.toContain(ADMIN_PASSWORD);
  });

  it("bad login bodies are 400 / 415", async () => {
    expect((await postJson(admin("/login"), { username: "admin" })).status).toBe(400);
    expect((await postJson(admin("/login"), "{oops")).status).toBe(400);
    const form = await getJson(admin("/login"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=admin&password=x",
    });
    expect(form.status).toBe(415);
  });

  it("success: an HttpOnly SameSite=Strict cookie on /, stored hashed, and the session route", async () => {
    const res = await fetch(admin("/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, message: "Admin access granted", username: "admin" });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^jwi_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // plain http here
    const token = /jwi_session=([^;]+)/.exec(setCookie)![1]!;
    const stored = s.db.prepare("SELECT id_hash FROM sessions").pluck().all() as string[];
    expect(stored).not.toContain(token);
    expect(stored.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);

    const session = await getJson(admin("/session"), { headers: { cookie: `jwi_session=${token}` } });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ authenticated: true, username: "admin" });
  });

  it("the cookie is Secure behind HTTPS (trusted proxy) or when configured", async () => {
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: { ...s.config, trustProxy: "loopback" },
    });
    const server: Server = await listenLocal(app);
    try {
      const url = `${origin(server)}/api/admin/login`;
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
        body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
      });
      expect(res.headers.get("set-cookie")).toMatch(/; Secure/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("a cross-site Origin is refused on operator writes (CSRF defence in depth)", async () => {
    const r = await postJson(
      admin("/login"),
      { username: "admin", password: ADMIN_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(r.status).toBe(403);
    const p = await postJson(admin("/publication"), { paused: true }, { ...authed(), origin: "https://evil.example" });
    expect(p.status).toBe(403);
    const same = await postJson(admin("/publication"), { paused: false }, { ...authed(), origin: base });
    expect(same.status).toBe(200);
  });

  it("operator writes must be JSON or multipart (415 otherwise)", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const r = await getJson(admin("/recalculate"), {
        method: "POST",
        headers: authed({ "content-type": type }),
        body: "",
      });
      expect(r.status, type).toBe(415);
    }
    const none = await getJson(admin("/logout"), { method: "POST", headers: authed() });
    expect(none.status).toBe(415);
    expect((await getJson(admin("/session"), { headers: authed() })).status).toBe(200); // still logged in
  });
});

describe("upload", () => {
  it("JSON body {data_type, source: eurostat, payload}: a real file changes stored data", async () => {
    const before = await observationCount();
    const payload = JSON.parse(readFileSync(realFile("jvs_q_nace2.json"), "utf8"));
    const r = await postJson(admin("/upload"), { data_type: "vacancy", source: "eurostat", payload }, authed());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data_type: "vacancy", strict_mode: false, tolerance_pp: 0.5 });
    for (const k of [
      "processed",
      "inserted",
      "updated",
      "unchanged",
      "skippedMissing",
      "rows_upserted",
      "unknownHeaders",
      "warnings",
      "latest_samples",
      "notes",
    ]) {
      expect(r.body).toHaveProperty(k);
    }
    expect(r.body.inserted).toBeGreaterThan(0);
    expect(await observationCount()).toBe(before + r.body.inserted);
    vacancyCountries = r.body.latest_samples.map((x: { country: string }) => x.country);
    expect(vacancyCountries.length).toBeGreaterThan(0);

    // one audit entry: the operator, through the operator page, ok, with what changed
    const entry = s.db
      .prepare("SELECT actor, result, target, detail FROM audit_log WHERE action = 'upload' ORDER BY id DESC")
      .all() as Array<{
      actor: string;
      result: string;
      target: string;
      detail: string;
    }>;
    expect(entry).toHaveLength(1);
    expect(entry[0]).toMatchObject({ actor: "admin", result: "ok", target: "vacancy" });
    expect(JSON.parse(entry[0]!.detail)).toMatchObject({
      door: "operator page",
      inserted: r.body.inserted,
      updated: 0,
    });

    // the same file again: idempotent
    const again = await postJson(admin("/upload"), { data_type: "vacancy", source: "eurostat", payload }, authed());
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, inserted: 0, updated: 0 });
  });

  it("multipart .json and .xlsx files go through the same pipeline function", async () => {
    const before = await observationCount();
    const q = await upload(multipart(realFile("une_rt_q_SUBSET_2020Q1_2026Q2.json"), { data_type: "unemployment" }));
    expect(q.status).toBe(200);
    expect(q.body.success).toBe(true);
    expect(q.body.inserted).toBeGreaterThan(0);
    const lmb = await upload(
      multipart(path.join(FIXTURES, "synthetic/barometer/lmb-months-down.xlsx"), { data_type: "lmb" }),
    );
    expect(lmb.status).toBe(200);
    expect(lmb.body).toMatchObject({ success: true, data_type: "lmb" });
    expect(lmb.body.inserted).toBeGreaterThan(0);
    expect(lmb.body.unknownHeaders).toContain("Atlantis");
    expect(await observationCount()).toBe(before + q.body.inserted + lmb.body.inserted);
  });

  it("youth unemployment uploads as its own data type; as unemployment the file is refused, naming the right type", async () => {
    // The real age CSV's header and Spain's rows (under the test's upload limit): 100 months of each age group.
    const lines = readFileSync(
      realFile("une_rt_m_SDMX-CSV_labels_EU27_Y_LT25_Y25-74_2021-12_2026-01.csv"),
      "utf8",
    ).split(/\r?\n/);
    const spain = [lines[0]!, ...lines.filter((l) => l.includes(",Spain,"))].join("\r\n") + "\r\n";
    const youthCsv = { name: "une_rt_m_ES_by_age.csv", bytes: Buffer.from(spain) };
    const before = await observationCount();
    const wrong = await upload(multipart(youthCsv, { data_type: "unemployment" }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/upload the file with data type youth_unemployment/);
    expect(await observationCount()).toBe(before);
    const r = await upload(multipart(youthCsv, { data_type: "youth_unemployment" }));
    expect(r.status).toBe(200);
    // The bundle already holds these (the seed loads the whole file): the same values, nothing new.
    expect(r.body).toMatchObject({
      success: true,
      data_type: "youth_unemployment",
      table: "une_rt_m",
      processed: 50,
      inserted: 0,
      unchanged: 50,
    });
    expect(r.body.latest_samples).toEqual([{ country: "ES", period: "2026-01", value: 23.5 }]);
    expect(await observationCount()).toBe(before);
  });

  it("dry runs store nothing; the file's name is stored cleaned in the audit log", async () => {
    const before = await observationCount();
    // A name with bidirectional controls: the audit log keeps it cleaned (the describe "operator-facing text is
    // stored cleaned" below), checked on this upload rather than on a job of its own.
    const file = {
      name: "lmb\u202E-months\u2066.xlsx",
      bytes: readFileSync(path.join(FIXTURES, "synthetic/barometer/lmb-months-across.xlsx")),
    };
    const r = await upload(multipart(file, { data_type: "lmb", dry_run: "true" }));
    expect(r.status).toBe(200);
    expect(r.body.dry_run).toBe(true);
    expect(await observationCount()).toBe(before);
    const { body } = await getJson(admin("/audit?action=upload&limit=1"), { headers: authed() });
    expect(body.items[0].detail).toMatchObject({ file: "lmb-months.xlsx", dry_run: true });
    expect(JSON.stringify(body)).not.toMatch(CONTROL_OR_BIDI);
  });

  it("rejected files answer 400 with the upload result and store nothing", async () => {
    const expected = JSON.parse(readFileSync(path.join(FIXTURES, "broken/expected.json"), "utf8")) as Array<{
      file: string;
      type: string;
      message: string;
    }>;
    const before = await observationCount();
    for (const e of expected) {
      const r = await upload(multipart(path.join(FIXTURES, "broken", e.file), { data_type: e.type }));
      expect(r.status, e.file).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: e.message, inserted: 0, updated: 0 });
    }
    const unknownType = await upload(multipart(realFile("une_rt_m.json"), { data_type: "weather" }));
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.success).toBe(false);
    const wrongExt = await upload(multipart(realFile("une_rt_m.json"), { data_type: "lmb" }));
    expect(wrongExt.status).toBe(400);
    expect(wrongExt.body.error).toMatch(/XLSX/i);
    expect(await observationCount()).toBe(before);
    const audit = s.db
      .prepare("SELECT count(*) FROM audit_log WHERE action = 'upload' AND result = 'rejected'")
      .pluck()
      .get() as number;
    expect(audit).toBeGreaterThanOrEqual(expected.length + 2);
  });

  it("bad upload requests: 400 (no file, bad fields, bad JSON body), 413 (too large)", async () => {
    const before = await observationCount();
    const noFile = new FormData();
    noFile.append("data_type", "vacancy");
    const a = await upload(noFile);
    expect(a.status).toBe(400);
    expect(a.body.error.message).toBe("Please select a file");
    const b = await upload(multipart(realFile("une_rt_m.json"), { data_type: "unemployment", strict: "maybe" }));
    expect(b.status).toBe(400);
    expect(b.body.error.details).toHaveProperty("strict");
    const c = await postJson(admin("/upload"), { data_type: "vacancy", source: "other", payload: {} }, authed());
    expect(c.status).toBe(400);
    expect(c.body.error.details).toHaveProperty("source");
    const d = await postJson(admin("/upload"), { data_type: "vacancy", source: "eurostat", payload: [1, 2] }, authed());
    expect(d.status).toBe(400);
    const e = await postJson(admin("/upload"), "{not json", authed());
    expect(e.status).toBe(400);
    expect(e.body.error.code).toBe("invalid_json");
    const big = Buffer.alloc(UPLOAD_MAX + 1024, 0x20);
    const f = await upload(multipart({ name: "big.json", bytes: big }, { data_type: "unemployment" }));
    expect(f.status).toBe(413);
    const g = await postJson(
      admin("/upload"),
      `{"data_type":"vacancy","source":"eurostat","payload":{"x":"${"y".repeat(UPLOAD_MAX)}"}}`,
      authed(),
    );
    expect(g.status).toBe(413);
    for (const [type, body] of [
      ["multipart/form-data", "x"],
      ["multipart/form-data; boundary=zz", '--zz\r\nContent-Disposition: form-data; name="data_type"\r\n\r\nvac'],
    ]) {
      const broken = await getJson(admin("/upload"), {
        method: "POST",
        headers: authed({ "content-type": type! }),
        body,
      });
      expect(broken.status, type).toBe(400);
      expect(broken.body.error.code).toBe("invalid_upload");
    }
    const two = multipart(realFile("une_rt_m.json"), { data_type: "unemployment" });
    two.append("other", new Blob(["x"]), "x.json");
    expect((await upload(two)).status).toBe(400);
    expect(await observationCount()).toBe(before);
  });
});

describe("recalculate and the one-job lock", () => {
  it("recalculates and publishes: public data changes, with a new ETag", async () => {
    const before = await fetch(`${base}/api/countries`);
    const etag = before.headers.get("etag");
    const beforeBody = (await before.json()) as Array<{ code: string; confidence: string | null }>;
    const r = await postJson(admin("/recalculate"), { as_of: "2026-11-22" }, authed());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ model: CURRENT_MODEL_ID, as_of: "2026-11-22" });
    expect(r.body.countries).toHaveLength(31);
    expect(r.body.publication_id).toBeGreaterThan(1);
    const entry = s.db
      .prepare("SELECT actor, result, detail FROM audit_log WHERE action = 'recalculate' ORDER BY id DESC LIMIT 1")
      .get() as {
      actor: string;
      result: string;
      detail: string;
    };
    expect(entry).toMatchObject({ actor: "admin", result: "ok" });
    expect(JSON.parse(entry.detail)).toMatchObject({
      door: "operator page",
      publication_id: r.body.publication_id,
      countries_scored: r.body.countries_scored,
    });
    const after = await fetch(`${base}/api/countries`);
    expect(after.headers.get("etag")).not.toBe(etag);
    const afterBody = (await after.json()) as Array<{ code: string; confidence: string | null; basis: string | null }>;
    // the uploaded barometer now feeds the score: Austria is blended
    expect(afterBody.find((c) => c.code === "AT")!.basis).toBe("blended");
    expect(beforeBody.find((c) => c.code === "AT")!.confidence).not.toBeNull();
    // the uploaded vacancy file gives competition figures
    const withComp = await getJson(`${base}/api/countries/${vacancyCountries[0]}`);
    expect(withComp.body.market_panel.vacancy_rate).not.toBeNull();
    expect(withComp.body.market_panel.vacancy_period).toMatch(/^\d{4}-Q[1-4]$/);
  });

  it("recalculate with an empty JSON body uses today; a bad date is 400", async () => {
    const r = await getJson(admin("/recalculate"), {
      method: "POST",
      headers: authed({ "content-type": "application/json" }),
    });
    expect(r.status).toBe(200);
    expect(r.body.as_of).toBe(new Date().toISOString().slice(0, 10));
    const bad = await postJson(admin("/recalculate"), { as_of: "2026-02-30" }, authed());
    expect(bad.status).toBe(400);
    const bad2 = await postJson(admin("/recalculate"), { as_of: "yesterday" }, authed());
    expect(bad2.status).toBe(400);
    // The next test's last recalculation publishes 2026-11-22 again, which the concurrent ones after it repeat.
  });

  it("a second job while one runs gets 409 with a clear message; nothing is changed", async () => {
    // Another process's job (a `jwi ingest` in a terminal) holds the data directory's job lock.
    const held = await acquireJobLock(s.dataDir, "jwi ingest big-file.json");
    try {
      const before = await observationCount();
      const pubs = s.count("publications");
      const up = await upload(multipart(realFile("une_rt_m.json"), { data_type: "unemployment" }));
      expect(up.status).toBe(409);
      expect(up.body.error.code).toBe("busy");
      expect(up.body.error.message).toMatch(/running: jwi ingest big-file\.json \(pid \d+ on .+, started .+\)/);
      expect(up.body.error.details.holder).toMatchObject({ command: "jwi ingest big-file.json", pid: process.pid });
      const json = await postJson(
        admin("/upload"),
        { data_type: "vacancy", source: "eurostat", payload: { a: 1 } },
        authed(),
      );
      expect(json.status).toBe(409);
      const rc = await postJson(admin("/recalculate"), {}, authed());
      expect(rc.status).toBe(409);
      expect(s.count("publications")).toBe(pubs);
      expect(await observationCount()).toBe(before);
      const busy = s.db.prepare("SELECT count(*) FROM audit_log WHERE result = 'busy'").pluck().get() as number;
      expect(busy).toBe(3);
    } finally {
      held.release();
    }
    expect((await postJson(admin("/recalculate"), { as_of: "2026-11-22" }, authed())).status).toBe(200);
  });

  it("concurrent recalculations through the API: each one publishes or is refused as busy, never both at once", async () => {
    const before = s.count("publications");
    const results = await Promise.all(
      [1, 2, 3].map(() => postJson(admin("/recalculate"), { as_of: "2026-11-22" }, authed())),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((x) => x === 200 || x === 409),
      JSON.stringify(results.map((r) => [r.status, r.body?.error])),
    ).toBe(true);
    expect(statuses).toContain(200);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error.message).toMatch(/Another data job is running: recalc/);
    // Every 200 is one complete publication, or the current one when it found nothing changed (the same as-of
    // date and data as the recalc before it): the jobs ran one after another.
    const published = results.filter((r) => r.status === 200 && !r.body.unchanged).length;
    expect(s.count("publications")).toBe(before + published);
    expect(s.count("snapshots")).toBe(31);
  });
});

describe("upload progress (Accept: application/x-ndjson)", () => {
  const NDJSON = "application/x-ndjson";
  async function streamed(form: FormData, init: { headers?: Record<string, string>; url?: string } = {}) {
    const res = await fetch(init.url ?? admin("/upload"), {
      method: "POST",
      headers: { ...authed(), accept: NDJSON, ...init.headers },
      body: form,
    });
    const text = await res.text();
    return {
      res,
      text,
      lines: () =>
        text
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Record<string, any>),
    };
  }

  it("streams each pipeline step as it happens, then the upload result", async () => {
    const { res, lines } = await streamed(multipart(realFile("une_rt_m.json"), { data_type: "unemployment" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const all = lines();
    expect(all.slice(0, 4)).toEqual(
      ["received", "parsed", "validated", "stored"].map((step) => ({ type: "progress", step })),
    );
    expect(all).toHaveLength(5);
    expect(all[4]).toMatchObject({ type: "result", status: 200, result: { success: true, data_type: "unemployment" } });
    expect(all[4]!.result).toHaveProperty("warnings");
  });

  it("a file rejected after it was received: its steps, then the result with status 400; nothing stored", async () => {
    const before = await observationCount();
    const { res, lines } = await streamed(
      multipart(path.join(FIXTURES, "broken/ambiguous-sex.json"), { data_type: "vacancy" }),
    );
    expect(res.status).toBe(200);
    const all = lines();
    expect(all[0]).toEqual({ type: "progress", step: "received" });
    expect(all.at(-1)).toMatchObject({ type: "result", status: 400, result: { success: false, inserted: 0 } });
    expect(all.at(-1)!.result.error).toMatch(/^Ambiguous file/);
    expect(await observationCount()).toBe(before);
  });

  it("failures before the first step stay plain JSON with their status (wrong extension, busy, no session)", async () => {
    const ext = await streamed(multipart(realFile("une_rt_m.json"), { data_type: "lmb" }));
    expect(ext.res.status).toBe(400);
    expect(ext.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(ext.text)).toMatchObject({ success: false, error: "Please upload a .XLSX file" });
    const held = await acquireJobLock(s.dataDir, "jwi recalc");
    try {
      const busy = await streamed(multipart(realFile("une_rt_m.json"), { data_type: "unemployment" }));
      expect(busy.res.status).toBe(409);
      expect(JSON.parse(busy.text).error.code).toBe("busy");
    } finally {
      held.release();
    }
    const anon = await fetch(admin("/upload"), {
      method: "POST",
      headers: { accept: NDJSON },
      body: multipart(realFile("une_rt_m.json"), { data_type: "unemployment" }),
    });
    expect(anon.status).toBe(401);
  });

  it("a failure after the first step ends the stream with an error line", async () => {
    const broken = {
      ...s.pipeline,
      ingest: async (req: { onProgress?: (step: "received") => void }) => {
        req.onProgress?.("received");
        throw new Error("disk full");
      },
    } as unknown as typeof s.pipeline;
    const app = createApp({ db: s.db, pipeline: broken, logger: s.logger, config: s.config });
    const server: Server = await listenLocal(app);
    try {
      const url = `${origin(server)}/api/admin/upload`;
      const { res, lines } = await streamed(multipart(realFile("une_rt_m.json"), { data_type: "unemployment" }), {
        url,
      });
      expect(res.status).toBe(200);
      const all = lines();
      expect(all[0]).toEqual({ type: "progress", step: "received" });
      // the same error body as the error middleware (no stack trace in production)
      expect(all[1]).toMatchObject({
        type: "error",
        status: 500,
        error: { code: "internal_error", message: "Something went wrong on our side. Please try again later." },
      });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("status and publication", () => {
  it("status is the pipeline's report", async () => {
    const { status, body } = await getJson(admin("/status"), { headers: authed() });
    expect(status).toBe(200);
    expect(body.published.model).toBe(CURRENT_MODEL_ID);
    expect(body.published.countries).toHaveLength(31);
    expect(body.data.some((d: { data_type: string }) => d.data_type === "vacancy")).toBe(true);
    // No JWI_UPDATE_CRON here: "no schedule"; nothing downloaded, so no failing table.
    expect(body.schedule).toEqual({ cron: null, next_run: null });
    expect(body.tables_failing).toEqual([]);
  });

  it("pause and resume publication: health and the admin view follow", async () => {
    const p = await postJson(admin("/publication"), { paused: true, reason: "data check" }, authed());
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      paused: true,
      reason: "data check",
      updated_by: "admin",
      site_paused: true,
      site_paused_reason: "operator",
    });
    expect((await getJson(`${base}/api/health`)).body).toMatchObject({ paused: true, paused_reason: "operator" });
    expect((await getJson(admin("/publication"), { headers: authed() })).body.paused).toBe(true);
    const bad = await postJson(admin("/publication"), { paused: "yes" }, authed());
    expect(bad.status).toBe(400);
    const r = await postJson(admin("/publication"), { paused: false }, authed());
    expect(r.body.paused).toBe(false);
    expect((await getJson(`${base}/api/health`)).body).toMatchObject({ paused: false, paused_reason: null });
    const actions = s.db.prepare("SELECT action FROM audit_log WHERE action LIKE 'publication.%'").pluck().all();
    expect(actions).toEqual(expect.arrayContaining(["publication.pause", "publication.resume"]));
  });
});

describe("waiting list (operator only)", () => {
  it("lists newest first with a service filter, and exports formula-safe CSV", async () => {
    const reqs = [
      { name: "First Person", email: "first@example.com", message: "Hello", service: "career-consultant" },
      {
        name: '=HYPERLINK("http://evil.example","x")',
        email: "second@example.com",
        phone: "+49 30 1234",
        message: 'Line one\nLine "two", with comma',
        service: "cv-upgrade",
      },
      { name: "@Third", email: "third@example.com", message: "-2+3", service: "cv-upgrade" },
    ];
    for (const r of reqs) expect((await postJson(`${base}/api/waiting-list`, r)).status).toBe(201);

    const all = await getJson(admin("/waiting-list"), { headers: authed() });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((i: { email: string }) => i.email)).toEqual([
      "third@example.com",
      "second@example.com",
      "first@example.com",
    ]);
    const cv = await getJson(admin("/waiting-list?service=cv-upgrade"), { headers: authed() });
    expect(cv.body.items).toHaveLength(2);
    expect((await getJson(admin("/waiting-list?service=nope"), { headers: authed() })).status).toBe(400);

    const res = await fetch(admin("/waiting-list/export"), { headers: authed() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="waiting-list-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = (await res.text()).replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("id,created_at,service,name,email,phone,message");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).toContain(`,'@Third,`);
    expect(csv).toContain(`,'-2+3`);
    expect(csv).toContain(`,'+49 30 1234,`);
    expect(csv).toContain(`"Line one\nLine ""two"", with comma"`);
    expect(csv.endsWith("\r\n")).toBe(true);
    const cvOnly = await (
      await fetch(admin("/waiting-list/export?service=career-consultant"), { headers: authed() })
    ).text();
    expect(cvOnly).toContain("first@example.com");
    expect(cvOnly).not.toContain("third@example.com");
    const audited = s.db.prepare("SELECT action FROM audit_log WHERE action LIKE 'waiting_list.%'").pluck().all();
    expect(audited).toContain("waiting_list.export");
    expect(audited).not.toContain("waiting_list.list");
  });

  it("viewing the leads, messages, moderation and audit lists adds no audit entry; an export adds one", async () => {
    const rows = () => s.db.prepare("SELECT count(*) FROM audit_log").pluck().get() as number;
    const before = rows();
    for (const p of ["/waiting-list", "/contact-messages", "/experiences", "/audit"]) {
      expect((await getJson(admin(p), { headers: authed() })).status, p).toBe(200);
    }
    expect(rows()).toBe(before);
    expect((await fetch(admin("/contact-messages/export"), { headers: authed() })).status).toBe(200);
    expect(rows()).toBe(before + 1);
  });
});

describe("experience moderation", () => {
  it("hides and unhides: the public list and summary follow", async () => {
    const a = await postJson(`${base}/api/countries/hu/experiences`, {
      ...validExperience,
      mood: 1,
      comment: "spam spam",
    });
    const b = await postJson(`${base}/api/countries/hu/experiences`, { ...validExperience, mood: 5, comment: "fine" });
    const publicList = async () => (await getJson(`${base}/api/countries/hu/experiences`)).body;
    expect((await publicList()).summary.count).toBe(2);

    const hide = await postJson(admin(`/experiences/${a.body.id}/hide`), {}, authed());
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ id: a.body.id, hidden: true, hidden_by: "admin" });
    const after = await publicList();
    expect(after.items.map((i: { id: number }) => i.id)).toEqual([b.body.id]);
    expect(after.summary).toMatchObject({ count: 1, frustrated: 0, positive: 1, average_mood: 5 });
    expect(after.items[0]).not.toHaveProperty("hidden");

    const modList = await getJson(admin("/experiences?country=hu&hidden=true"), { headers: authed() });
    expect(modList.body.items.map((i: { id: number }) => i.id)).toEqual([a.body.id]);
    const unhide = await postJson(admin(`/experiences/${a.body.id}/unhide`), {}, authed());
    expect(unhide.body.hidden).toBe(false);
    expect((await publicList()).summary.count).toBe(2);

    expect((await postJson(admin("/experiences/999999/hide"), {}, authed())).status).toBe(404);
    expect((await postJson(admin("/experiences/abc/hide"), {}, authed())).status).toBe(404);
    expect((await getJson(admin("/experiences?country=hungary"), { headers: authed() })).status).toBe(400);
  });
});

describe("operator-facing text is stored cleaned (no control or bidirectional characters)", () => {
  it("a failed login's username is cleaned before the audit log stores it, as the operator panel reads it", async () => {
    for (const username of ["\u202Eadmin", "adm\u2066in"]) {
      const r = await postJson(admin("/login"), { username, password: "not the password" });
      expect(r.status).toBe(401);
    }
    const { status, body } = await getJson(admin("/audit?action=login&limit=2"), { headers: authed() });
    expect(status).toBe(200);
    expect(body.items.map((i: { actor: string; result: string }) => [i.actor, i.result])).toEqual([
      ["admin", "denied"],
      ["admin", "denied"],
    ]);
    expect(JSON.stringify(body)).not.toMatch(CONTROL_OR_BIDI);
    const raw = s.db
      .prepare("SELECT actor FROM audit_log WHERE action = 'login' ORDER BY id DESC LIMIT 2")
      .pluck()
      .all() as string[];
    expect(raw).toEqual(["admin", "admin"]);
  });

  // An uploaded file's name is stored cleaned: checked on the dry run of "upload" above (its one upload job).

  it("a pause reason is stored cleaned", async () => {
    const paused = await postJson(
      admin("/publication"),
      { paused: true, reason: "Data \u202Ekcehc\u202C check" },
      authed(),
    );
    expect(paused.status).toBe(200);
    expect(paused.body.reason).toBe("Data kcehc check");
    const resumed = await postJson(admin("/publication"), { paused: false }, authed());
    expect(resumed.status).toBe(200);
    const { body } = await getJson(admin("/audit?action=publication.pause&limit=1"), { headers: authed() });
    expect(body.items[0].detail).toEqual({ reason: "Data kcehc check" });
  });
});

describe("audit log and logout", () => {
  it("lists operator actions newest first", async () => {
    const { status, body } = await getJson(admin("/audit?limit=500"), { headers: authed() });
    expect(status).toBe(200);
    const actions = new Set(body.items.map((i: { action: string }) => i.action));
    for (const a of ["login", "upload", "recalculate", "publication.pause", "experience.hide", "waiting_list.export"])
      expect(actions).toContain(a);
    const ids = body.items.map((i: { id: number }) => i.id);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
    const upload = body.items.find(
      (i: { action: string; result: string }) => i.action === "upload" && i.result === "ok",
    );
    expect(upload).toMatchObject({ actor: "admin" });
    expect(upload.detail).toHaveProperty("inserted");
    expect((await getJson(admin("/audit?limit=0"), { headers: authed() })).status).toBe(400);
    expect((await getJson(admin("/waiting-list?limit=abc"), { headers: authed() })).status).toBe(400);
    const filtered = await getJson(admin("/audit?action=login"), { headers: authed() });
    expect(filtered.body.items.every((i: { action: string }) => i.action === "login")).toBe(true);
  });

  it("logout deletes the session: the cookie no longer works", async () => {
    const sessions = s.count("sessions");
    const r = await postJson(admin("/logout"), {}, authed());
    expect(r.status).toBe(200);
    expect(r.headers.get("set-cookie")).toMatch(/jwi_session=;/);
    expect(s.count("sessions")).toBe(sessions - 1);
    expect((await getJson(admin("/session"), { headers: authed() })).status).toBe(401);
    expect((await getJson(admin("/status"), { headers: authed() })).status).toBe(401);
  });

  it("an expired session is refused", async () => {
    const c = await login(base);
    s.db.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    expect((await getJson(admin("/session"), { headers: { cookie: c } })).status).toBe(401);
  });

  it("a session lasts its lifetime on the real clock, whatever month the app reads its data at (tests pin that clock)", async () => {
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: s.config,
      now: () => new Date("2026-01-01T00:00:00.000Z"),
    });
    const server: Server = await listenLocal(app);
    try {
      const other = origin(server);
      const c = await login(other);
      const session = await getJson(`${other}/api/admin/session`, { headers: { cookie: c } });
      expect(session.status).toBe(200);
      const ttl = Date.parse(session.body.expires_at) - Date.now();
      expect(ttl).toBeGreaterThan(s.config.sessionTtlMs - 60_000);
      expect(ttl).toBeLessThanOrEqual(s.config.sessionTtlMs);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("login brute force", () => {
  const limitedApp = async () => {
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: { ...s.config, rateLimits: { ...s.config.rateLimits, login: { limit: 5, windowMs: 60_000 } } },
    });
    return listenLocal(app);
  };

  it("reaches 429 after the configured number of failures; successful logins do not count", async () => {
    // The counters live in the serving database: start from zero (earlier tests failed logins on purpose).
    s.db.prepare("DELETE FROM rate_limits").run();
    const server = await limitedApp();
    try {
      const url = `${origin(server)}/api/admin/login`;
      for (let i = 0; i < 3; i++)
        expect((await postJson(url, { username: "admin", password: ADMIN_PASSWORD })).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await postJson(url, { username: "admin", password: `guess-${i}` })).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      const last = await postJson(url, { username: "admin", password: ADMIN_PASSWORD });
      expect(last.status).toBe(429); // even the right password waits out the window
      expect(last.body.error.code).toBe("rate_limited");
      expect(last.body.error.message).toMatch(/Too many failed login attempts/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("keeps counting across a restart: a new server on the same data still refuses, and stores no client address", async () => {
    const restarted = await limitedApp();
    try {
      const url = `${origin(restarted)}/api/admin/login`;
      expect((await postJson(url, { username: "admin", password: "another-guess" })).status).toBe(429);
      const clients = s.db.prepare("SELECT client FROM rate_limits WHERE bucket = 'login'").pluck().all() as string[];
      expect(clients.length).toBeGreaterThan(0);
      expect(clients.some((c) => c.includes("127.0.0.1"))).toBe(false);
    } finally {
      await new Promise((r) => restarted.close(r));
    }
  });
});

describe("login back-off per account (docs/decisions/011-login-backoff.md)", () => {
  // Many client addresses: the test server trusts its loopback proxy (JWI_TRUST_PROXY's default), so
  // X-Forwarded-For names the client. The per-address limit is lifted to show the per-account one alone.
  const open = async () =>
    listenLocal(
      createApp({
        db: s.db,
        pipeline: s.pipeline,
        logger: s.logger,
        config: {
          ...s.config,
          trustProxy: "loopback",
          rateLimits: { ...s.config.rateLimits, login: { limit: 1000, windowMs: 60_000 } },
        },
      }),
    );
  const attempt = (url: string, from: string, password: string) =>
    postJson(`${url}/api/admin/login`, { username: "admin", password }, { "x-forwarded-for": from });
  const OPERATOR = "198.51.100.77";
  const stranger = (i: number) => `203.0.113.${i}`;

  it("backs off after 5 failures spread over many addresses (1 s, then 2 s …); the operator's known address still logs in", async () => {
    s.db.exec("DELETE FROM rate_limits; DELETE FROM login_backoff; DELETE FROM login_known_clients;");
    let server = await open();
    try {
      let url = origin(server);
      // The operator has logged in from this address before.
      expect((await attempt(url, OPERATOR, ADMIN_PASSWORD)).status).toBe(200);
      for (let i = 1; i <= 5; i++) expect((await attempt(url, stranger(i), `guess-${i}`)).status).toBe(401);

      // A sixth attempt right away is refused unchecked, whatever the address, even with the right password.
      const refused = await attempt(url, stranger(6), "guess-6");
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe("rate_limited");
      expect(refused.body.error.message).toBe(
        "Too many failed login attempts for this account. Please try again in 1 second.",
      );
      expect(refused.headers.get("retry-after")).toBe("1");
      expect((await attempt(url, stranger(7), ADMIN_PASSWORD)).status).toBe(429);

      // Once the delay is over one attempt is checked; its failure doubles the delay.
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await attempt(url, stranger(8), "guess-8")).status).toBe(401);
      const doubled = await attempt(url, stranger(9), "guess-9");
      expect(doubled.status).toBe(429);
      expect(doubled.headers.get("retry-after")).toBe("2");

      // Kept in SQLite: a restarted server still holds the account back; neither name nor address is stored.
      await new Promise((r) => server.close(r));
      server = await open();
      url = origin(server);
      expect((await attempt(url, stranger(10), "guess-10")).status).toBe(429);
      const stored =
        JSON.stringify(s.db.prepare("SELECT * FROM login_backoff").all()) +
        JSON.stringify(s.db.prepare("SELECT * FROM login_known_clients").all());
      expect(stored).not.toMatch(/admin|203\.0\.113|198\.51\.100/);

      // The real operator, from the address that logged in before: accepted while the account backs off.
      const operator = await attempt(url, OPERATOR, ADMIN_PASSWORD);
      expect(operator.status).toBe(200);
      // Its success ends the back-off: the next stranger's attempt is checked again (401, not 429).
      expect((await attempt(url, stranger(11), "guess-11")).status).toBe(401);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("a failed attempt from the known address is not held back, but counts toward the account's back-off", async () => {
    s.db.exec("DELETE FROM rate_limits; DELETE FROM login_backoff; DELETE FROM login_known_clients;");
    const server = await open();
    try {
      const url = origin(server);
      expect((await attempt(url, OPERATOR, ADMIN_PASSWORD)).status).toBe(200);
      for (let i = 0; i < 6; i++) expect((await attempt(url, OPERATOR, `typo-${i}`)).status).toBe(401);
      expect((await attempt(url, stranger(20), ADMIN_PASSWORD)).status).toBe(429);
      expect((await attempt(url, OPERATOR, ADMIN_PASSWORD)).status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
