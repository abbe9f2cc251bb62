// The barometer parse worker: a child process started by parse-guarded.ts with a V8 heap limit and a time limit,
// so that a hostile workbook can exhaust only this process. Input: the file's bytes on stdin; output: one IPC
// message, the ParsedFile or the error; then it exits. Entry point of its own in a bundle (BAROMETER_WORKER_ENTRY).
import { InputError } from "../../errors.ts";
import type { ParsedFile } from "../../types.ts";
import { verifyInflatedSizes } from "./guard.ts";
import { parseBarometer } from "./parse.ts";

/** The one message the worker sends. `input`: an InputError (the message is for the user). */
export type BarometerWorkerAnswer =
  { ok: true; parsed: ParsedFile } | { ok: false; input: boolean; message: string; details?: unknown };

async function answer(buf: Buffer): Promise<BarometerWorkerAnswer> {
  try {
    await verifyInflatedSizes(buf);
    return { ok: true, parsed: await parseBarometer(buf) };
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
  const result = await answer(await readStdin());
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
