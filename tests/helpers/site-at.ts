// The real site server (API + pages) on a random loopback port over a data directory, its clock fixed at `now`: the
// integration files that read pages as of one date share it (words-and-numbers, shown-numbers, sectors-finer).
import { startSiteServer } from "../../server/main.ts";

export async function startSiteAt(dataDir: string, now: Date): Promise<{ base: string; close: () => Promise<void> }> {
  const server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    config: { httpLog: false, drawCardsAhead: false },
    handleSignals: false,
    now: () => now,
    shutdownTimeoutMs: 2_000,
  });
  return { base: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
