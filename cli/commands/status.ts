// `jwi status`: what the store holds per data type and country, and what is published.
import type { StatusReport } from "../../pipeline/index.ts";
import { describeHolder } from "../../lib/errors.ts";
import { pausedWords } from "../../pipeline/pause.ts";
import { PAUSED_VISITORS_SEE } from "../../product/operator-words.ts";
import { formatScore } from "../../product/format.ts";
import { noScoreText } from "../../product/no-score.ts";
import { shareCardsText } from "../../product/share-cards/status.ts";
import { writeLine, type CommandContext } from "../io.ts";

export async function statusCommand(
  ctx: CommandContext,
  opts: { json?: boolean; create?: boolean },
): Promise<StatusReport> {
  // Read-only: the stores are opened for reading and nothing is written (a full disk is when this is needed most).
  const report = await ctx.readStatus({ create: opts.create });
  if (opts.json) {
    writeLine(ctx.io.stdout, JSON.stringify(report, null, 2));
    return report;
  }
  const out = ctx.io.stdout;
  const job = report.job;
  if (job.running) writeLine(out, `A data job is running: ${describeHolder(job.holder)}.\n`);
  if (report.paused) {
    writeLine(out, `${pausedWords(report.paused)}.`);
    writeLine(out, PAUSED_VISITORS_SEE);
    if (report.pending) {
      writeLine(
        out,
        `Waiting for resume: the scores computed at ${report.pending.computed_at} (model ${report.pending.model}, as of ${report.pending.as_of}, ${report.pending.countries_scored} countries scored).`,
      );
    }
    writeLine(out, "");
  }
  writeLine(out, `Data held (ages in months as of ${report.as_of_month}):`);
  if (report.data.length === 0) writeLine(out, "  nothing yet: run `jwi ingest FILE --type T` first.");
  let last = "";
  for (const r of report.data) {
    // Sector vacancy rates (model v2.3, context only) are many series per country: said per table, below.
    if (r.data_type === "sector_vacancy") continue;
    const head = `${r.data_type} · ${r.table}`;
    if (head !== last) {
      writeLine(out, `  ${head}`);
      last = head;
    }
    // The marker is a word, not a colour: it survives a pipe, a log and a screen reader. A table holding two
    // series for one country lists each, the one not read marked so (docs/model.md §1 "Series").
    const several =
      report.data.filter((d) => d.data_type === r.data_type && d.table === r.table && d.country === r.country).length >
      1;
    const series = several ? `  series ${r.series}${r.read ? "" : " (kept, NOT READ)"}` : "";
    writeLine(
      out,
      `    ${r.country.padEnd(10)} newest ${r.newest_period.padEnd(8)} age ${String(r.age_months).padStart(3)}  ${r.stale ? "STALE" : "     "}  ${r.observations} obs` +
        `  release ${r.release ?? "none stated"}${series}`,
    );
  }
  for (const line of sectorLines(report)) writeLine(out, line);
  if (report.data.length) {
    writeLine(out, "");
    writeLine(out, report.stale.rule);
    writeLine(out, report.lags.rule);
    const n = report.stale.countries.length;
    writeLine(
      out,
      n === 0
        ? "No country has stale data."
        : `${n} ${n === 1 ? "country has" : "countries have"} stale data: ${report.stale.countries.map((c) => `${c.code} (${c.data_types.join(", ")})`).join(", ")}.`,
    );
    if (report.stale.aggregates.length)
      writeLine(out, `Aggregates with stale data (not counted): ${report.stale.aggregates.join(", ")}.`);
  }
  const u = report.last_update;
  if (u) {
    writeLine(out, "");
    const who = u.door === "terminal" ? `terminal, ${u.actor}` : u.actor;
    const how =
      u.result === "ok"
        ? "ok"
        : u.result === "busy"
          ? "could not start (another job was running)"
          : `FAILED${u.reason ? `: ${u.reason}` : ""}`;
    writeLine(out, `Last download run: ${u.action} (${who}) at ${u.at}: ${how}`);
  }
  if (report.tables.length) {
    writeLine(out, "");
    writeLine(
      out,
      "Source tables (last check by `jwi update` / `jwi fetch`, last change of stored values, newest period):",
    );
    // A table that feeds two data types (une_rt_m, the vacancy tables with their sectors) names the type.
    const twice = (table: string) => report.tables.filter((x) => x.table === table).length > 1;
    const name = (t: (typeof report.tables)[number]) => (twice(t.table) ? `${t.table} (${t.dataType})` : t.table);
    const width = Math.max(...report.tables.map((t) => name(t).length));
    for (const t of report.tables) {
      const check = t.lastCheckedAt
        ? `${(t.lastStatus ?? "").padEnd(9)} checked ${t.lastCheckedAt}`
        : `${"—".padEnd(9)} never fetched`;
      writeLine(
        out,
        `  ${name(t).padEnd(width)}  ${check} · changed ${t.lastChangedAt ?? "—"} · newest ${t.newestPeriod ?? "—"}` +
          (t.lastStatus === "failed" && t.lastReason ? `\n  ${" ".repeat(width)}  ${t.lastReason}` : ""),
      );
    }
  }
  writeLine(out, "");
  const p = report.published;
  if (!p.published_at) {
    writeLine(out, "Nothing published yet: run `jwi recalc`.");
  } else {
    writeLine(out, `Published: model ${p.model}, as of ${p.as_of}, at ${p.published_at}`);
    if (p.cards) writeLine(out, shareCardsText(p.cards));
    for (const c of p.countries) {
      // The words every other door uses (product/no-score.ts): "no data to score" for Liechtenstein, "not enough
      // recent data" only for inputs that are all too old.
      const score =
        c.score === null
          ? noScoreText(c.code, { asOf: c.as_of, anchorMonth: c.anchor_month }).phrase
          : `${formatScore(c.score)} ${c.status}`;
      writeLine(out, `  ${c.code}  ${score}${c.age_days === null ? "" : `  (${c.age_days} days old)`}`);
    }
  }
  return report;
}

/**
 * The sector vacancy rates held (model v2.3 §11, context only), per table: its series (each NACE aggregate with each
 * seasonal adjustment) and per country how many aggregates are read and the newest quarter among them.
 */
function sectorLines(report: StatusReport): string[] {
  const rows = report.data.filter((r) => r.data_type === "sector_vacancy");
  const lines: string[] = [];
  for (const table of [...new Set(rows.map((r) => r.table))]) {
    const mine = rows.filter((r) => r.table === table);
    const series = [...new Set(mine.map((r) => r.series))].sort();
    lines.push(`  sector_vacancy · ${table} (context only, never in a score): ${series.length} series`);
    for (const s of series) lines.push(`      ${s}`);
    for (const country of [...new Set(mine.map((r) => r.country))]) {
      const read = mine.filter((r) => r.country === country && r.read);
      const newest =
        read
          .map((r) => r.newest_period)
          .sort()
          .at(-1) ?? "—";
      const kept = mine.filter((r) => r.country === country && !r.read).length;
      lines.push(
        `    ${country.padEnd(10)} ${read.length} aggregates read, newest ${newest}` +
          (kept > 0 ? `  (${kept} more series kept, NOT READ)` : ""),
      );
    }
  }
  return lines;
}
