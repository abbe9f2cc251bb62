// `jwi job` (hidden): the server's job child (pipeline/jobs/child.ts). It receives one job over IPC, runs it
// with the same pipeline functions as the other commands, under the same cross-process lock, sends progress
// and the result back, and ends. Not for operators: it only runs when started by the server with an IPC channel.
import { runJob, serializeError, type ChildMessage, type RunMessage } from "../../pipeline/jobs/spec.ts";
import { CliError } from "../errors.ts";
import type { CommandContext } from "../io.ts";

export async function jobCommand(ctx: CommandContext): Promise<void> {
  if (!process.send)
    throw new CliError("`jwi job` is started by the server (with an IPC channel); it is not an operator command.", 2);
  const send = (m: ChildMessage) =>
    new Promise<void>((resolve) => {
      process.send!(m, undefined, undefined, () => resolve());
    });
  const message = await new Promise<RunMessage>((resolve) => process.once("message", (m) => resolve(m as RunMessage)));
  const controller = new AbortController();
  // The server stops a job with SIGTERM: an update ends its downloads and stops cleanly; anything else simply
  // ends (its open transaction is rolled back by the store), which also releases the job lock.
  process.once("SIGTERM", () => {
    if (message.spec.kind === "update") controller.abort();
    else process.exit(143);
  });
  // Opened like every other command's (cli/io.ts), so the publications of the operator page, the schedule and
  // the first seed carry their share cards too. actor null: the server writes the audit entries of the jobs it
  // runs here (pipeline/jobs/child.ts, the routes).
  const pipeline = await ctx.openPipeline({ actor: null });
  try {
    const value = await runJob(pipeline, message.spec, {
      env: ctx.env,
      logger: ctx.logger,
      command: message.command,
      waitMs: message.waitMs,
      signal: controller.signal,
      onProgress: (step) => void send({ type: "progress", step }),
      onWait: (holder) => void send({ type: "waiting", holder }),
    });
    await send({ type: "result", value });
  } catch (err) {
    ctx.logger.debug({ err }, "job failed");
    await send({ type: "error", error: serializeError(err) });
  } finally {
    pipeline.close();
    process.disconnect();
  }
}
