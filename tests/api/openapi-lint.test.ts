// The OpenAPI document as the real server serves it, linted by the Redocly CLI (its recommended ruleset, with
// redocly.yaml at the repository root) run as a separate process exactly as a user runs it: no error, no warning.
// The document is asked for as a development machine asks (Host: localhost), so the origin it names is localhost.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.ts";
import { startTestServer, type TestServer } from "./helpers.ts";

const REDOCLY = path.join(REPO_ROOT, "node_modules", "@redocly", "cli", "bin", "cli.js");

let s: TestServer;
let tmp: string;
beforeAll(async () => {
  s = await startTestServer();
  tmp = mkdtempSync(path.join(os.tmpdir(), "jwi-redocly-"));
});
afterAll(async () => {
  await s?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function served(host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: s.port, path: "/api/openapi.json", headers: { host } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode}: ${body}`))));
      })
      .on("error", reject);
  });
}

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

async function lint(file: string): Promise<LintReport> {
  const run = promisify(execFile);
  // Exit code 1 when there are errors: the report on stdout is what matters either way.
  const { stdout } = await run(
    process.execPath,
    [REDOCLY, "lint", file, "--format=json", "--config", path.join(REPO_ROOT, "redocly.yaml")],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      timeout: 60_000,
    },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
  return JSON.parse(stdout) as LintReport;
}

describe("Redocly lint of the served OpenAPI document", () => {
  it("has no error and no warning under the recommended rules", async () => {
    const body = await served(`localhost:${s.port}`);
    expect(JSON.parse(body).servers[0].url).toBe(`http://localhost:${s.port}`);
    const file = path.join(tmp, "openapi.json");
    writeFileSync(file, body);
    const report = await lint(file);
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  });

  it("catches what it should: the same document without security or 4xx answers fails", async () => {
    const doc = JSON.parse(await served(`127.0.0.1:${s.port}`));
    const op = doc.paths["/api/v1/countries"].get;
    delete op.security;
    for (const status of Object.keys(op.responses)) if (status.startsWith("4")) delete op.responses[status];
    const file = path.join(tmp, "broken.json");
    writeFileSync(file, JSON.stringify(doc));
    const report = await lint(file);
    expect(report.problems.map((p) => p.ruleId).sort()).toEqual(["operation-4xx-response", "security-defined"]);
  });
});
