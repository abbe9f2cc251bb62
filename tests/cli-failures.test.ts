// Every failing `jwi` command says why: one plain line on stderr whatever the exit code, and with --json an error
// object on stdout (docs/interfaces.md, "CLI"). Also: a data directory that does not exist is refused, the human
// tables show scores as the site does, and an offline update says "no network" in seconds.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../cli/jwi.ts";
import type { CliIo } from "../cli/io.ts";
import { openServingDb } from "../pipeline/serving-db.ts";
import { formatScore } from "../product/format.ts";
import { fixture, REPO_ROOT, tempDataDir } from "./helpers/cli.ts";

class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real program in-process, with its environment (and stdin, for set-password). */
async function jwiWith(env: NodeJS.ProcessEnv, argv: string[], stdin?: string): Promise<Result> {
  const stdout = new Capture();
  const stderr = new Capture();
  const io = {
    stdout,
    stderr,
    env: { LOG_LEVEL: "silent", ...env },
    ...(stdin === undefined ? {} : { stdin: Readable.from([stdin]) }),
  } as CliIo;
  const code = await run(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** `node bin/jwi.mjs …` as an operator runs it. */
function jwiProcess(env: NodeJS.ProcessEnv, argv: string[], stdin = ""): Promise<Result & { ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, "bin", "jwi.mjs"), ...argv], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr, ms: Date.now() - started }));
    child.stdin.end(stdin);
  });
}

/** stderr is one `error: …` line (commander may add its hint to --help on the next line). */
function expectOneLine(r: Result, message: RegExp): void {
  const lines = r.stderr
    .trim()
    .split("\n")
    .filter((l) => !l.startsWith("(run with --help"));
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(message);
}

interface JsonError {
  ok: false;
  error: { code: string; message: string; exit: number };
}

function expectJsonError(r: Result, code: string, exit: number, message: RegExp): void {
  const out = JSON.parse(r.stdout) as JsonError;
  expect(out.ok).toBe(false);
  expect(out.error.code).toBe(code);
  expect(out.error.exit).toBe(exit);
  expect(out.error.message).toMatch(message);
  expect(r.code).toBe(exit);
}

describe("every failing command says why", () => {
  const tmp = tempDataDir("jwi-fail-");
  const env = () => ({ JWI_DATA_DIR: tmp.dir });
  afterAll(() => tmp.cleanup());

  it("ingest: a missing file, a directory, a bad type", async () => {
    const missing = await jwiWith(env(), ["ingest", path.join(tmp.dir, "missing.json"), "--type", "unemployment"]);
    expect(missing.code).toBe(1);
    expectOneLine(missing, /missing\.json: there is no such file \(check the path\)\. Nothing was stored\./);
    const missingJson = await jwiWith(env(), [
      "ingest",
      path.join(tmp.dir, "missing.json"),
      "--type",
      "unemployment",
      "--json",
    ]);
    expectJsonError(missingJson, "not_found", 1, /there is no such file/);

    const dir = await jwiWith(env(), ["ingest", tmp.dir, "--type", "unemployment"]);
    expect(dir.code).toBe(1);
    expectOneLine(dir, /it is a directory; give the path of one file in it/);
    expectJsonError(
      await jwiWith(env(), ["ingest", tmp.dir, "--type", "unemployment", "--json"]),
      "not_found",
      1,
      /is a directory/,
    );

    const type = await jwiWith(env(), [
      "ingest",
      fixture("real", "eurostat", "une_rt_m.json"),
      "--type",
      "weather",
      "--json",
    ]);
    expectJsonError(type, "usage", 2, /argument 'weather' is invalid/);
    expect(type.stderr).toMatch(/^error: option '-t, --type <type>' argument 'weather' is invalid/);
  });

  it("ingest: a rejected file says so on stderr too; --json keeps the upload result as the only JSON", async () => {
    const r = await jwiWith(env(), [
      "ingest",
      fixture("real", "eurostat", "jvs_q_nace2.json"),
      "--type",
      "lmb",
      "--json",
    ]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: false, error: "Please upload a .XLSX file" });
    expectOneLine(r, /jvs_q_nace2\.json rejected: Please upload a \.XLSX file\. Nothing was stored\.$/);
  });

  it("recalc: a bad --as-of, and a busy data directory (exit 1, JSON with --json)", async () => {
    const bad = await jwiWith(env(), ["recalc", "--as-of", "2026-02-30", "--json"]);
    expectJsonError(bad, "usage", 2, /--as-of must be a date as YYYY-MM-DD/);
    expect(bad.stderr).toMatch(/^error: .*2026-02-30/);

    const holder = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, "bin/run-ts.mjs"),
        path.join(REPO_ROOT, "tests/helpers/hold-lock.ts"),
        tmp.dir,
        "upload une_rt_m.json (operator admin)",
      ],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on("data", (d) => String(d).includes("holding") && resolve());
        holder.once("exit", (code) => reject(new Error(`holder exited ${code}`)));
      });
      const busy = await jwiWith(env(), ["recalc", "--wait", "0", "--json"]);
      expectJsonError(busy, "busy", 1, /Another data job is running: upload une_rt_m\.json \(operator admin\)/);
      expectOneLine(busy, /Another data job is running/);
      // `jwi update --json` on a busy data directory: JSON too (it printed nothing on stdout before), exit 3.
      const update = await jwiWith({ ...env(), JWI_EUROSTAT_BASE_URL: "http://127.0.0.1:9" }, [
        "update",
        "--wait",
        "0",
        "--json",
      ]);
      expectJsonError(update, "busy", 3, /Another data job is running.*Nothing was checked\./);
      expectOneLine(update, /Another data job is running/);
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("status (and every data command) refuses a data directory that does not exist, unless --create", async () => {
    const typo = path.join(tmp.dir, "dta");
    const status = await jwiWith({ JWI_DATA_DIR: typo }, ["status"]);
    expect(status.code).toBe(1);
    expectOneLine(
      status,
      new RegExp(
        `The data directory ${typo.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} does not exist\\. Check JWI_DATA_DIR`,
      ),
    );
    expectJsonError(await jwiWith({ JWI_DATA_DIR: typo }, ["status", "--json"]), "not_found", 1, /does not exist/);
    for (const argv of [
      ["recalc"],
      ["update"],
      ["fetch"],
      ["ingest", fixture("real", "eurostat", "une_rt_m.json"), "--type", "unemployment"],
    ]) {
      const r = await jwiWith({ JWI_DATA_DIR: typo }, argv);
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stderr, argv.join(" ")).toMatch(/does not exist/);
    }
    expect(existsSync(typo)).toBe(false);

    // status writes nothing but the directory it was told to create (issue 49, case 7: it opens the stores read-only).
    const created = await jwiWith({ JWI_DATA_DIR: typo }, ["status", "--create"]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/nothing yet/);
    expect(readdirSync(typo)).toEqual([]);
  });

  it("admin set-password: too short, or on two lines (a real process reading stdin)", async () => {
    const short = await jwiProcess(env(), ["admin", "set-password"], "short");
    expect(short.code).toBe(1);
    expectOneLine(short, /The password must be at least 12 characters long\./);
    const twoLines = await jwiProcess(env(), ["admin", "set-password"], "a long enough password\nand a second line\n");
    expect(twoLines.code).toBe(1);
    expectOneLine(twoLines, /Give the password on one line\./);
  });

  it("update offline: every table says no network, in seconds (no retries after a name that cannot be resolved)", async () => {
    const started = Date.now();
    // The default retries and backoff (3 retries from 2 s): before, 4 attempts per table took over a minute.
    const r = await jwiWith(
      { ...env(), JWI_EUROSTAT_BASE_URL: "http://nonexistent.invalid", JWI_FETCH_PAUSE_MS: "0" },
      ["update", "--json"],
    );
    // Attempts are counted below; the clock only rules out the minute of backoff (with room for a busy machine).
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r.code).toBe(3);
    const summary = JSON.parse(r.stdout) as {
      tables: Array<{ table: string; status: string; reason: string; attempts: number }>;
    };
    expect(summary.tables.length).toBeGreaterThanOrEqual(5);
    for (const t of summary.tables.filter((x) => x.status !== "skipped")) {
      expect(t.status, t.table).toBe("failed");
      expect(t.reason, t.table).toMatch(
        /^no network: the name nonexistent\.invalid cannot be resolved \((ENOTFOUND|EAI_AGAIN)\)/,
      );
      expect(t.attempts, t.table).toBeLessThanOrEqual(1);
    }
    expectOneLine(
      r,
      /^error: No network: the name nonexistent\.invalid cannot be resolved .*none of the \d+ tables could be checked; nothing was changed\./,
    );
    const human = await jwiWith(
      { ...env(), JWI_EUROSTAT_BASE_URL: "http://nonexistent.invalid", JWI_FETCH_PAUSE_MS: "0" },
      ["update"],
    );
    expect(human.code).toBe(3);
    expect(human.stdout).toMatch(/✗ une_rt_m\s+failed\s+no network/);
    // Issue 49, case 11: it opened with "Checked 9 source tables" when none could be checked.
    expect(human.stdout.split("\n")[0]).toMatch(/^Could not check any of the \d+ source tables asked for in /);
    expect(human.stdout).not.toMatch(/^Checked /m);
  }, 20_000);
});

// Issue 49, case 11: each message says what happened.
describe("messages that say what happened", () => {
  const tmp = tempDataDir("jwi-words49-");
  afterAll(() => tmp.cleanup());

  it("jwi ingest --help: .xlsx is the data browser's spreadsheet for Eurostat types too; every accepted table is named", async () => {
    const { ACCEPTED_TABLES } = await import("../pipeline/sources/eurostat/tables.ts");
    const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["ingest", "--help"]);
    expect(r.code).toBe(0);
    const text = r.stdout.replace(/\s+/g, " ");
    for (const table of Object.values(ACCEPTED_TABLES).flatMap((ts) => ts.map((t) => t.table)))
      expect(text, table).toContain(table);
    expect(text).toMatch(
      /the Eurostat data browser's for the Eurostat types and expectations, the barometer workbook for lmb/,
    );
    expect(text).not.toMatch(/or a barometer workbook \(\.xlsx\)/);
  });

  it("--typ suggests --type (a mistyped option is named before the missing one)", async () => {
    const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, [
      "ingest",
      fixture("real", "eurostat", "une_rt_m.json"),
      "--typ",
      "unemployment",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option '--typ'/);
    expect(r.stderr).toMatch(/Did you mean --type\?/);
    const missing = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["ingest", fixture("real", "eurostat", "une_rt_m.json")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/required option '-t, --type <type>' not specified/);
  });

  it("an ingest before any publication says the next recalc publishes the first scores, not 'Moved: none'", async () => {
    const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, [
      "ingest",
      fixture("real", "eurostat", "une_rt_m.json"),
      "--type",
      "unemployment",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/Moved at the next `jwi recalc` \(not published yet\): none/);
    const m =
      /Nothing is published yet: the next `jwi recalc` publishes the first scores \((\d+) of 31 countries scored\)\./.exec(
        r.stdout,
      );
    expect(m, r.stdout).not.toBeNull();
    const recalc = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["recalc", "--json"]);
    expect(recalc.code).toBe(0);
    const scored = (JSON.parse(recalc.stdout) as { countries: { score: number | null }[] }).countries.filter(
      (c) => c.score !== null,
    ).length;
    expect(scored).toBe(Number(m![1]));
  });

  it("Liechtenstein (no input at all) reads 'no data to score' in status and recalc, as on every other door", async () => {
    const status = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["status"]);
    expect(status.stdout).toMatch(/^ {2}LI {2}no data to score/m);
    const recalc = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["recalc"]);
    expect(recalc.stdout).toMatch(/^LI {3}Liechtenstein +— {2}no data to score/m);
  });
});

describe("on a terminal, a command that fails before its progress ends", () => {
  it("clears the progress line before its error line", async () => {
    const stdout = new Capture();
    const stderr = Object.assign(new Capture(), { isTTY: true });
    const code = await run(["ingest", fixture("real", "eurostat", "une_rt_m.json"), "--type", "unemployment"], {
      stdout,
      stderr,
      env: { JWI_DATA_DIR: "/nonexistent/jwi-data", LOG_LEVEL: "silent" },
    });
    expect(code).toBe(1);
    expect(stderr.text).toMatch(
      /^\r\x1b\[2K… reading une_rt_m\.json\r\x1b\[2Kerror: The data directory \/nonexistent\/jwi-data does not exist\./,
    );
  });
});

describe("jwi update --help matches the README", () => {
  it("says jobs share the data dir through the job lock, not that a server holds it", async () => {
    const r = await jwiWith({ JWI_DATA_DIR: "/nonexistent" }, ["update", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/when no server holds|held by a running server/);
    expect(r.stdout).toMatch(/beside a running `jwi serve` \(data jobs take turns\s+under one lock/);
    expect(r.stdout).toMatch(/no network/);
  });
});

describe("the CLI shows scores as the site does (one formatter, product/format.ts)", () => {
  const tmp = tempDataDir("jwi-format-");
  afterAll(() => tmp.cleanup());
  let recalcJson: { publication_id: number; countries: Array<{ code: string; score: number | null }> };

  beforeAll(async () => {
    for (const [file, type] of [
      ["une_rt_m.json", "unemployment"],
      ["jvs_q_nace2.json", "vacancy"],
    ] as const) {
      const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["ingest", fixture("real", "eurostat", file), "--type", type]);
      expect(r.code, r.stderr).toBe(0);
    }
    const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["recalc", "--as-of", "2026-11-22", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    recalcJson = JSON.parse(r.stdout) as typeof recalcJson;
  });

  it("recalc --json names its publication and keeps the unrounded score; the table shows the shared formatter's", async () => {
    expect(recalcJson.publication_id).toBe(1);
    // Another as-of date, so that a new publication is made (the same data and date would publish nothing).
    const human = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["recalc", "--as-of", "2026-11-23"]);
    expect(human.stdout).toMatch(/publication 2\./);
    for (const c of recalcJson.countries.filter((x) => x.score !== null)) {
      expect(human.stdout).toMatch(
        new RegExp(`^${c.code}\\s+.+?\\s${formatScore(c.score!).replace(".", "\\.")}\\s`, "m"),
      );
    }
  });

  it("status rounds half away from zero: a published 1.95 reads 2.0 (toFixed said 1.9), and --json keeps 1.95", async () => {
    const db = openServingDb(path.join(tmp.dir, "jwi.sqlite"));
    try {
      db.prepare(`UPDATE snapshots SET score = 1.95, status = 'stormy' WHERE country = 'DE'`).run();
      db.prepare(`UPDATE snapshots SET score = 6.95, status = 'bright' WHERE country = 'FR'`).run();
    } finally {
      db.close();
    }
    const human = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["status"]);
    expect(human.stdout).toMatch(/^ {2}DE {2}2\.0 stormy/m);
    expect(human.stdout).toMatch(/^ {2}FR {2}7\.0 bright/m);
    const json = JSON.parse((await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["status", "--json"])).stdout) as {
      published: { countries: Array<{ code: string; score: number }> };
    };
    expect(json.published.countries.find((c) => c.code === "DE")!.score).toBe(1.95);
  });
});

// A data dir that exists but is empty is fine (a fresh one made by the operator).
describe("an existing empty data directory", () => {
  const tmp = tempDataDir("jwi-empty-");
  afterAll(() => tmp.cleanup());

  // Issue 49, case 9: `jwi recalc` on an empty data directory published "0 of 31 countries scored" (exit 0) and
  // keyed 31 share cards, while `jwi status` said "nothing yet".
  it("jwi recalc refuses: nothing to score (exit 1), nothing published, no card keyed", async () => {
    const dir = path.join(tmp.dir, "fresh");
    mkdirSync(dir);
    const r = await jwiWith({ JWI_DATA_DIR: dir }, ["recalc"]);
    expect(r.code).toBe(1);
    expectOneLine(
      r,
      /^error: Nothing to score: run `jwi ingest` first \(the store holds no observation\)\. Nothing was published\.$/,
    );
    expect(r.stdout).toBe("");
    const json = await jwiWith({ JWI_DATA_DIR: dir }, ["recalc", "--json"]);
    expectJsonError(json, "rejected", 1, /Nothing to score/);
    const db = openServingDb(path.join(dir, "jwi.sqlite"));
    try {
      expect(db.prepare("SELECT count(*) FROM publications").pluck().get()).toBe(0);
      expect(db.prepare("SELECT count(*) FROM share_cards").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
    const status = await jwiWith({ JWI_DATA_DIR: dir }, ["status"]);
    expect(status.stdout).toMatch(/nothing yet/);
    expect(status.stdout).toMatch(/Nothing published yet/);
  });
  it("is used as is", async () => {
    mkdirSync(path.join(tmp.dir, "sub"));
    const r = await jwiWith({ JWI_DATA_DIR: path.join(tmp.dir, "sub") }, ["status"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/nothing yet/);
  });
});

describe("rejections say in plain words what the file is and what to do", () => {
  const tmp = tempDataDir("jwi-words-");
  afterAll(() => tmp.cleanup());

  it("a jvs_q_r21 download of NACE B-S (not that aggregate in NACE 2.1): names the table, what it holds, what the index reads and what to download", async () => {
    const file = path.join(tmp.dir, "jvs_q_r21_B-S.csv");
    writeFileSync(
      file,
      readFileSync(fixture("real", "eurostat", "jvs_q_r21_NL_PL_RO.csv"), "utf8").replaceAll(",A-T,", ",B-S,"),
    );
    const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["ingest", file, "--type", "vacancy", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toBe(
      "This file is Eurostat table jvs_q_r21, but not the series the index reads: its nace_r2_1 (economic activity) holds only B-S, " +
        "and the index reads B-T, else A-T. Download jvs_q_r21 again with nace_r2_1 B-T or A-T included, and upload that file.",
    );
    expect(r.stderr).not.toMatch(/Filter matches nothing/);
  });

  it("a file refused for expectations lists every accepted layout, DG ECFIN's CSV included", async () => {
    const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, [
      "ingest",
      fixture("real", "eurostat", "une_rt_m.json"),
      "--type",
      "expectations",
      "--json",
    ]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toBe(
      "This file is Eurostat table une_rt_m, which holds unemployment, not expectations: upload it with data type unemployment. " +
        "Accepted for expectations: Eurostat tables teibs030 or ei_bsee_m_r2 (JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx), " +
        "or DG ECFIN's survey CSV (columns date, country, series, value).",
    );
  });
});

// Issue 49, case 1: half of une_rt_m.json's values replaced by junk ingested with exit 0 ("2,694 empty cells
// skipped"), --strict or not; case 11: a refusal was printed twice (a "✗" line on stdout and the error on stderr).
describe("junk inside a valid JSON-stat file is refused whole, naming the first bad cell", () => {
  const tmp = tempDataDir("jwi-junk-");
  afterAll(() => tmp.cleanup());

  const withHalf = (name: string, junk: unknown): string => {
    const raw = JSON.parse(readFileSync(fixture("real", "eurostat", "une_rt_m.json"), "utf8")) as {
      value: Record<string, unknown>;
    };
    Object.keys(raw.value).forEach((key, i) => {
      if (i % 2 === 1) raw.value[key] = junk;
    });
    const file = path.join(tmp.dir, name);
    writeFileSync(file, JSON.stringify(raw));
    return file;
  };

  it.each([["x"], [[]], [{ a: 1 }], [true], ["12abc"], ["NaN"]])("%j, with and without --strict", async (junk) => {
    const file = withHalf("junk.json", junk);
    for (const strict of [[], ["--strict"]]) {
      const r = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["ingest", file, "--type", "unemployment", ...strict]);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stdout).toBe(""); // said once, on stderr
      expectOneLine(
        r,
        new RegExp(
          `^error: junk\\.json rejected: value #121 \\(freq M, s_adj SA, age TOTAL, unit PC_ACT, sex T, geo CZ, time 1993-02\\) is .+, not a number: a JSON-stat value is a number or null\\. Nothing was stored\\.$`,
        ),
      );
    }
    const status = await jwiWith({ JWI_DATA_DIR: tmp.dir }, ["status", "--json"]);
    expect((JSON.parse(status.stdout) as { data: unknown[] }).data).toEqual([]);
  });

  it("-1e308 is a number: each is named as implausible and not stored, and --strict refuses the file", async () => {
    const file = withHalf("huge.json", -1e308);
    const strict = await jwiWith({ JWI_DATA_DIR: tmp.dir }, [
      "ingest",
      file,
      "--type",
      "unemployment",
      "--strict",
      "--dry-run",
    ]);
    expect(strict.code).toBe(1);
    expectOneLine(
      strict,
      /Strict mode: a value is not plausible, so nothing was stored\. value #121, CZ, 1993-02: -1e\+308 is outside/,
    );
    const lax = await jwiWith({ JWI_DATA_DIR: tmp.dir }, [
      "ingest",
      file,
      "--type",
      "unemployment",
      "--dry-run",
      "--json",
    ]);
    const result = JSON.parse(lax.stdout) as { inserted: number; warnings: { type: string; detail: string }[] };
    expect(result.inserted).toBe(1498);
    expect(result.warnings.filter((w) => w.type === "out_of_range").length).toBeGreaterThan(200);
  });
});

describe("on a terminal, log lines never run into the progress line", () => {
  const tmp = tempDataDir("jwi-tty-");
  afterAll(() => tmp.cleanup());

  it("a retry warning during a download is written whole above the progress line, which is drawn again", async () => {
    const stdout = new Capture();
    const stderr = Object.assign(new Capture(), { isTTY: true });
    // Nothing listens on port 9: every attempt is a network error, retried once, with a warning logged.
    const env = {
      JWI_DATA_DIR: tmp.dir,
      LOG_LEVEL: "warn",
      JWI_EUROSTAT_BASE_URL: "http://127.0.0.1:9",
      JWI_FETCH_RETRIES: "1",
      JWI_FETCH_BACKOFF_MS: "5",
      JWI_FETCH_PAUSE_MS: "0",
    };
    const code = await run(["fetch", "--type", "gdp"], { stdout, stderr, env });
    expect(code).toBe(3);
    const segments = stderr.text.split("\n");
    const logs = segments.filter((s) => s.includes('"level"'));
    expect(logs.length, stderr.text).toBeGreaterThan(0);
    for (const s of logs) {
      // Each log line starts on a cleared line and is whole JSON: no progress text before or inside it.
      expect(s, JSON.stringify(s)).toContain("\r\x1b[2K{");
      expect(JSON.parse(s.split("\r\x1b[2K").at(-1)!)).toHaveProperty("level", 40);
    }
    expect(logs.map((s) => JSON.parse(s.split("\r\x1b[2K").at(-1)!).msg)).toContain("download failed; retrying");
    // After a log line the progress is drawn again.
    const afterLog = segments[segments.indexOf(logs[0]!) + 1]!;
    expect(afterLog.startsWith("… downloading namq_10_gdp")).toBe(true);
    expect(segments.at(-1)).toBe("");
  });
});
