// `jwi serve [--port N]` (what `npm start` runs): the site and the API on one port. Resolves once the server
// has shut down (SIGTERM / SIGINT finish in-flight requests first); never exits the process itself.
import type { RequestHandler } from "express";
import { startServer } from "../../api/server.ts";
import { writeLine } from "../io.ts";

export interface ServeOptions {
  port?: number;
  /** The server-rendered site, when the lead wires it in. */
  siteHandler?: RequestHandler;
}

export async function serveCommand(opts: ServeOptions = {}): Promise<void> {
  const server = await startServer({ port: opts.port, siteHandler: opts.siteHandler, handleSignals: true });
  writeLine(process.stdout, `Job Weather Index is running on ${server.url} (Ctrl+C to stop)`);
  await server.closed;
}
