// The progress line on a real terminal: `jwi` runs under a pseudo-terminal (util-linux `script`, which gives the
// child a pty for stdin, stdout and stderr; Debian's essential bsdutils ships it), as an operator's shell would, and the screen's bytes are read back.
// Log lines must be written whole above the progress line, never into it (docs/interfaces.md, "CLI").
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, tempDataDir } from "./helpers/cli.ts";

const CLEAR = "\r\x1b[2K";

/** Runs `node bin/jwi.mjs …args` under a pty; what the terminal received, and the exit code. */
function onTerminal(args: string[], env: NodeJS.ProcessEnv): { screen: string; code: number } {
  const command = [process.execPath, path.join(REPO_ROOT, "bin/jwi.mjs"), ...args]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(" ");
  // -q: no banner; -e: the child's exit code; -c: the command; /dev/null: no typescript file.
  const r = spawnSync("script", ["-qec", command, "/dev/null"], {
    encoding: "utf8",
    env: { ...process.env, TERM: "xterm", ...env },
    timeout: 60_000,
  });
  return { screen: r.stdout, code: r.status ?? -1 };
}

describe("jwi on a real terminal (a pseudo-terminal)", () => {
  const tmp = tempDataDir("jwi-pty-");
  afterAll(() => tmp.cleanup());

  it("writes each log line whole on a cleared line, then draws the progress again", () => {
    // Nothing listens on port 9: every download attempt fails, is retried once and logged at warn.
    const { screen, code } = onTerminal(["fetch", "--type", "gdp", "--create"], {
      JWI_DATA_DIR: tmp.dir,
      LOG_LEVEL: "warn",
      JWI_EUROSTAT_BASE_URL: "http://127.0.0.1:9",
      JWI_FETCH_RETRIES: "1",
      JWI_FETCH_BACKOFF_MS: "5",
      JWI_FETCH_PAUSE_MS: "0",
    });
    expect(code).toBe(3);
    // The progress line was shown on the terminal…
    expect(screen).toContain("… downloading namq_10_gdp");
    // …and no log line ran into it: every JSON log line starts right after a clear of the line.
    const logStarts = [...screen.matchAll(/\{"level":/g)].map((m) => m.index!);
    expect(logStarts.length, screen).toBeGreaterThan(0);
    for (const at of logStarts)
      expect(screen.slice(at - CLEAR.length, at), JSON.stringify(screen.slice(Math.max(0, at - 40), at + 20))).toBe(
        CLEAR,
      );
    expect(screen).not.toMatch(/namq_10_gdp\{"level"/);
    // After a log line, the progress is drawn again on a line of its own.
    const afterFirstLog = screen.slice(logStarts[0]!);
    expect(afterFirstLog).toMatch(/"msg":"download failed; retrying"[^\n]*\r?\n(\r\x1b\[2K)?… downloading namq_10_gdp/);
  });

  it("a failure on a terminal clears the progress line and says why in one line", () => {
    const { screen, code } = onTerminal(
      ["ingest", path.join(REPO_ROOT, "fixtures/real/eurostat/une_rt_m.json"), "--type", "unemployment"],
      {
        JWI_DATA_DIR: path.join(tmp.dir, "mistyped"),
        LOG_LEVEL: "silent",
      },
    );
    expect(code).toBe(1);
    expect(screen).toMatch(/\r\x1b\[2Kerror: The data directory \S+mistyped does not exist\./);
  });
});
