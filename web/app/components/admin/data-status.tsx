// Data status: what `jwi status` prints, as a table. Per country and data type the newest period held and its
// age in months; a series past its data type's cut-off no longer counts in the score and is marked stale. The
// rule, its legend, the count and the filter all come from the status report (pipeline/staleness.ts): only
// countries are counted and filtered; Eurostat's aggregates are listed after them, never counted. Also the
// published scores, the source tables and where each published figure came from. It opens with one health line: the job running now, the last download
// run, the next scheduled one, the tables failing.
import { Badge, button, Note, Panel } from "./ui.tsx";
import { HealthLine } from "./status-health.tsx";
import { SourceTablesList } from "./status-sources.tsx";
import { ProvenanceList } from "./status-provenance.tsx";
import { PausedAlert, PublishedLine } from "./status-summary.tsx";
import { StatusTable } from "./status-table.tsx";
import { useDataStatus } from "./use-data-status.ts";
import type { UploadRules } from "../../lib/admin-upload.ts";

export function DataStatus({ rules }: { rules: UploadRules }) {
  const { report, error, view, scores, staleCount, shown, onlyStale, setOnlyStale, refresh } = useDataStatus();
  const pub = report?.published;

  return (
    <Panel
      id="status"
      title="Data status"
      description={
        <>
          Newest period held per country and data type, and its age in months as of{" "}
          {report?.as_of_month ?? "this month"} (the same facts as <code className="font-mono text-xs">jwi status</code>
          ).
        </>
      }
      actions={
        <button type="button" className={button.small} onClick={refresh}>
          Refresh
        </button>
      }
    >
      {error ? <Note tone="error">{error}</Note> : null}
      {!report && !error ? <Note>Loading data status...</Note> : null}
      {report && view ? (
        <div className="space-y-4">
          <HealthLine report={report} />
          {report.paused ? <PausedAlert paused={report.paused} pending={report.pending} /> : null}
          <div className="flex flex-col gap-3 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
            <PublishedLine pub={pub} />
            <div className="flex flex-wrap items-center gap-3">
              <span data-testid="stale-count">
                <Badge tone={staleCount ? "red" : "green"}>
                  {staleCount} {staleCount === 1 ? "country" : "countries"} with stale data
                </Badge>
              </span>
              <label className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  checked={onlyStale}
                  onChange={(e) => setOnlyStale(e.target.checked)}
                  className="h-4 w-4 accent-brand-600"
                />
                Only rows with stale data
              </label>
            </div>
          </div>
          <p className="text-xs text-slate-600" data-testid="stale-legend">
            {report.stale.rule} Values count less from {rules.freshness.historical.grace} months (
            {rules.freshness.sentiment.grace} for the barometer and employment expectations).
          </p>
          {report.lags ? (
            <p className="text-xs text-slate-600" data-testid="lag-rule">
              {report.lags.rule}
            </p>
          ) : null}
          <StatusTable shown={shown} view={view} scores={scores} />
          {report.tables.length > 0 ? <SourceTablesList tables={report.tables} /> : null}
          {pub ? <ProvenanceList countries={pub.countries} /> : null}
        </div>
      ) : null}
    </Panel>
  );
}
