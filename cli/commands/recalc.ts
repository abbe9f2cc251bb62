// `jwi recalc`: score every country (the current model, with history) and publish atomically.
import { noScoreText } from "../../product/no-score.ts";
import { pausedRecalcNote } from "../../pipeline/pause.ts";
import { NOTHING_CHANGED, type RecalcSummary } from "../../pipeline/recalc.ts";
import { formatScore } from "../../product/format.ts";
import { movedText } from "../../product/moved-text.ts";
import { recalcCardsText } from "../../product/share-cards/status.ts";
import { progress, writeLine, type CommandContext } from "../io.ts";

export interface RecalcCommandOptions {
  asOf?: string;
  json?: boolean;
  /** Seconds to wait for a running data job. */
  wait?: number;
  /** Start an empty data directory when JWI_DATA_DIR does not exist. */
  create?: boolean;
}

export async function recalcCommand(ctx: CommandContext, opts: RecalcCommandOptions): Promise<RecalcSummary> {
  const bar = progress(ctx.io);
  bar.step("scoring 31 countries");
  const pipeline = await ctx.openPipeline({
    waitMs: opts.wait === undefined ? undefined : opts.wait * 1000,
    create: opts.create,
  });
  let summary: RecalcSummary;
  try {
    summary = await pipeline.recalc(
      { asOf: opts.asOf },
      { command: `jwi recalc${opts.asOf ? ` --as-of ${opts.asOf}` : ""}` },
    );
  } finally {
    bar.done();
    pipeline.close();
  }
  ctx.logger.info(
    {
      as_of: summary.as_of,
      scored: summary.countries_scored,
      ms: summary.duration_ms,
      publication: summary.publication_id,
    },
    summary.unchanged
      ? `recalc: ${NOTHING_CHANGED}`
      : summary.paused
        ? "recalc stored (publication paused)"
        : "recalc published",
  );
  if (opts.json) {
    const { model, as_of, publication_id, countries, moved, cards } = summary;
    writeLine(
      ctx.io.stdout,
      JSON.stringify(
        {
          model,
          as_of,
          // The publication this run made (its row in the serving store), to tell runs apart in logs and scripts.
          publication_id,
          // Set while the operator paused publication: who, since when, why; the scores wait for resume.
          paused: summary.paused,
          countries: countries.map(({ code, score, status, label, confidence, basis, cover, anchor_month, yoy }) => ({
            code,
            score,
            status,
            label,
            confidence,
            basis,
            cover,
            anchor_month,
            yoy,
          })),
          // What moved against the previous publication: [{code, from, to, status_from, status_to, reason}].
          moved,
          // Its share cards: {keyed, drawn, to_draw, error} (drawn: already; to_draw: by the server at their first
          // request); null when it published none. No timing, like the rest: the same data prints the same bytes.
          cards: cards && { keyed: cards.keyed, drawn: cards.drawn, to_draw: cards.to_draw, error: cards.error },
        },
        null,
        2,
      ),
    );
  } else {
    printSummary(ctx, summary);
  }
  return summary;
}

function printSummary(ctx: CommandContext, s: RecalcSummary) {
  const out = ctx.io.stdout;
  if (s.unchanged) writeLine(out, `${NOTHING_CHANGED} (publication ${s.publication_id} of ${s.published_at})`);
  writeLine(
    out,
    `Model ${s.model}, as of ${s.as_of}: ${s.countries_scored} of ${s.countries.length} countries scored in ${s.duration_ms} ms` +
      (s.publication_id === null ? "." : `, publication ${s.publication_id}.`),
  );
  if (s.cards) writeLine(out, recalcCardsText(s.cards));
  printMoved(out, s.moved);
  writeLine(out, "");
  writeLine(
    out,
    `${"code".padEnd(5)}${"country".padEnd(15)}${"score".padStart(6)}  ${"status".padEnd(8)}${"confidence".padEnd(11)}${"basis".padEnd(16)}anchor`,
  );
  for (const c of s.countries) {
    const score = c.score === null ? "—" : formatScore(c.score);
    writeLine(
      out,
      `${c.code.padEnd(5)}${c.name.padEnd(15)}${score.padStart(6)}  ${(c.status ?? noScoreText(c.name, { asOf: s.as_of, anchorMonth: c.anchor_month }).phrase).padEnd(8)}` +
        (c.score === null
          ? ""
          : `${(c.confidence ?? "").padEnd(11)}${(c.basis ?? "").padEnd(16)}${c.anchor_month ?? ""}`),
    );
  }
  if (s.paused) {
    writeLine(out, "");
    writeLine(out, pausedRecalcNote(s.paused));
  }
}

/** The short "Moved:" list: each country whose score as shown or status changed, and the largest part of why. */
export function printMoved(out: CommandContext["io"]["stdout"], moved: RecalcSummary["moved"], head = "Moved"): void {
  if (moved.length === 0) {
    writeLine(out, `${head}: none.`);
    return;
  }
  writeLine(out, `${head}:`);
  for (const m of moved) writeLine(out, `  ${movedText(m)}`);
}
