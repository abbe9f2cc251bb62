// The `jwi` program's commands (cli/jwi.ts runs it): each command with its arguments, options and help, added by a
// function of its own. Each command's module is imported when the command runs, so that `jwi --help` answers at once.
import { Command, InvalidArgumentError, Option } from "commander";
import { parseAsOf } from "../pipeline/model/period.ts";
import { DATA_TYPES } from "../pipeline/types.ts";
import { commandContext, type CliIo } from "./io.ts";

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
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 3600)
    throw new InvalidArgumentError("expected a number of seconds, 0 to 3600.");
  return n;
}

/** `--create` of the commands that open the data directory: without it a missing JWI_DATA_DIR is refused. */
const createOption = () =>
  new Option("--create", "start an empty data directory when JWI_DATA_DIR does not exist (default: refuse)").default(
    false,
  );

/** `--wait` of the commands that run a data job. */
const waitOption = () =>
  new Option(
    "--wait <seconds>",
    "how long to wait for a running data job to finish (default JWI_LOCK_WAIT_S, 30)",
  ).argParser(seconds);

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("expected a port number 0–65535.");
  return n;
}

const SOURCES_HELP = `
What is downloaded (Eurostat dissemination API, JSON-stat; each table for every country it has, without a
geo filter, of which the 31 covered countries and the aggregates such as EU27_2020 are kept):
  unemployment  une_rt_m and une_rt_q, both in full (per country the fresher series counts)
  youth_unemployment  une_rt_m's under-25s (age Y_LT25), asked in the same request     context only
  vacancy       jvs_q_nace2; its successor jvs_q_r21 (B-T, else A-T) when it answers frozen or empty
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

Exit codes: 0 every table fetched or unchanged, 1 some tables failed, 2 usage error, 3 every table failed or
            another data job kept the lock past --wait (nothing was checked).
Examples:
  jwi fetch
  jwi fetch --type unemployment vacancy --json`;

const UPDATE_HELP = `
Runs \`jwi fetch\` for every data type, then \`jwi recalc\` (as of today) when a stored value changed.
${SOURCES_HELP}

Exit codes: 0 every table fetched or unchanged (all fresh), 1 some tables failed (or the recalc failed),
            2 usage error, 3 every table failed, or another data job kept the lock past --wait (nothing
            could be checked: no network, a wrong base URL, or a busy data dir; the message says which).
Offline, the first name that cannot be resolved ends the downloads at once: every table says "no network".
Schedule it (README, "Keeping data fresh"), either way beside a running \`jwi serve\` (data jobs take turns
under one lock in the data dir; a run that cannot get its turn waits --wait seconds, then stops):
  30 6 * * *  cd /srv/jwi && JWI_DATA_DIR=/srv/jwi/data /usr/bin/node bin/jwi.mjs update --wait 600
(or a systemd timer running the same line), or JWI_UPDATE_CRON="30 6 * * *" in the server's environment.`;

function addIngest(program: Command, io: CliIo): void {
  program
    .command("ingest")
    .description(
      "validate one source file and store its observations (one transaction; a rejected file changes nothing)",
    )
    .argument(
      "<file>",
      "a Eurostat JSON-stat file (.json), a Eurostat or DG ECFIN CSV (.csv), or a spreadsheet (.xlsx): the Eurostat data browser's for the Eurostat types and expectations, the barometer workbook for lmb",
    )
    // Required, but checked by the command (cli/commands/ingest.ts): commander checks a mandatory option before an
    // unknown one, so `--typ unemployment` said "--type not specified" instead of suggesting --type.
    .addOption(new Option("-t, --type <type>", "what the file holds (required)").choices(DATA_TYPES))
    .option("--strict", "reject the file when a stored value would change by more than the tolerance", false)
    .option("--tolerance-pp <n>", "revision tolerance in percentage points", nonNegativeNumber, 0.5)
    .option("--dry-run", "validate and report, store nothing", false)
    .option("--json", "print the upload result as JSON", false)
    .addOption(waitOption())
    .addOption(createOption())
    .addHelpText(
      "after",
      `
Data types and the Eurostat tables each accepts:
  unemployment  une_rt_m (monthly: SA, age TOTAL, sex T, % of labour force) and une_rt_q (quarterly: SA,
                age Y15-74, sex T, % of labour force); per country the fresher of the two series counts
  vacancy       jvs_q_nace2 (job vacancy rate, NACE B-S, SA else NSA); successor jvs_q_r21
                (nace_r2_1 B-T, else A-T: the whole economy; the notes say which); ei_lmjv_q_r2 (the euro
                indicators' rate, computed from jvs_q_nace2: used where neither of those has the quarter)
  gdp           namq_10_gdp (B1GQ, SCA; q-o-q CLV_PCH_PRE, or y-o-y CLV_PCH_SM)   context only
  inflation     prc_hicp_manr (CP00, RCH_A); successor prc_hicp_minr (TOTAL)     context only
  expectations  Employment Expectations Indicator (EEI, 100 = long-term mean): Eurostat teibs030 or
                ei_bsee_m_r2 (indic=BS-EEI-I, SA); DG ECFIN's long CSV (date,country,series,value;
                series EEI) as table ecfin_eei
  lmb           European Labour Market Barometer workbook (.xlsx)
  youth_unemployment  une_rt_m for the under-25s (SA, age Y_LT25, sex T, % of labour force)
                context only: shown beside the unemployment rate, never in a score

File formats of the Eurostat types: JSON-stat (.json) as the API serves it, a CSV (.csv): SDMX-CSV as the
data browser downloads it (codes or labels), or one column per dimension code plus time and value, or the
data browser's spreadsheet (.xlsx). An .xlsx for lmb is the barometer workbook.
Expectations also take DG ECFIN's long CSV. The table comes from the file (extension.id or DATAFLOW), else
from its dimensions and frequency.

Exit codes: 0 stored (warnings allowed), 1 rejected, unreadable or busy (nothing stored), 2 usage error.
A failure is said in one line on stderr; with --json, stdout carries the upload result (or, when no file was
read, {"ok": false, "error": {"code", "message", "exit"}}).
Examples:
  jwi ingest fixtures/real/eurostat/une_rt_m.json --type unemployment
  jwi ingest fixtures/real/ecfin/ecfin_bcs_indicators_long_2004-01_2025-08.csv --type expectations
  jwi ingest fixtures/real/eurostat/une_rt_m_SDMX-CSV_labels_EU27_Y_LT25_Y25-74_2021-12_2026-01.csv --type youth_unemployment`,
    )
    .action(async (file: string, opts) => {
      const { ingestCommand } = await import("./commands/ingest.ts");
      await ingestCommand(await commandContext(io), file, opts);
    });
}

function addRecalc(program: Command, io: CliIo): void {
  program
    .command("recalc")
    .description("score every country with the current model (and its monthly history) and publish all of it at once")
    .option("--as-of <date>", "compute as of this date (YYYY-MM-DD) instead of today", asOfDate)
    .option("--json", "print {model, as_of, countries:[…]} as JSON", false)
    .addOption(waitOption())
    .addOption(createOption())
    .addHelpText(
      "after",
      "\nExit codes: 0 published, 1 failed or busy (the previous snapshots stay published), 2 usage error.",
    )
    .action(async (opts) => {
      const { recalcCommand } = await import("./commands/recalc.ts");
      await recalcCommand(await commandContext(io), opts);
    });
}

function addStatus(program: Command, io: CliIo): void {
  program
    .command("status")
    .description("newest period, age and count per data type and country; published scores and their age")
    .option("--json", "print the report as JSON", false)
    .addOption(createOption())
    .action(async (opts) => {
      const { statusCommand } = await import("./commands/status.ts");
      await statusCommand(await commandContext(io), opts);
    });
}

function addFetch(program: Command, io: CliIo): void {
  program
    .command("fetch")
    .description(
      "download the source tables from Eurostat (and the barometer workbook) and store what is new; no recalc",
    )
    .addOption(
      new Option("-t, --type <type...>", "only these data types (default: all); repeat or list several").choices(
        DATA_TYPES,
      ),
    )
    .option("--json", "print the per-table summary as JSON", false)
    .addOption(waitOption())
    .addOption(createOption())
    .addHelpText("after", FETCH_HELP)
    .action(async (opts: { type?: string[]; json?: boolean; wait?: number; create?: boolean }) => {
      const { fetchCommand } = await import("./commands/fetch.ts");
      await fetchCommand(await commandContext(io), opts);
    });
}

function addUpdate(program: Command, io: CliIo): void {
  program
    .command("update")
    .description(
      "fetch every table, then recalc and publish if anything changed: the one line for cron or a systemd timer",
    )
    .option("--json", "print the per-table summary and the recalc as JSON", false)
    .addOption(waitOption())
    .addOption(createOption())
    .addHelpText("after", UPDATE_HELP)
    .action(async (opts: { json?: boolean; wait?: number; create?: boolean }) => {
      const { updateCommand } = await import("./commands/update.ts");
      await updateCommand(await commandContext(io), opts);
    });
}

function addServe(program: Command, _io: CliIo): void {
  program
    .command("serve")
    .description("run the site and the API (what `npm start` runs); loads the bundled data into an empty data dir")
    .option("-p, --port <n>", "port to listen on (default PORT or 3000)", port)
    .action(async (opts: { port?: number }) => {
      const { serveCommand } = await import("./commands/serve.ts");
      await serveCommand(opts);
    });
}

function addBackup(program: Command, io: CliIo): void {
  program
    .command("backup")
    .description(
      "copy the data directory into DIR while the server runs: a snapshot of the serving store, the DuckDB store (under the job lock) and the raw downloads, with a manifest of hashes",
    )
    .argument("<dir>", "a new or empty directory outside JWI_DATA_DIR")
    .option("--json", "print {ok, backup, created_at, files, bytes, tables, publication_id} as JSON", false)
    .addOption(waitOption())
    .addHelpText(
      "after",
      `
What is copied, and how (docs/operations.md, "Backups"):
  jwi.sqlite   the serving store (publications, community posts, waiting-list requests, contact messages, the
               audit log, sessions, settings): one consistent snapshot (SQLite VACUUM INTO), taken while the
               server goes on answering and writing
  jwi.duckdb   the pipeline's store, copied while this command holds the job lock (no upload, recalc or update
               runs meanwhile; one that is running is waited for, --wait)
  raw/         the downloads kept for replay, under the same lock
  manifest.json  written last: every file with its size and SHA-256, the rows of every table; a directory
               without it is a backup cut short, which jwi restore refuses

Exit codes: 0 backed up, 1 failed (nothing left in DIR) or a data job kept the lock past --wait, 2 usage error.
Examples:
  jwi backup /srv/backups/jwi-$(date +%F)
  JWI_DATA_DIR=/srv/jwi/data jwi backup /mnt/offsite/jwi --json`,
    )
    .action(async (dir: string, opts: { json?: boolean; wait?: number }) => {
      const { backupCommand } = await import("./commands/backup.ts");
      await backupCommand(await commandContext(io), dir, opts);
    });
}

function addRestore(program: Command, io: CliIo): void {
  program
    .command("restore")
    .description(
      "restore a backup made by jwi backup into JWI_DATA_DIR, a new or empty directory; refuses a partial or mismatched backup",
    )
    .argument("<dir>", "the backup directory (it holds manifest.json)")
    .option("--json", "print {ok, data_dir, created_at, files, bytes, tables, publication_id} as JSON", false)
    .addOption(waitOption())
    .addHelpText(
      "after",
      `
Everything is checked before anything is written: the manifest, every file's size and SHA-256, no file missing
or unlisted. The files are copied under temporary names, checked again and renamed; the restored serving store
must pass SQLite's integrity check and hold the manifest's rows. JWI_DATA_DIR must hold no store: restore into a
new directory, then point the server at it (or move the old directory away first). A failure leaves it empty.

Exit codes: 0 restored, 1 refused (a partial or mismatched backup, a data directory that holds data; nothing
written), 2 usage error.
Example:
  JWI_DATA_DIR=/srv/jwi/data-restored jwi restore /srv/backups/jwi-2026-11-28 && JWI_DATA_DIR=/srv/jwi/data-restored jwi serve`,
    )
    .action(async (dir: string, opts: { json?: boolean; wait?: number }) => {
      const { restoreCommand } = await import("./commands/backup.ts");
      await restoreCommand(await commandContext(io), dir, opts);
    });
}

function addAdmin(program: Command, io: CliIo): void {
  const admin = program.command("admin").description("operator account");
  admin
    .command("set-password")
    .description("set the operator password (read from stdin when not a TTY); stores only an argon2id hash")
    .action(async () => {
      const { setPasswordCommand } = await import("./commands/admin.ts");
      await setPasswordCommand(io);
    });
}

function addJob(program: Command, io: CliIo): void {
  // The server's job child (pipeline/jobs/child.ts); hidden from --help.
  program
    .command("job", { hidden: true })
    .description("run one data job sent by the server over IPC (internal)")
    .action(async () => {
      const { jobCommand } = await import("./commands/job.ts");
      await jobCommand(await commandContext(io));
    });
}

/** The commands, in the order `jwi --help` lists them: each adds itself, its options and its help. */
const COMMANDS = [
  addIngest,
  addRecalc,
  addStatus,
  addFetch,
  addUpdate,
  addServe,
  addBackup,
  addRestore,
  addAdmin,
  addJob,
];

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
  for (const add of COMMANDS) add(program, io);
  return program;
}
