// Every page of the site is valid HTML: the Nu Html Checker (vnu-jar, the W3C's checker) reads the server-rendered
// pages as a visitor's browser receives them from the real server, and finds no error. One java run checks all
// pages at once; warnings are printed but do not fail. Every route of web/app/routes.ts has a page in the list.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../web/app/routes.ts";
import { unprefixedRoute } from "../../product/locales.ts";
import { ROOT, sharedSite, type SharedHarness } from "./harness.ts";

const VNU_JAR = path.join(ROOT, "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

/** A page of each route (route path → URL); redirects are followed to the page they lead to. */
const PAGES: Record<string, string[]> = {
  "": ["/", "/de", "/pl"],
  "country/:code": ["/country/de", "/country/li", "/country/zz", "/fr/country/de"],
  "job-market/:name": ["/job-market/germany", "/job-market/liechtenstein", "/job-market/atlantis"],
  brightest: ["/brightest", "/it/brightest"],
  stormiest: ["/stormiest"],
  "brightest-markets": ["/brightest-markets"],
  "stormiest-markets": ["/stormiest-markets"],
  "top-regions": ["/top-regions"],
  "your-weather": ["/your-weather", "/your-weather?weights=U:0,M:1,V:5,C:3,S:4", "/your-weather?weights=U:9"],
  "compare/:codes": ["/compare/de-fr", "/compare/at-de-fr-se", "/compare/de-xx"],
  sectors: ["/sectors", "/sectors?sector=role-healthcare&sort=country", "/sectors?sector=nope"],
  "waiting-list/:service": ["/waiting-list/career-consultant", "/waiting-list/cv-upgrade"],
  methodology: ["/methodology"],
  "open-data": ["/open-data"],
  "open-data/api": ["/open-data/api"],
  contact: ["/contact"],
  privacy: ["/privacy"],
  terms: ["/terms"],
  admin: ["/admin"],
  "*": ["/no-such-page", "/es/no-such-page"],
};

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

let site: SharedHarness;
let dir: string;

beforeAll(async () => {
  site = await sharedSite();
  dir = mkdtempSync(path.join(os.tmpdir(), "jwi-vnu-"));
}, 180_000);

afterAll(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("valid HTML (Nu Html Checker)", () => {
  it("lists a page for every route of the site", () => {
    const paths = routes.map((r) => unprefixedRoute(r.path ?? ""));
    expect(paths.filter((p) => !(p in PAGES))).toEqual([]);
  });

  it("finds no error on any page", async () => {
    const files = new Map<string, string>();
    for (const url of Object.values(PAGES).flat()) {
      const res = await fetch(`${site.base}${url}`);
      expect(res.headers.get("content-type"), url).toMatch(/^text\/html/);
      const file = path.join(dir, `${url.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, await res.text());
      files.set(`file:${file}`, url);
    }
    const run = await promisify(execFile)(
      "java",
      [
        // The client compiler only: a run this short pays more for the optimising compiler than it gains from it
        // (about 12 CPU-s against 5 for the site's pages), and the report is the same byte for byte. The checker's
        // schema evaluation then needs a larger stack than the default (a StackOverflowError at -Xss1m).
        "-XX:TieredStopAtLevel=1",
        "-Xss4m",
        "-jar",
        VNU_JAR,
        "--format",
        "json",
        "--stdout",
        "--exit-zero-always",
        ...[...files.keys()].map((f) => f.slice(5)),
      ],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT")
        throw new Error(
          "The Nu Html Checker needs Java 17 or newer on the PATH (Debian: apt-get install default-jre-headless).",
        );
      throw err;
    });
    const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
    const line = (m: VnuMessage) =>
      `${files.get(m.url ?? "") ?? m.url}:${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ""}`;
    // Warnings, one line per kind (React writes void elements as `<meta/>`: hundreds of "trailing slash" notes).
    const warnings = new Map<string, number>();
    for (const m of messages.filter((m) => m.type === "info"))
      warnings.set(m.message, (warnings.get(m.message) ?? 0) + 1);
    if (warnings.size)
      console.info(`vnu warnings (not failing):\n${[...warnings].map(([w, n]) => `${n}× ${w}`).join("\n")}`);
    expect(messages.filter((m) => m.type !== "info").map(line)).toEqual([]);
  }, 120_000);
});
