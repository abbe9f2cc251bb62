// The one health line the data status opens with: the job running now, the last download run, the next scheduled
// one, the tables failing.
import type { StatusReport } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";

/** Who ran a download: the audit log's actor, with the door when it was a terminal. */
const runBy = (u: NonNullable<StatusReport["last_update"]>) =>
  u.door === "terminal" ? `terminal, ${u.actor}` : u.actor;

/**
 * The one health line the data status opens with: the job running now (the job lock's holder), the last download
 * run and its outcome, the next run of the server's schedule, the source tables whose last download failed.
 */
export function HealthLine({ report }: { report: StatusReport }) {
  const { job, last_update: u, schedule, tables_failing: failing } = report;
  const item = "min-w-0 break-words";
  return (
    <ul
      data-testid="status-health"
      aria-label="Data health"
      className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-2"
    >
      <li className={item} data-testid="health-job" data-running={job.running}>
        <span className="font-medium">Job running now: </span>
        {job.running
          ? job.holder
            ? `${job.holder.command} (pid ${job.holder.pid} on ${job.holder.host}), since ${formatDateTime(job.holder.started_at)}`
            : "a job has just started (it has not said which yet)"
          : "none"}
      </li>
      <li className={item} data-testid="health-last-update" data-result={u?.result ?? "none"}>
        <span className="font-medium">Last update: </span>
        {u ? (
          u.result === "ok" ? (
            `ok at ${formatDateTime(u.at)} (${u.action}, ${runBy(u)})`
          ) : (
            <span className="font-semibold text-red-800">
              {u.result === "busy" ? "could not start" : "failed"} at {formatDateTime(u.at)} ({u.action}, {runBy(u)})
              {u.reason ? `: ${u.reason}` : ""}
            </span>
          )
        ) : (
          "none yet"
        )}
      </li>
      <li className={item} data-testid="health-next-run">
        <span className="font-medium">Next scheduled update: </span>
        {schedule?.next_run ? (
          <>
            {formatDateTime(schedule.next_run)} (JWI_UPDATE_CRON{" "}
            <code className="whitespace-nowrap font-mono text-xs">{schedule.cron}</code>)
          </>
        ) : (
          "no schedule (JWI_UPDATE_CRON is not set)"
        )}
      </li>
      <li className={item} data-testid="health-failing" data-failing={failing.length}>
        <span className="font-medium">Tables failing: </span>
        {failing.length === 0 ? "none" : <span className="font-semibold text-red-800">{failing.join(", ")}</span>}
      </li>
    </ul>
  );
}
