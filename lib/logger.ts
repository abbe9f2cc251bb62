// pino JSON logs on stderr (stdout stays for results: tables, --json output). Two writers over the same format:
// the CLI and the job child write each line synchronously (nothing is lost when a command exits), the server
// asynchronously (SonicBoom coalesces lines while a write is in flight, so request logs do not block the event
// loop with one write per request; closing the server flushes it).
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** `destination`: where the JSON lines go instead of fd 2 (the CLI's terminal writes them above its progress line). */
export function createLogger(level: string = "info", name = "jwi", destination?: DestinationStream): Logger {
  return pino({ name, level }, destination ?? pino.destination({ fd: 2, sync: true }));
}

/** The server's logger: the same lines on fd 2, written asynchronously. */
export function createServerLogger(level: string, name = "jwi"): Logger {
  return pino({ name, level }, pino.destination({ fd: 2, sync: false }));
}
