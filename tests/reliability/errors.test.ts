// A 500 shows no stack and no path to anyone, whatever NODE_ENV says (`npm start` used to run in development
// mode and sent `details.stack` with absolute paths): the body names the request id, the same id as the
// X-Request-Id header and as the server's log line, which holds the details.
// The 500s are real: a table a route needs is dropped from the server's own database.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, login, postJson, seedDataDir, startTestServer, type TestServer } from "../api/helpers.ts";

const NO_LIMITS = {
  experiences: { limit: 0, windowMs: 60_000 },
  waitingList: { limit: 0, windowMs: 60_000 },
  contact: { limit: 0, windowMs: 60_000 },
  login: { limit: 0, windowMs: 60_000 },
  failedPosts: { limit: 0, windowMs: 60_000 },
};

interface LogLine {
  level: number;
  msg: string;
  request_id?: string;
  err?: { message: string; stack: string };
}

/** A pino logger whose lines the test reads. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: "info" }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  return { logger, lines };
}

function expectNoInternals(text: string): void {
  expect(text).not.toContain("at ");
  expect(text).not.toContain("/work/");
  expect(text).not.toContain(os.tmpdir());
  expect(text).not.toMatch(/\.ts:|\.js:|node_modules|SqliteError|no such table|stack/i);
}

let template: string;
beforeAll(async () => {
  template = mkdtempSync(path.join(os.tmpdir(), "jwi-errors-seed-"));
  await seedDataDir(template);
});
afterAll(() => {
  rmSync(template, { recursive: true, force: true });
});

describe.each([
  ["NODE_ENV unset", { NODE_ENV: undefined }],
  ["NODE_ENV=development", { NODE_ENV: "development" }],
  ["NODE_ENV=production", { NODE_ENV: "production", JWI_PUBLIC_ORIGIN: "https://jobweather.example" }],
])("a 500 with %s", (_label, env) => {
  let s: TestServer;
  let dataDir: string;
  let lines: LogLine[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-errors-"));
    cpSync(template, dataDir, { recursive: true });
    const captured = capturedLogger();
    lines = captured.lines;
    s = await startTestServer({
      dataDir,
      env: env as NodeJS.ProcessEnv,
      logger: captured.logger,
      config: { rateLimits: NO_LIMITS },
    });
  });
  afterAll(async () => {
    await s?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs in the mode asked for", () => {
    expect(s.config.env).toBe(env.NODE_ENV ?? "development");
  });

  it.each([
    [
      "POST /api/waiting-list",
      async (t: TestServer) => {
        t.db.exec(`DROP TABLE waiting_list`);
        return postJson(`${t.url}/api/waiting-list`, {
          name: "A",
          email: "a@example.org",
          message: "Hello",
          service: "cv-upgrade",
        });
      },
    ],
    [
      "GET /api/admin/audit",
      async (t: TestServer) => {
        const cookie = await login(t.url); // login writes the audit log: break it afterwards
        t.db.exec(`DROP TABLE audit_log`);
        return getJson(`${t.url}/api/admin/audit`, { headers: { cookie } });
      },
    ],
  ])(
    "%s: internal_error with the request id, no stack or path; the log has the error under that id",
    async (_route, call) => {
      const r = await call(s);
      expect(r.status).toBe(500);
      const id = r.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body).toEqual({
        error: {
          code: "internal_error",
          message: "Something went wrong on our side. Please try again later.",
          details: { request_id: id },
        },
      });
      expectNoInternals(JSON.stringify(r.body));
      const logged = lines.filter((l) => l.request_id === id && l.level >= 50);
      expect(logged).toHaveLength(1);
      expect(logged[0]!.msg).toBe("request failed");
      expect(logged[0]!.err!.message).toMatch(/no such table/);
      expect(logged[0]!.err!.stack).toMatch(/\n\s+at /);
    },
  );
});
