// `jwi update`: fetch everything, then recalc and publish if a stored value changed. The one line for cron or a
// systemd timer; its exit code says whether every table was fresh (0), some failed (1) or all failed (3).
import { COUNTRIES } from "../../lib/countries.ts";
import { runUpdate, type UpdateSummary } from "../../pipeline/fetch/update.ts";
import { progress, writeLine, type CommandContext } from "../io.ts";
import { cliFetchOptions, openForFetch, orBusy, printFetchSummary, throwForOutcome } from "./fetch.ts";

export async function updateCommand(
  ctx: CommandContext,
  opts: { json?: boolean; wait?: number; create?: boolean },
): Promise<UpdateSummary> {
  const bar = progress(ctx.io);
  bar.step("opening the data store");
  const pipeline = await openForFetch(ctx, opts.wait, opts.create);
  let summary: UpdateSummary;
  try {
    summary = await orBusy(runUpdate(pipeline, cliFetchOptions(ctx, bar), { command: "jwi update" }));
  } finally {
    bar.done();
    pipeline.close();
  }
  ctx.logger.info(
    {
      outcome: summary.outcome,
      counts: summary.counts,
      changed: summary.changed,
      recalc: summary.recalc,
      ms: summary.duration_ms,
    },
    "update finished",
  );
  if (opts.json) writeLine(ctx.io.stdout, JSON.stringify(summary, null, 2));
  else {
    printFetchSummary(ctx, summary);
    const r = summary.recalc;
    if (r?.ok && !r.unchanged && !r.paused)
      writeLine(
        ctx.io.stdout,
        `Recalculated and published: ${r.countries_scored} of ${COUNTRIES.length} countries scored, as of ${r.as_of}.`,
      );
    for (const note of summary.notes) writeLine(ctx.io.stdout, note);
  }
  throwForOutcome(summary);
  return summary;
}
