// The result of an upload (docs/product.md §3, §7): the alert (success, warning or error) with the server's counts,
// notes and samples, and the warnings list (type and detail; the first 10, then "Show all N warnings").
import { pausedRecalcNote } from "../../../../pipeline/pause.ts";
import { useState } from "react";
import type { RecalcSummary, UploadResult } from "../../lib/admin-api.ts";
import { visibleWarnings, warningsToggleText, WARNINGS_SHOWN, type AlertKind } from "../../lib/admin-upload.ts";
import { NOTHING_CHANGED } from "../../../../pipeline/types.ts";
import { MovedList } from "./moved-list.tsx";
import { Alert, Badge, button, td, th } from "./ui.tsx";

export interface UploadAlertState {
  /** Counts the uploads of this page: a new result starts with its warnings folded. */
  id: number;
  kind: AlertKind;
  title: string;
  /** The error text (server's, "Server error: {status}" or "Upload failed"). */
  text?: string;
  /** The pipeline's answer, when there was one. */
  result?: UploadResult;
  /** The recalculation that followed a stored upload. */
  recalc?: RecalcSummary;
  fileName?: string;
}

const WARNING_TONE: Record<string, "amber" | "red" | "slate" | "blue"> = {
  revision: "amber",
  stale: "amber",
  out_of_range: "red",
  unknown_geo: "slate",
  unknown_header: "slate",
  missing_value: "slate",
  flag: "blue",
  unit: "blue",
};

function WarningsList({ warnings }: { warnings: UploadResult["warnings"] }) {
  const [expanded, setExpanded] = useState(false);
  if (warnings.length === 0) return null;
  const shown = visibleWarnings(warnings, expanded);
  return (
    <section
      aria-labelledby="upload-warnings-title"
      className="rounded-lg border border-amber-200 bg-white p-4"
      data-testid="upload-warnings"
    >
      <h3 id="upload-warnings-title" className="font-semibold">
        Warnings ({warnings.length})
      </h3>
      <ul id="upload-warnings-list" className="mt-3 divide-y divide-slate-100">
        {shown.map((w, i) => (
          <li key={i} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-start sm:gap-3">
            <span className="shrink-0 sm:w-32">
              <Badge tone={WARNING_TONE[w.type] ?? "slate"}>{w.type}</Badge>
            </span>
            <span className="min-w-0 break-words text-slate-800">{w.detail}</span>
          </li>
        ))}
      </ul>
      {warnings.length > WARNINGS_SHOWN ? (
        <button
          type="button"
          className={`${button.link} mt-2`}
          aria-expanded={expanded}
          aria-controls="upload-warnings-list"
          onClick={() => setExpanded((v) => !v)}
        >
          {warningsToggleText(warnings.length, expanded)}
        </button>
      ) : null}
    </section>
  );
}

function Counts({ result }: { result: UploadResult }) {
  const items: Array<[string, number]> = [
    ["inserted", result.inserted],
    ["updated", result.updated],
    ["unchanged", result.unchanged],
    ["rows written", result.rows_upserted],
    ["values read", result.processed],
    ["missing", result.skippedMissing],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md bg-white/70 px-2 py-1.5 text-center">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function UploadResultView({ state }: { state: UploadAlertState }) {
  const { result, recalc } = state;
  return (
    <div className="space-y-3">
      <Alert kind={state.kind} title={state.title} testId="upload-alert">
        {state.text ? <p data-testid="upload-alert-text">{state.text}</p> : null}
        {result && result.success ? (
          <>
            <p>
              {state.fileName ? <span className="font-medium">{state.fileName}</span> : null}
              {state.fileName ? " · " : null}
              {result.data_type}
              {result.table ? ` · table ${result.table}` : null} · revision tolerance {result.tolerance_pp} pp · strict
              mode {result.strict_mode ? "on" : "off"}
            </p>
            {result.dry_run ? (
              <p data-testid="upload-dry-run" className="font-medium">
                Dry run: nothing was stored and the scores were not recalculated. The counts say what storing this file
                would do.
              </p>
            ) : null}
            <Counts result={result} />
            {recalc ? (
              <>
                <p data-testid="upload-recalc">
                  {recalc.unchanged
                    ? `${NOTHING_CHANGED} `
                    : recalc.paused
                      ? "Scores recalculated and stored, not published: "
                      : "Scores recalculated and published: "}
                  {recalc.countries_scored} of {recalc.countries.length} countries scored (model {recalc.model}, as of{" "}
                  {recalc.as_of}).
                  {recalc.paused ? ` ${pausedRecalcNote(recalc.paused)}` : null}
                </p>
                <MovedList moved={recalc.moved} testId="upload-moved" />
              </>
            ) : null}
          </>
        ) : null}
        {result && result.notes.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5">
            {result.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
        {result && result.unknownHeaders.length > 0 ? (
          <p>
            <span className="font-medium">Not recognised (not stored):</span> {result.unknownHeaders.join(", ")}
          </p>
        ) : null}
        {result && result.success && result.latest_samples.length > 0 ? (
          <details className="rounded-md bg-white/70 p-2">
            <summary className="cursor-pointer font-medium">
              Newest value per country ({result.latest_samples.length})
            </summary>
            <div className="mt-2 max-h-64 overflow-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr>
                    <th className={th}>Country</th>
                    <th className={th}>Period</th>
                    <th className={`${th} text-right`}>Value</th>
                  </tr>
                </thead>
                <tbody>
                  {result.latest_samples.map((s) => (
                    <tr key={s.country}>
                      <td className={td}>{s.country}</td>
                      <td className={td}>{s.period}</td>
                      <td className={`${td} text-right tabular-nums`}>{s.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        ) : null}
      </Alert>
      {result ? <WarningsList key={state.id} warnings={result.warnings} /> : null}
    </div>
  );
}
