// The workbook parse worker: a child process started by parse-guarded.ts with a V8 heap limit and a time limit,
// so that a hostile workbook can exhaust only this process. Input: the file's bytes on stdin and what to read as
// its last argument (an XlsxJob as JSON: the barometer, or a Eurostat data browser spreadsheet for a data type);
// output: one IPC message, the ParsedFile or the error; then it exits. Entry point of its own in a bundle
// (BAROMETER_WORKER_ENTRY).
import { InputError } from "../../../lib/errors.ts";
import type { ParsedFile } from "../../types.ts";
import { parseXlsx, type XlsxJob } from "../xlsx/parse-xlsx.ts";
import { verifyInflatedSizes } from "./guard.ts";

/** The one message the worker sends. `input`: an InputError (the message is for the user). */
export type BarometerWorkerAnswer =
  { ok: true; parsed: ParsedFile } | { ok: false; input: boolean; message: string; details?: unknown };

/** The job of the last argument; the barometer when there is none (how the worker was started before v2.3). */
function jobOf(arg: string | undefined): XlsxJob {
  if (arg === undefined || !arg.startsWith("{")) return { kind: "lmb" };
  return JSON.parse(arg) as XlsxJob;
}

async function answer(buf: Buffer, job: XlsxJob): Promise<BarometerWorkerAnswer> {
  try {
    await verifyInflatedSizes(buf);
    return { ok: true, parsed: await parseXlsx(buf, job) };
  } catch (err) {
    if (err instanceof InputError) return { ok: false, input: true, message: err.message, details: err.details };
    return { ok: false, input: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

if (process.send) {
  // The parent gone (or the channel closed) means nobody waits for the answer.
  process.on("disconnect", () => process.exit(1));
  const result = await answer(await readStdin(), jobOf(process.argv.at(-1)));
  const send = (message: BarometerWorkerAnswer) =>
    new Promise<void>((resolve, reject) =>
      process.send!(message, undefined, {}, (err) => (err ? reject(err) : resolve())),
    );
  try {
    await send(result);
  } catch {
    // details that cannot be serialised: the message alone
    await send(result.ok ? result : { ok: false, input: result.input, message: result.message });
  }
  process.removeAllListeners("disconnect");
  process.disconnect();
}
