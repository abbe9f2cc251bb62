// `jwi serve [--port N]` (what `npm start` runs): the server-rendered site and the API on one port. Resolves
// once the server has shut down (SIGTERM / SIGINT finish in-flight requests first); never exits the process.
import { startSiteServer } from "../../server/main.ts";
import { writeLine } from "../io.ts";

export interface ServeOptions {
  port?: number;
}

export async function serveCommand(opts: ServeOptions = {}): Promise<void> {
  const server = await startSiteServer({ port: opts.port, handleSignals: true });
  writeLine(process.stdout, `Job Weather Index is running on ${server.url} (Ctrl+C to stop)`);
  await server.closed;
}
