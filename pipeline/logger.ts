// pino JSON logs on stderr (stdout stays for results: tables, --json output).
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** `destination`: where the JSON lines go instead of fd 2 (the CLI's terminal writes them above its progress line). */
export function createLogger(level: string = "info", name = "jwi", destination?: DestinationStream): Logger {
  return pino({ name, level }, destination ?? pino.destination({ fd: 2, sync: true }));
}
