// `jwi fetch [--type T…]`: download the source tables from Eurostat (and the barometer workbook) and ingest
// what is new, through the same ingest as `jwi ingest`. No recalc (that is `jwi update`).
import { fetchOptionsFromEnv, type FetchOptions } from "../../pipeline/fetch/options.ts";
import {
  exitCodeOf,
  runFetch,
  type FetchSummary,
  type TableOutcome,
  type UpdateSummary,
} from "../../pipeline/fetch/update.ts";
import { BusyError } from "../../lib/errors.ts";
import type { Pipeline } from "../../pipeline/index.ts";
import { readingsOf } from "../../pipeline/sources/eurostat/tables.ts";
import { DATA_TYPES, type DataType } from "../../pipeline/types.ts";
import { CliError } from "../errors.ts";
import { progress, writeLine, type CommandContext } from "../io.ts";

export interface FetchCommandOptions {
  type?: string[];
  json?: boolean;
  wait?: number;
  create?: boolean;
}

/** The updater's options for a CLI run: the environment's, logging through the command's logger, progress on a TTY. */
export function cliFetchOptions(ctx: CommandContext, bar: ReturnType<typeof progress>): FetchOptions {
  return fetchOptionsFromEnv(ctx.env, {
    logger: ctx.logger,
    onProgress: ({ table, step }) => bar.step(`${step === "request" ? "downloading" : "storing"} ${table}`),
  });
}

/** Opens the pipeline for a download run; its job waits `--wait` seconds (default JWI_LOCK_WAIT_S) for a running one. */
export function openForFetch(ctx: CommandContext, wait?: number, create?: boolean): Promise<Pipeline> {
  return ctx.openPipeline({ waitMs: wait === undefined ? undefined : wait * 1000, create });
}

/** A busy data directory: exit 3, as when nothing could be checked, naming the job that holds it. */
export async function orBusy<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!(err instanceof BusyError)) throw err;
    throw new CliError(`${err.message} Nothing was checked.`, 3, { code: "busy" });
  }
}

/** 0 all fresh or unchanged, 1 some tables failed, 3 every table failed: thrown as CliError for jwi.ts. */
export function throwForOutcome(summary: FetchSummary | UpdateSummary): void {
  const code = exitCodeOf(summary);
  const failed = summary.tables.filter((t) => t.status === "failed");
  if (code === 3 && failed.length > 0 && failed.every((t) => t.reason?.startsWith("no network"))) {
    const first = failed[0]!.reason!.replace(/; not asked$/, "").replace(/ \(\d+ attempts?\)$/, "");
    throw new CliError(
      `${first[0]!.toUpperCase()}${first.slice(1)}: none of the ${failed.length} tables could be checked; nothing was changed.`,
      3,
      {
        code: "no_network",
        reported: true,
      },
    );
  }
  const recalc = "recalc" in summary ? summary.recalc : null;
  const recalcFailed =
    recalc !== null && !recalc.ok ? `The recalc failed (${recalc.error}); the previous scores stay published.` : "";
  if (code !== 0) {
    const message =
      code === 3
        ? "Every table failed; nothing was updated."
        : failed.length > 0
          ? `${failed.length} of ${summary.tables.length} tables failed (${failed.map(outcomeName).join(", ")}); see the summary.${recalcFailed ? ` ${recalcFailed}` : ""}`
          : recalcFailed || "Some tables failed; see the summary.";
    throw new CliError(message, code, {
      code: code === 3 ? "all_failed" : "some_failed",
      reported: true,
    });
  }
}

export async function fetchCommand(ctx: CommandContext, opts: FetchCommandOptions): Promise<FetchSummary> {
  const types = (opts.type?.length ? [...new Set(opts.type)] : [...DATA_TYPES]) as DataType[];
  const bad = types.filter((t) => !(DATA_TYPES as readonly string[]).includes(t));
  if (bad.length) throw new CliError(`--type must be one of: ${DATA_TYPES.join(", ")} (got "${bad.join(", ")}").`, 2);
  if (opts.type?.includes("lmb") && !ctx.env.JWI_BAROMETER_URL) {
    throw new CliError(
      "--type lmb needs JWI_BAROMETER_URL (where the barometer workbook is published); it is not set.",
      2,
    );
  }
  const bar = progress(ctx.io);
  bar.step("opening the data store");
  const pipeline = await openForFetch(ctx, opts.wait, opts.create);
  let summary: FetchSummary;
  try {
    summary = await orBusy(
      runFetch(pipeline, cliFetchOptions(ctx, bar), types, {
        command: `jwi fetch${opts.type?.length ? ` --type ${types.join(" ")}` : ""}`,
      }),
    );
  } finally {
    bar.done();
    pipeline.close();
  }
  ctx.logger.info(
    { outcome: summary.outcome, counts: summary.counts, changed: summary.changed, ms: summary.duration_ms },
    "fetch finished",
  );
  if (opts.json) writeLine(ctx.io.stdout, JSON.stringify(summary, null, 2));
  else {
    printFetchSummary(ctx, summary);
    if (summary.changed)
      writeLine(ctx.io.stdout, "Stored values changed: run `jwi recalc` to publish new scores (or use `jwi update`).");
  }
  throwForOutcome(summary);
  return summary;
}

const MARK: Record<TableOutcome["status"], string> = {
  fetched: "✓",
  unchanged: "=",
  empty: "∅",
  failed: "✗",
  skipped: "–",
};

function detail(t: TableOutcome): string {
  if (t.status === "fetched") {
    const parts = [`${t.inserted} new, ${t.updated} revised, ${t.unchanged} unchanged`];
    if (t.newest_period) parts.push(`newest ${t.newest_period}`);
    if (t.source_updated) parts.push(`updated at source ${t.source_updated}`);
    if (t.attempts > 1) parts.push(`${t.attempts} attempts`);
    return parts.join(" · ");
  }
  return t.reason ?? "";
}

/** `une_rt_m`, or `une_rt_m (youth_unemployment)` for a table's second reading (one answer, two data types). */
function outcomeName(t: Pick<TableOutcome, "table" | "data_type">): string {
  const first = readingsOf(t.table)[0];
  return first && first.dataType !== t.data_type ? `${t.table} (${t.data_type})` : t.table;
}

/**
 * What the run checked, as it happened: a table that failed (no network, an error answer) was asked for, not checked;
 * "Checked 9 source tables" over nine failures said the opposite of what happened.
 */
function checkedWords(s: Pick<FetchSummary, "tables">): string {
  const asked = s.tables.filter((t) => t.status !== "skipped").length;
  const checked = s.tables.filter((t) => t.status !== "skipped" && t.status !== "failed").length;
  const tables = (n: number) => `${n} source table${n === 1 ? "" : "s"}`;
  if (checked === asked) return `Checked ${tables(checked)}`;
  if (checked === 0) return `Could not check any of the ${tables(asked)} asked for`;
  return `Checked ${checked} of the ${tables(asked)} asked for (${asked - checked} failed)`;
}

/** One line per table (and its notes), then the counts. Shared by `jwi fetch` and `jwi update`. */
export function printFetchSummary(ctx: CommandContext, s: FetchSummary): void {
  const out = ctx.io.stdout;
  writeLine(out, `${checkedWords(s)} in ${(s.duration_ms / 1000).toFixed(1)} s (Eurostat: ${s.base_url}):`);
  const width = Math.max(...s.tables.map((t) => outcomeName(t).length), 8);
  for (const t of s.tables) {
    writeLine(out, `  ${MARK[t.status]} ${outcomeName(t).padEnd(width)}  ${t.status.padEnd(9)}  ${detail(t)}`);
    const indent = `    ${" ".repeat(width)}  `;
    if (t.successor_of) writeLine(out, `${indent}successor of ${t.successor_of}`);
    if (t.frozen)
      writeLine(
        out,
        `${indent}looks frozen: ${t.frozen}${t.fell_over_to ? ` → falling over to ${t.fell_over_to}` : ""}`,
      );
    else if (t.fell_over_to) writeLine(out, `${indent}→ falling over to ${t.fell_over_to}`);
    if (t.status === "failed" && t.raw_file) writeLine(out, `${indent}the answer is kept as ${t.raw_file}`);
    for (const note of t.notes.filter((n) => !n.startsWith("asked instead of"))) {
      writeLine(out, `${indent}note: ${note}`);
    }
  }
  const c = s.counts;
  writeLine(
    out,
    `Result: ${c.fetched} fetched, ${c.unchanged} unchanged, ${c.empty} empty, ${c.failed} failed, ${c.skipped} skipped.`,
  );
}
