// Data status: what `jwi status` prints, as a table. Per country and data type the newest period held and its
// age in months; a series past its data type's cut-off no longer counts in the score and is marked stale. The
// rule, its legend, the count and the filter all come from the status report (pipeline/staleness.ts): only
// countries are counted and filtered; Eurostat's aggregates are listed after them, never counted. Also the
// published scores and the source tables. It opens with one health line: the job running now, the last download
// run, the next scheduled one, the tables failing.
import { useEffect, useMemo, useState } from "react";
import { COUNTRIES } from "../../../../pipeline/countries.ts";
import { PAUSED_VISITORS_SEE } from "../../../../pipeline/pause.ts";
import { DATA_TYPES, type DataType } from "../../../../pipeline/types.ts";
import { getStatus, type StatusReport } from "../../lib/admin-api.ts";
import { formatDateTime, monthsText } from "../../lib/admin-format.ts";
import { formatScore } from "../../../../product/format.ts";
import { shareCardsText } from "../../../../product/share-cards/status.ts";
import type { UploadRules } from "../../lib/admin-upload.ts";
import { DATA_TYPE_LABELS } from "./data-types.ts";
import { useOperator } from "./operator-context.tsx";
import { Alert, Badge, button, Note, Panel, TableFrame, td, th } from "./ui.tsx";

type Freshness = "fresh" | "stale";
type Row = StatusReport["data"][number];

interface Cell {
  newest: Row;
  /** Every table holding this type for this country (une_rt_m and une_rt_q, …). */
  rows: Row[];
  freshness: Freshness;
}

const SHORT_LABEL: Record<DataType, string> = { unemployment: "Unemployment", vacancy: "Vacancy", gdp: "GDP", inflation: "Inflation", lmb: "Barometer", expectations: "Expectations", youth_unemployment: "Under 25" };

/** Whether the server found the series past the model's cut-off (pipeline/model/current.ts `withinCutoff`). */
const freshnessOf = (row: Row): Freshness => (row.stale ? "stale" : "fresh");

const CELL_STYLE: Record<Freshness, string> = {
  fresh: "",
  stale: "bg-red-50 text-red-950",
};

function matrix(report: StatusReport) {
  const byGeo = new Map<string, Map<DataType, Cell>>();
  for (const row of report.data) {
    let cells = byGeo.get(row.country);
    if (!cells) byGeo.set(row.country, (cells = new Map()));
    const cell = cells.get(row.data_type);
    if (!cell) {
      cells.set(row.data_type, { newest: row, rows: [row], freshness: freshnessOf(row) });
    } else {
      cell.rows.push(row);
      // v2.2: a series kept but not read (another series of its table is) never stands for the cell.
      const better = row.read !== false && (cell.newest.read === false || row.age_months < cell.newest.age_months);
      if (better) {
        cell.newest = row;
        cell.freshness = freshnessOf(row);
      }
    }
  }
  const countryCodes = new Set(COUNTRIES.map((c) => c.code));
  const aggregates = [...byGeo.keys()].filter((g) => !countryCodes.has(g)).sort();
  return { byGeo, aggregates };
}

/** Who ran a download: the audit log's actor, with the door when it was a terminal. */
const runBy = (u: NonNullable<StatusReport["last_update"]>) => (u.door === "terminal" ? `terminal, ${u.actor}` : u.actor);

/**
 * The one health line the data status opens with: the job running now (the job lock's holder), the last download
 * run and its outcome, the next run of the server's schedule, the source tables whose last download failed.
 */
function HealthLine({ report }: { report: StatusReport }) {
  const { job, last_update: u, schedule, tables_failing: failing } = report;
  const item = "min-w-0 break-words";
  return (
    <ul data-testid="status-health" aria-label="Data health" className="grid gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-2">
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
            {formatDateTime(schedule.next_run)} (JWI_UPDATE_CRON <code className="whitespace-nowrap font-mono text-xs">{schedule.cron}</code>)
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

function StatusCell({ cell }: { cell: Cell | undefined }) {
  if (!cell) {
    return (
      <td className={`${td} text-slate-400`}>
        <span aria-hidden>—</span>
        <span className="sr-only">no data</span>
      </td>
    );
  }
  const { newest, freshness } = cell;
  const tables = cell.rows
    .map(
      (r) =>
        `${r.table}${r.series ? ` (${r.series})` : ""}: ${r.newest_period}, ${r.observations} observations, release ${r.release ?? "none stated"}` +
        (r.read === false ? " (kept, not read)" : ""),
    )
    .join("\n");
  const unread = cell.rows.filter((r) => r.read === false).length;
  return (
    <td className={`${td} whitespace-nowrap ${CELL_STYLE[freshness]}`} title={tables} data-freshness={freshness}>
      <span className="font-medium tabular-nums">{newest.newest_period}</span>
      <span className="block text-xs text-slate-600">
        {monthsText(newest.age_months)}
        {freshness === "stale" ? <span className="ml-1 font-semibold text-red-800">stale</span> : null}
        {unread > 0 ? <span className="block">{unread === 1 ? "1 more series kept, not read" : `${unread} more series kept, not read`}</span> : null}
      </span>
    </td>
  );
}

export function DataStatus({ rules }: { rules: UploadRules }) {
  const op = useOperator();
  const [report, setReport] = useState<StatusReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [onlyStale, setOnlyStale] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    getStatus()
      .then((r) => {
        if (!live) return;
        setReport(r);
        setError(null);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, "Could not load the data status"));
      });
    return () => {
      live = false;
    };
  }, [op.version, reload]);

  const view = useMemo(() => (report ? matrix(report) : null), [report]);
  const scores = useMemo(() => new Map(report?.published.countries.map((c) => [c.code, c]) ?? []), [report]);

  const staleCountries = useMemo(() => new Set(report?.stale.countries.map((c) => c.code) ?? []), [report]);
  const staleCount = staleCountries.size;

  const geos = view
    ? [...COUNTRIES.map((c) => ({ code: c.code, name: c.name, aggregate: false })), ...view.aggregates.map((g) => ({ code: g, name: g, aggregate: true }))]
    : [];
  const shown = onlyStale ? geos.filter((g) => staleCountries.has(g.code)) : geos;
  const pub = report?.published;

  return (
    <Panel
      id="status"
      title="Data status"
      description={
        <>
          Newest period held per country and data type, and its age in months as of {report?.as_of_month ?? "this month"} (the same facts as{" "}
          <code className="font-mono text-xs">jwi status</code>).
        </>
      }
      actions={
        <button type="button" className={button.small} onClick={() => setReload((n) => n + 1)}>
          Refresh
        </button>
      }
    >
      {error ? <Note tone="error">{error}</Note> : null}
      {!report && !error ? <Note>Loading data status...</Note> : null}
      {report && view ? (
        <div className="space-y-4">
          <HealthLine report={report} />
          {report.paused ? (
            <Alert
              kind="warning"
              title={`Publication is paused by ${report.paused.by ?? "the operator"} since ${formatDateTime(report.paused.since)}${report.paused.reason ? `: ${report.paused.reason}` : ""}`}
            >
              <p data-testid="status-paused">{PAUSED_VISITORS_SEE}</p>
              {report.pending ? (
                <p className="mt-2">
                  Waiting for resume: the scores computed {formatDateTime(report.pending.computed_at)} (as of {report.pending.as_of},{" "}
                  {report.pending.countries_scored} countries scored).
                </p>
              ) : null}
            </Alert>
          ) : null}
          <div className="flex flex-col gap-3 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
            <p data-testid="status-published">
              {pub?.published_at ? (
                <>
                  Published: model {pub.model}, as of {pub.as_of}, at {formatDateTime(pub.published_at)} ·{" "}
                  {pub.countries.filter((c) => c.score !== null).length} of {pub.countries.length} countries scored
                </>
              ) : (
                "Nothing published yet."
              )}
              {pub?.cards ? (
                <span data-testid="status-share-cards" className={`block ${pub.cards.error ? "font-semibold text-red-800" : "text-slate-600"}`}>
                  {shareCardsText(pub.cards)}
                </span>
              ) : null}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <span data-testid="stale-count">
                <Badge tone={staleCount ? "red" : "green"}>
                  {staleCount} {staleCount === 1 ? "country" : "countries"} with stale data
                </Badge>
              </span>
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="checkbox" checked={onlyStale} onChange={(e) => setOnlyStale(e.target.checked)} className="h-4 w-4 accent-brand-600" />
                Only rows with stale data
              </label>
            </div>
          </div>
          <p className="text-xs text-slate-600" data-testid="stale-legend">
            {report.stale.rule} Values count less from {rules.freshness.historical.grace} months ({rules.freshness.sentiment.grace} for the barometer and
            employment expectations).
          </p>
          <TableFrame label="Data status by country and data type">
            <table className="w-full min-w-[760px] border-separate border-spacing-0 text-sm" data-testid="status-table">
              <thead>
                <tr>
                  <th scope="col" className={`${th} sticky left-0 z-10 bg-white`}>
                    Country
                  </th>
                  {DATA_TYPES.map((t) => (
                    <th key={t} scope="col" className={th} title={DATA_TYPE_LABELS[t]}>
                      {SHORT_LABEL[t]}
                    </th>
                  ))}
                  <th scope="col" className={`${th} text-right`}>
                    Score
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((g) => {
                  const score = scores.get(g.code);
                  return (
                    <tr key={g.code} data-geo={g.code}>
                      <th scope="row" className={`${td} sticky left-0 z-10 bg-white text-left font-medium`}>
                        <span className="tabular-nums">{g.code}</span>
                        <span className="block text-xs font-normal text-slate-600">{g.aggregate ? "aggregate, not counted" : g.name}</span>
                      </th>
                      {DATA_TYPES.map((t) => (
                        <StatusCell key={t} cell={view.byGeo.get(g.code)?.get(t)} />
                      ))}
                      <td className={`${td} whitespace-nowrap text-right`}>
                        {g.aggregate ? null : score?.score != null ? (
                          <>
                            <span className="font-semibold tabular-nums">{formatScore(score.score)}</span>
                            <span className="block text-xs text-slate-600">{score.status}</span>
                          </>
                        ) : (
                          <span className="text-xs text-slate-600">no score</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
          {report.tables.length > 0 ? (
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer text-sm font-medium">Source tables ({report.tables.length})</summary>
              <TableFrame label="Source tables">
                <table className="mt-2 w-full min-w-[640px] text-sm">
                  <thead>
                    <tr>
                      <th className={th}>Table</th>
                      <th className={th}>Type</th>
                      <th className={th}>Newest</th>
                      <th className={`${th} text-right`}>Values</th>
                      <th className={th}>Last changed</th>
                      <th className={th}>Last fetch</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.tables.map((t) => (
                      <tr key={t.table}>
                        <td className={`${td} font-mono text-xs`}>{t.table}</td>
                        <td className={td}>{t.dataType}</td>
                        <td className={td}>{t.newestPeriod ?? "—"}</td>
                        <td className={`${td} text-right tabular-nums`}>{t.observations}</td>
                        <td className={td}>{t.lastChangedAt ? formatDateTime(t.lastChangedAt) : "—"}</td>
                        <td className={td}>
                          {t.lastCheckedAt ? `${t.lastStatus ?? ""} ${formatDateTime(t.lastCheckedAt)}` : "never fetched"}
                          {t.lastStatus === "failed" && t.lastReason ? <span className="block text-xs text-red-800">{t.lastReason}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            </details>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}
