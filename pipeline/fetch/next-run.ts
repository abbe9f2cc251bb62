// When the server's update schedule (JWI_UPDATE_CRON, croner syntax, as schedule.ts runs it) fires next. Kept apart
// from schedule.ts so that the status route does not load the updater.
import { Cron } from "croner";

/** The next run after `now` as an ISO time; null without a schedule (or a pattern that never fires again). */
export function nextScheduledRun(cron: string | null | undefined, now: Date): string | null {
  if (!cron) return null;
  const job = new Cron(cron, { paused: true });
  try {
    return job.nextRun(now)?.toISOString() ?? null;
  } finally {
    job.stop();
  }
}
