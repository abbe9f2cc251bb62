// The server entry: environment validation, seeding an empty data dir, graceful shutdown, and the operator
// password set by `jwi admin set-password`.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_MODEL_ID } from "../../pipeline/model/current.ts";
import { configFromEnv, readApiEnv } from "../../api/env.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { setPasswordCommand } from "../../cli/commands/admin.ts";
import { getJson, postJson } from "./helpers.ts";

describe("environment", () => {
  it("reports every bad variable at once", () => {
    const bad = {
      PORT: "eighty",
      JWI_PUBLIC_ORIGIN: "not a url",
      JWI_ADMIN_PASSWORD_HASH: "hunter2",
      LOG_LEVEL: "loud",
      JWI_RATE_LOGIN_MAX: "-1",
      JWI_FEED_TAG: "https://jobweather.example",
      JWI_COOKIE_SECURE: "maybe",
    };
    let message = "";
    try {
      readApiEnv(bad);
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of Object.keys(bad)) expect(message).toContain(name);
    expect(message).not.toContain("hunter2");
  });

  it("startServer refuses to start with a bad environment, before touching the data dir", async () => {
    const dir = path.join(os.tmpdir(), `jwi-never-created-${process.pid}`);
    await expect(startServer({ env: { PORT: "70000", JWI_DATA_DIR: dir }, handleSignals: false })).rejects.toThrow(
      /PORT/,
    );
  });

  it("defaults: port 3000, no fixed origin (each request's own), admin user, limits on, leads kept 365 days", () => {
    const env = readApiEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.JWI_PUBLIC_ORIGIN).toBeUndefined();
    expect(configFromEnv(env).publicOrigin).toBeNull();
    expect(env.JWI_ADMIN_USERNAME).toBe("admin");
    expect(env.JWI_RATE_EXPERIENCES_MAX).toBeGreaterThan(0);
    expect(configFromEnv(env).rateLimits.contact).toEqual({ limit: 5, windowMs: 3_600_000 });
    expect(configFromEnv(env).rateLimits.failedPosts).toEqual({ limit: 100, windowMs: 600_000 });
    expect(
      configFromEnv(readApiEnv({ JWI_RATE_CONTACT_MAX: "0", JWI_RATE_CONTACT_WINDOW_S: "60" })).rateLimits.contact,
    ).toEqual({ limit: 0, windowMs: 60_000 });
    expect(configFromEnv(env).leadsRetentionDays).toBe(365);
    expect(readApiEnv({ JWI_PUBLIC_ORIGIN: "https://jobweather.example/" }).JWI_PUBLIC_ORIGIN).toBe(
      "https://jobweather.example",
    );
    expect(configFromEnv(env).feedTag).toBeNull();
    expect(configFromEnv(readApiEnv({ JWI_FEED_TAG: "JobWeather.example,2026-03" })).feedTag).toBe(
      "jobweather.example,2026-03",
    );
    expect(configFromEnv(readApiEnv({ JWI_FEED_TAG: "feeds@jobweather.example,2026" })).feedTag).toBe(
      "feeds@jobweather.example,2026",
    );
  });

  it("production needs JWI_PUBLIC_ORIGIN, and says so by name", () => {
    expect(() => readApiEnv({ NODE_ENV: "production" })).toThrow(
      /JWI_PUBLIC_ORIGIN: required when NODE_ENV=production/,
    );
    // Reported together with every other bad variable.
    expect(() => readApiEnv({ NODE_ENV: "production", PORT: "eighty" })).toThrow(
      /PORT[\s\S]*JWI_PUBLIC_ORIGIN|JWI_PUBLIC_ORIGIN[\s\S]*PORT/,
    );
    expect(
      readApiEnv({ NODE_ENV: "production", JWI_PUBLIC_ORIGIN: "https://jobweather.example" }).JWI_PUBLIC_ORIGIN,
    ).toBe("https://jobweather.example");
    for (const NODE_ENV of ["development", "test"]) expect(readApiEnv({ NODE_ENV }).JWI_PUBLIC_ORIGIN).toBeUndefined();
  });

  it("startServer refuses to start in production without JWI_PUBLIC_ORIGIN, before touching the data dir", async () => {
    const dir = path.join(os.tmpdir(), `jwi-never-created-prod-${process.pid}`);
    await expect(
      startServer({ env: { NODE_ENV: "production", JWI_DATA_DIR: dir }, handleSignals: false }),
    ).rejects.toThrow(/JWI_PUBLIC_ORIGIN/);
    expect(existsSync(dir)).toBe(false);
  });
});

describe("a fresh data dir", () => {
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-api-server-"));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is seeded from the bundled real fixtures and serves scores", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir,
      env: { LOG_LEVEL: "silent", JWI_ADMIN_PASSWORD_HASH: undefined },
      handleSignals: true,
      siteHandler: async (req, res, next) => {
        if (req.path !== "/slow") return next();
        await gate;
        res.type("text/plain").send("finished");
      },
    });
    const health = await getJson(`${server.url}/api/health`);
    expect(health.body).toMatchObject({
      ok: true,
      model: CURRENT_MODEL_ID,
      as_of: new Date().toISOString().slice(0, 10),
    });
    expect(health.body.countries_scored).toBeGreaterThan(0);
    const sources = server.db
      .prepare("SELECT source_table || ' ' || data_type FROM source_status ORDER BY 1")
      .pluck()
      .all();
    expect(sources).toEqual([
      "ecfin_eei expectations",
      // The data browser's vacancy workbook (model v2.3): vacancy rates, and the NACE aggregates as sector context.
      "ei_lmjv_q_r2 sector_vacancy",
      "ei_lmjv_q_r2 vacancy",
      "jvs_q_nace2 vacancy",
      "jvs_q_r21 vacancy",
      "namq_10_gdp gdp",
      "prc_hicp_manr inflation",
      "prc_hicp_minr inflation",
      "une_rt_m unemployment",
      "une_rt_m youth_unemployment",
      "une_rt_q unemployment",
    ]);

    // no password configured: every login is refused
    expect(
      (await postJson(`${server.url}/api/admin/login`, { username: "admin", password: "anything at all" })).status,
    ).toBe(401);
    // four strangers' guesses from other addresses make five failures: the account backs off, the next attempt waits…
    for (let i = 1; i <= 4; i++) {
      const guess = await postJson(
        `${server.url}/api/admin/login`,
        { username: "admin", password: `guess ${i}` },
        { "x-forwarded-for": `203.0.113.${i}` },
      );
      expect(guess.status).toBe(401);
    }
    expect(
      (await postJson(`${server.url}/api/admin/login`, { username: "admin", password: "anything at all" })).status,
    ).toBe(429);

    // `jwi admin set-password` (stdin not a TTY) stores an argon2id hash that the running server uses
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on("data", (c) => chunks.push(String(c)));
    await setPasswordCommand({
      stdin: Readable.from(["a long operator password\n"]),
      stdout: out,
      stderr: new PassThrough(),
      env: { JWI_DATA_DIR: dataDir },
    });
    expect(chunks.join("")).toMatch(/Operator password set/);
    const stored = server.db.prepare("SELECT password_hash FROM admin_credentials").pluck().get() as string;
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain("a long operator password");
    // …and set-password ends that back-off: the operator logs in at once, from an address never used before
    expect(server.db.prepare("SELECT count(*) FROM login_backoff").pluck().get()).toBe(0);
    expect(
      (await postJson(`${server.url}/api/admin/login`, { username: "admin", password: "a long operator password" }))
        .status,
    ).toBe(200);
    await expect(
      setPasswordCommand({
        stdin: Readable.from(["short\n"]),
        stdout: out,
        stderr: out,
        env: { JWI_DATA_DIR: dataDir },
      }),
    ).rejects.toThrow(/at least 12/);

    // on a TTY: asked twice without echo; a mismatch changes nothing, a match replaces the hash
    const tty = (input: string) => Object.assign(Readable.from([input]), { isTTY: true, setRawMode: () => undefined });
    const prompts = new PassThrough();
    const shown: string[] = [];
    prompts.on("data", (c) => shown.push(String(c)));
    await expect(
      setPasswordCommand({
        stdin: tty("first password 1\rother password 2\r"),
        stdout: out,
        stderr: prompts,
        env: { JWI_DATA_DIR: dataDir },
      }),
    ).rejects.toThrow(/differ/);
    expect(server.db.prepare("SELECT password_hash FROM admin_credentials").pluck().get()).toBe(stored);
    await setPasswordCommand({
      stdin: tty("second password 2\x7f3\rsecond password 3\r"),
      stdout: out,
      stderr: prompts,
      env: { JWI_DATA_DIR: dataDir },
    });
    expect(shown.join("")).toContain("New operator password: ");
    expect(shown.join("")).toContain("Repeat the password: ");
    expect(shown.join("")).not.toContain("second password");
    expect(
      (await postJson(`${server.url}/api/admin/login`, { username: "admin", password: "second password 3" })).status,
    ).toBe(200);

    // SIGTERM: the in-flight request finishes, then the server and databases close
    const inflight = fetch(`${server.url}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    process.emit("SIGTERM", "SIGTERM");
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow(); // no new connections
    release();
    expect(await inflight).toBe("finished");
    await server.closed;
    expect(server.db.open).toBe(false);
  });
});
