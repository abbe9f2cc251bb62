// The `jwi` program: the operator's terminal door into the pipeline. The only place that sets the exit code.
// Each command's module is imported when the command runs, so that `jwi --help` answers at once.
import path from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { BusyError, InputError } from "../pipeline/errors.ts";
import { parseAsOf } from "../pipeline/model/period.ts";
import { DATA_TYPES } from "../pipeline/types.ts";
import { CliError, EXIT } from "./errors.ts";
import { commandContext, defaultIo, writeLine, type CliIo } from "./io.ts";
import { describeSystemError } from "../pipeline/system-errors.ts";

function nonNegativeNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0) {
    throw new InvalidArgumentError("expected a number of percentage points, 0 or more.");
  }
  return n;
}

function asOfDate(value: string): string {
  try {
    return parseAsOf(value, new Date());
  } catch (err) {
    throw new InvalidArgumentError(err instanceof Error ? err.message : String(err));
  }
}

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 3600) throw new InvalidArgumentError("expected a number of seconds, 0 to 3600.");
  return n;
}

/** `--wait` of the commands that run a data job. */
const waitOption = () =>
  new Option("--wait <seconds>", "how long to wait for a running data job to finish (default JWI_LOCK_WAIT_S, 30)").argParser(seconds);

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("expected a port number 0–65535.");
  return n;
}

const SOURCES_HELP = `
What is downloaded (Eurostat dissemination API, JSON-stat; each table for every country it has, without a
geo filter, of which the 31 covered countries and the aggregates such as EU27_2020 are kept):
  unemployment  une_rt_m and une_rt_q, both in full (per country the fresher series counts)
  vacancy       jvs_q_nace2; its successor jvs_q_r21 (B-S, else A-T) when it answers frozen or empty
  gdp           namq_10_gdp                                        context only
  inflation     prc_hicp_manr; its successor prc_hicp_minr when frozen  context only
  lmb           the barometer workbook at JWI_BAROMETER_URL (skipped with a note when unset)
  expectations  teibs030 (Employment Expectations Indicator: indic=BS-EEI-I, SA), monthly; ei_bsee_m_r2 and
                DG ECFIN's survey CSV are not downloaded: upload them (jwi ingest --type expectations)

Every download goes through the same validation as \`jwi ingest\`: a failed, cut-off, HTML or malformed
answer stores nothing and leaves the data already stored as it was. Eurostat's own error answers are read:
"No results found" (error 100) counts as empty (the successor is asked), EXTRACTION_TOO_BIG (413) fails the
table without retrying, anything else fails it with Eurostat's words; only 429, 5xx and network errors are
retried. Unchanged tables are not re-ingested (conditional requests with ETag / Last-Modified, or Eurostat's
\`updated\` stamp). Each answer is kept in JWI_DATA_DIR/raw/<sha256>.json (replay: jwi ingest
JWI_DATA_DIR/raw/<sha256>.json --type T).

Environment: JWI_EUROSTAT_BASE_URL (default Eurostat's public API), JWI_BAROMETER_URL,
JWI_FETCH_TIMEOUT_MS (60000), JWI_FETCH_RETRIES (3), JWI_FETCH_BACKOFF_MS (2000), JWI_FETCH_PAUSE_MS (500).`;

const FETCH_HELP = `${SOURCES_HELP}

Exit codes: 0 every table fetched or unchanged, 1 some tables failed, 2 usage error, 3 every table failed.
Examples:
  jwi fetch
  jwi fetch --type unemployment vacancy --json`;

const UPDATE_HELP = `
Runs \`jwi fetch\` for every data type, then \`jwi recalc\` (as of today) when a stored value changed.
${SOURCES_HELP}

Exit codes: 0 every table fetched or unchanged (all fresh), 1 some tables failed (or the recalc failed),
            2 usage error, 3 every table failed (nothing could be checked: network down, wrong base URL,
            or the data store held by a running server).
Schedule it (README, "Keeping data fresh"): in cron or a systemd timer when no server holds the data dir,
  30 6 * * *  cd /srv/jwi && JWI_DATA_DIR=/srv/jwi/data /usr/bin/node bin/jwi.mjs update >>/var/log/jwi/update.log 2>&1
or, while \`jwi serve\` runs, with JWI_UPDATE_CRON="30 6 * * *" in the server's environment (same update, same lock).`;

export function buildProgram(io: CliIo): Command {
  const program = new Command("jwi")
    .description(
      "Job Weather Index operator tool: load (or download) Eurostat and barometer files, compute the scores (the current model, see docs/model.md), publish them.\n" +
        "Data lives in JWI_DATA_DIR (default ./data): jwi.duckdb (observations) and jwi.sqlite (what the site serves).",
    )
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride();

  program
    .command("ingest")
    .description("validate one source file and store its observations (one transaction; a rejected file changes nothing)")
    .argument("<file>", "a Eurostat JSON-stat file (.json), a Eurostat or DG ECFIN CSV (.csv), or a barometer workbook (.xlsx)")
    .addOption(new Option("-t, --type <type>", "what the file holds").choices(DATA_TYPES).makeOptionMandatory())
    .option("--strict", "reject the file when a stored value would change by more than the tolerance", false)
    .option("--tolerance-pp <n>", "revision tolerance in percentage points", nonNegativeNumber, 0.5)
    .option("--dry-run", "validate and report, store nothing", false)
    .option("--json", "print the upload result as JSON", false)
    .addOption(waitOption())
    .addHelpText(
      "after",
      `
Data types and the Eurostat tables each accepts:
  unemployment  une_rt_m (monthly: SA, age TOTAL, sex T, % of labour force) and une_rt_q (quarterly: SA,
                age Y15-74, sex T, % of labour force); per country the fresher of the two series counts
  vacancy       jvs_q_nace2 (job vacancy rate, NACE B-S, SA else NSA); successor jvs_q_r21
                (nace_r2_1 B-S, else A-T: the whole economy; the notes say which)
  gdp           namq_10_gdp (B1GQ, SCA; q-o-q CLV_PCH_PRE, or y-o-y CLV_PCH_SM)   context only
  inflation     prc_hicp_manr (CP00, RCH_A); successor prc_hicp_minr (TOTAL)     context only
  expectations  Employment Expectations Indicator (EEI, 100 = long-term mean): Eurostat teibs030 or
                ei_bsee_m_r2 (indic=BS-EEI-I, SA); DG ECFIN's long CSV (date,country,series,value;
                series EEI) as table ecfin_eei
  lmb           European Labour Market Barometer workbook (.xlsx)

File formats of the Eurostat types: JSON-stat (.json) as the API serves it, or a CSV (.csv): SDMX-CSV as the
data browser downloads it (codes or labels), or one column per dimension code plus time and value.
Expectations also take DG ECFIN's long CSV. The table comes from the file (extension.id or DATAFLOW), else
from its dimensions and frequency.

Exit codes: 0 stored (warnings allowed), 1 rejected (nothing stored), 2 usage error.
Examples:
  jwi ingest fixtures/real/eurostat/une_rt_m.json --type unemployment
  jwi ingest fixtures/real/ecfin/ecfin_bcs_indicators_long_2004-01_2025-08.csv --type expectations`,
    )
    .action(async (file: string, opts) => {
      const { ingestCommand } = await import("./commands/ingest.ts");
      await ingestCommand(await commandContext(io), file, opts);
    });

  program
    .command("recalc")
    .description("score every country with the current model (and its monthly history) and publish all of it at once")
    .option("--as-of <date>", "compute as of this date (YYYY-MM-DD) instead of today", asOfDate)
    .option("--json", "print {model, as_of, countries:[…]} as JSON", false)
    .addOption(waitOption())
    .addHelpText("after", "\nExit codes: 0 published, 1 failed (the previous snapshots stay published).")
    .action(async (opts) => {
      const { recalcCommand } = await import("./commands/recalc.ts");
      await recalcCommand(await commandContext(io), opts);
    });

  program
    .command("status")
    .description("newest period, age and count per data type and country; published scores and their age")
    .option("--json", "print the report as JSON", false)
    .action(async (opts) => {
      const { statusCommand } = await import("./commands/status.ts");
      await statusCommand(await commandContext(io), opts);
    });

  program
    .command("fetch")
    .description("download the source tables from Eurostat (and the barometer workbook) and store what is new; no recalc")
    .addOption(
      new Option("-t, --type <type...>", "only these data types (default: all); repeat or list several").choices(DATA_TYPES),
    )
    .option("--json", "print the per-table summary as JSON", false)
    .addOption(waitOption())
    .addHelpText("after", FETCH_HELP)
    .action(async (opts: { type?: string[]; json?: boolean; wait?: number }) => {
      const { fetchCommand } = await import("./commands/fetch.ts");
      await fetchCommand(await commandContext(io), opts);
    });

  program
    .command("update")
    .description("fetch every table, then recalc and publish if anything changed: the one line for cron or a systemd timer")
    .option("--json", "print the per-table summary and the recalc as JSON", false)
    .addOption(waitOption())
    .addHelpText("after", UPDATE_HELP)
    .action(async (opts: { json?: boolean; wait?: number }) => {
      const { updateCommand } = await import("./commands/update.ts");
      await updateCommand(await commandContext(io), opts);
    });

  program
    .command("serve")
    .description("run the site and the API (what `npm start` runs); loads the bundled data into an empty data dir")
    .option("-p, --port <n>", "port to listen on (default PORT or 3000)", port)
    .action(async (opts: { port?: number }) => {
      const { serveCommand } = await import("./commands/serve.ts");
      await serveCommand(opts);
    });

  const admin = program.command("admin").description("operator account");
  admin
    .command("set-password")
    .description("set the operator password (read from stdin when not a TTY); stores only an argon2id hash")
    .action(async () => {
      const { setPasswordCommand } = await import("./commands/admin.ts");
      await setPasswordCommand(io);
    });

  // The server's job child (pipeline/jobs/child.ts); hidden from --help.
  program
    .command("job", { hidden: true })
    .description("run one data job sent by the server over IPC (internal)")
    .action(async () => {
      const { jobCommand } = await import("./commands/job.ts");
      await jobCommand(await commandContext(io));
    });

  return program;
}

/**
 * A reader that goes away (`jwi status | head -1`) closes the pipe: the rest of the output is dropped quietly
 * instead of ending in an unhandled EPIPE.
 */
function quietOnClosedPipe(stream: CliIo["stdout"]): void {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") return;
    throw err;
  });
}

/** Runs the program; returns the exit code instead of exiting, so tests can call it in-process. */
export async function run(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  quietOnClosedPipe(io.stdout);
  quietOnClosedPipe(io.stderr);
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: "user" });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with code 0; unknown options, missing arguments: usage error.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof CliError) {
      if (err.exitCode === EXIT.usage) writeLine(io.stderr, `error: ${err.message}`);
      return err.exitCode;
    }
    if (err instanceof InputError || err instanceof BusyError) {
      writeLine(io.stderr, `error: ${err.message}`);
      return EXIT.rejected;
    }
    writeLine(io.stderr, `error: ${describeSystemError(err, path.resolve(io.env.JWI_DATA_DIR || "./data"))}`);
    return EXIT.rejected;
  }
}
