// The server's logger: pino JSON on stderr like the CLI's (pipeline/logger.ts), but written asynchronously
// (SonicBoom coalesces lines while a write is in flight) so that request logs do not block the event loop
// with one synchronous write per request. close() in api/server.ts flushes it.
import pino from "pino";
import type { Logger } from "../pipeline/logger.ts";

export function createServerLogger(level: string, name = "jwi"): Logger {
  return pino({ name, level }, pino.destination({ fd: 2, sync: false }));
}
