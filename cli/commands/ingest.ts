// `jwi ingest FILE --type T`: validate and store one file through the pipeline (the same function as uploads).
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { IngestRequest, IngestStep } from "../../pipeline/ingest.ts";
import { publishedSnapshots, type MovedCountry } from "../../pipeline/moved.ts";
import { DATA_TYPES, type UploadResult } from "../../pipeline/types.ts";
import { maxUploadBytes } from "../../pipeline/validate.ts";
import { CliError } from "../errors.ts";
import { progress, writeLine, type CommandContext } from "../io.ts";
import { printMoved } from "./recalc.ts";

/**
 * The upload result, and when the file changed stored values: what the next recalc will move (scored in the same
 * job, nothing published), so the terminal says what a new file does to the scores.
 */
export type IngestCommandResult = UploadResult & {
  moved?: MovedCountry[];
  /**
   * Set when nothing is published yet: what the next recalc will publish, the first scores (countries scored of
   * those covered). `moved` is then empty: there is nothing to move from.
   */
  first_publication?: { countries_scored: number; countries: number };
};

export interface IngestOptions {
  type: string;
  strict?: boolean;
  tolerancePp?: number;
  dryRun?: boolean;
  json?: boolean;
  /** Seconds to wait for a running data job. */
  wait?: number;
  /** Start an empty data directory when JWI_DATA_DIR does not exist. */
  create?: boolean;
}

const STEP_TEXT: Record<IngestStep, string> = {
  received: "parsing",
  parsed: "validating",
  validated: "storing",
  stored: "done",
};

export async function ingestCommand(
  ctx: CommandContext,
  file: string,
  opts: IngestOptions,
): Promise<IngestCommandResult> {
  if ((opts.type as string | undefined) === undefined) {
    throw new CliError(`required option '-t, --type <type>' not specified (one of: ${DATA_TYPES.join(", ")}).`, 2);
  }
  if (!(DATA_TYPES as readonly string[]).includes(opts.type)) {
    throw new CliError(`--type must be one of: ${DATA_TYPES.join(", ")} (got "${opts.type}").`, 2);
  }
  const size = await fileSize(file);
  const bar = progress(ctx.io);
  bar.step(`reading ${path.basename(file)}`);
  // Oversized files are refused before they are read into memory.
  const content = size > maxUploadBytes(file) ? Buffer.alloc(0) : await readFile(file);
  const pipeline = await ctx.openPipeline({
    waitMs: opts.wait === undefined ? undefined : opts.wait * 1000,
    create: opts.create,
  });
  let result: IngestCommandResult;
  try {
    bar.step("waiting for the data store");
    const req: IngestRequest = {
      fileName: path.basename(file),
      content,
      path: file,
      size,
      dataType: opts.type,
      strict: opts.strict,
      tolerancePp: opts.tolerancePp,
      dryRun: opts.dryRun,
      origin: "cli",
      onProgress: (s) => bar.step(STEP_TEXT[s]),
    };
    // One job, audited as the ingest (pipeline/index.ts does the same for pipeline.ingest): store, then score
    // without publishing to say what the next recalc will move.
    result = await pipeline.exclusive(
      async (locked) => {
        const stored = await locked.ingest(req);
        if (!stored.success || stored.dry_run || stored.inserted + stored.updated === 0) return stored;
        bar.step("scoring what moved");
        const preview = await locked.recalc({ dryRun: true });
        const first = publishedSnapshots(locked.servingDb).size === 0;
        return {
          ...stored,
          moved: preview.moved,
          ...(first
            ? {
                first_publication: {
                  countries_scored: preview.countries_scored,
                  countries: preview.countries.length,
                },
              }
            : {}),
        };
      },
      { command: `jwi ingest ${path.basename(file)}`, audit: { action: "ingest", target: opts.type } },
    );
  } finally {
    bar.done();
    pipeline.close();
  }
  ctx.logger.info(
    { file, type: opts.type, success: result.success, inserted: result.inserted, updated: result.updated },
    "ingest finished",
  );
  if (opts.json) writeLine(ctx.io.stdout, JSON.stringify(result, null, 2));
  else if (result.success) printResult(ctx, file, result);
  if (!result.success) {
    // Said once, on stderr (the error line), not also on stdout; "Nothing was stored" once, not twice.
    const said = result.error ?? "the file was refused";
    const error = /[.!?]$/.test(said) ? said : `${said}.`;
    throw new CliError(
      `${path.basename(file)} rejected: ${error}${/nothing was stored/i.test(error) ? "" : " Nothing was stored."}`,
      1,
      {
        code: "rejected",
        reported: true,
      },
    );
  }
  return result;
}

/** The size of the file to ingest; a CliError in plain words when it is missing, a directory or unreadable. */
async function fileSize(file: string): Promise<number> {
  let info;
  try {
    info = await stat(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new CliError(`Cannot read ${file}: there is no such file (check the path). Nothing was stored.`, 1, {
        code: "not_found",
      });
    }
    throw new CliError(
      `Cannot read ${file}: ${code === "EACCES" ? "permission denied" : String(code ?? err)}. Nothing was stored.`,
      1,
      { code: "not_found" },
    );
  }
  if (info.isDirectory()) {
    throw new CliError(
      `Cannot read ${file}: it is a directory; give the path of one file in it. Nothing was stored.`,
      1,
      { code: "not_found" },
    );
  }
  if (!info.isFile())
    throw new CliError(`Cannot read ${file}: it is not a regular file. Nothing was stored.`, 1, { code: "not_found" });
  return info.size;
}

function printResult(ctx: CommandContext, file: string, r: IngestCommandResult) {
  const out = ctx.io.stdout;
  writeLine(
    out,
    `✓ ${path.basename(file)} (${r.data_type}, table ${r.table})${r.dry_run ? " — dry run, nothing stored" : ""}`,
  );
  writeLine(
    out,
    `  processed ${r.processed} · inserted ${r.inserted} · updated ${r.updated} · unchanged ${r.unchanged} · missing ${r.skippedMissing}`,
  );
  if (r.unknownHeaders.length) writeLine(out, `  not covered (ignored): ${r.unknownHeaders.join(", ")}`);
  for (const note of r.notes) writeLine(out, `  note: ${note}`);
  if (r.warnings.length) {
    writeLine(out, `  ${r.warnings.length} warning(s):`);
    for (const w of r.warnings.slice(0, 20)) writeLine(out, `    [${w.type}] ${w.detail}`);
    if (r.warnings.length > 20) writeLine(out, `    … and ${r.warnings.length - 20} more (use --json to see all)`);
  }
  if (r.first_publication) {
    const f = r.first_publication;
    writeLine(
      out,
      `Nothing is published yet: the next \`jwi recalc\` publishes the first scores (${f.countries_scored} of ${f.countries} countries scored).`,
    );
  } else if (r.moved) printMoved(out, r.moved, "Moved at the next `jwi recalc` (not published yet)");
}
