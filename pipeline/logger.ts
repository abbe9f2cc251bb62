// pino JSON logs on stderr (stdout stays for results: tables, --json output).
import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string = "info", name = "jwi"): Logger {
  return pino({ name, level }, pino.destination({ fd: 2, sync: true }));
}
