// Headers and text on the real server (with the site): Permissions-Policy everywhere; styles only with the
// page's nonce (style attributes excepted); a Secure session cookie behind a TLS proxy on this machine (the
// default JWI_TRUST_PROXY=loopback) and not on plain http; NUL and bidi controls removed before storing.
// Before: `style-src 'unsafe-inline' https:`, no Permissions-Policy, no Secure cookie unless configured, raw NUL
// and U+202E stored and rendered. Slow clients and the connection cap: tests/timing/connections.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../e2e/harness.ts";
import {
  ADMIN_PASSWORD,
  ADMIN_USER,
  getJson,
  login,
  postJson,
  startTestServer,
  testPasswordHash,
  validExperience,
  type TestServer,
} from "../api/helpers.ts";
import { startSitePages, type SitePages } from "./site.ts";

let site: SitePages;
beforeAll(async () => {
  ensureBuilt();
  site = await startSitePages({ adminPasswordHash: await testPasswordHash() });
});
afterAll(async () => {
  await site?.close();
});

describe("security headers", () => {
  it.each([
    "/",
    "/country/de",
    "/country/de",
    "/brightest",
    "/no-such-page",
    "/sitemap.xml",
    "/api/health",
    "/api/countries/de",
    "/api/countries/de",
    "/api/nope",
  ])("GET %s sends a Permissions-Policy that switches off camera, microphone, location and payment", async (p) => {
    const res = await fetch(site.base + p);
    await res.arrayBuffer();
    const policy = res.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "browsing-topics=()"])
      expect(policy).toContain(feature);
  });

  it.each(["/", "/country/de", "/waiting-list/cv-upgrade", "/admin"])(
    "GET %s: styles only with the nonce; style attributes allowed",
    async (p) => {
      const res = await fetch(site.base + p);
      await res.arrayBuffer();
      const csp = res.headers.get("content-security-policy") ?? "";
      const directive = (name: string) =>
        csp
          .split(";")
          .map((d) => d.trim())
          .find((d) => d.split(" ")[0] === name);
      const nonce = /'nonce-([^']+)'/.exec(directive("script-src") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      expect(directive("style-src")).toBe(`style-src 'self' 'nonce-${nonce}'`);
      expect(directive("style-src-attr")).toBe("style-src-attr 'unsafe-inline'");
      expect(directive("script-src")).not.toContain("unsafe-inline");
    },
  );
});

describe("the session cookie", () => {
  async function loginCookie(headers: Record<string, string>): Promise<string> {
    const res = await fetch(`${site.base}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie") ?? "";
  }

  it("is Secure when a proxy on this machine says the request came over HTTPS (JWI_TRUST_PROXY default loopback)", async () => {
    const cookie = await loginCookie({ "x-forwarded-proto": "https" });
    expect(cookie).toMatch(/^jwi_session=/);
    expect(cookie.split(";").map((p) => p.trim())).toContain("Secure");
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });

  it("is not Secure on plain http", async () => {
    const cookie = await loginCookie({});
    expect(cookie).toMatch(/^jwi_session=/);
    expect(cookie.split(";").map((p) => p.trim())).not.toContain("Secure");
  });
});

describe("user text", () => {
  const DIRTY = "\u0000Three\u0000 interviews \u202Ein two\u202C weeks\u2066 and \u2069an \u200Boffer\u0007.";
  // The zero width space goes too (issue 49, case 8: lib/clean-text.ts removes the invisible marks).
  const CLEAN = "Three interviews in two weeks and an offer.";

  it("an experience comment is stored and shown without NUL and bidi controls", async () => {
    const r = await postJson(`${site.base}/api/countries/de/experiences`, { ...validExperience, comment: DIRTY });
    expect(r.status).toBe(201);
    expect(r.body.comment).toBe(CLEAN);
    const stored = site.db.prepare(`SELECT comment FROM experiences WHERE id = ?`).pluck().get(r.body.id) as string;
    expect(stored).toBe(CLEAN);
    const page = await (await fetch(`${site.base}/country/de`)).text();
    expect(page).toContain(CLEAN);
    expect(page).not.toMatch(/[\u0000\u202A-\u202E\u2066-\u2069]/);
  });

  it("a waiting-list name and message are stored without them, and the operator reads them clean", async () => {
    const r = await postJson(`${site.base}/api/waiting-list`, {
      name: "Ana\u0000 \u202EExample\u202C",
      email: "ana@example.org",
      message: DIRTY,
      service: "cv-upgrade",
    });
    expect(r.status).toBe(201);
    const stored = site.db.prepare(`SELECT name, message FROM waiting_list WHERE id = ?`).get(r.body.id);
    expect(stored).toEqual({ name: "Ana Example", message: CLEAN });
    const cookie = await login(site.base);
    const listed = await getJson(`${site.base}/api/admin/waiting-list`, { headers: { cookie } });
    expect(listed.body.items[0]).toMatchObject({ id: r.body.id, name: "Ana Example", message: CLEAN });
  });
});

describe("behind a proxy that is not trusted (JWI_TRUST_PROXY=false)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { JWI_TRUST_PROXY: "false" } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("with JWI_TRUST_PROXY=false, a forwarded https says nothing: the cookie is not Secure", async () => {
    const res = await fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
      body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect((res.headers.get("set-cookie") ?? "").split(";").map((p) => p.trim())).not.toContain("Secure");
  });
});
