// The upload panel (docs/product.md §2, §4, §5, §7, §9): data type, file, the browser's checks, progress through the
// real steps (sent 20, parsed 40, validated 60, stored 80, recalculated 100), the result alert and warnings,
// and Recalculate. An upload and a recalculation disable each other while either runs.
import { pausedRecalcNote } from "../../../../pipeline/pause.ts";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ApiError, recalculate, SessionEndedError, uploadFile, type RecalcSummary } from "../../lib/admin-api.ts";
import {
  preflight,
  progressOf,
  recalcErrorText,
  resultKind,
  resultTitle,
  serverErrorText,
  UPLOAD_FAILED,
  UPLOAD_STEPS,
  type UploadRules,
  type UploadStep,
} from "../../lib/admin-upload.ts";
import { notify } from "../../lib/toast.ts";
import { NOTHING_CHANGED, type DataType } from "../../../../pipeline/types.ts";
import { DATA_TYPE_LABELS } from "./data-types.ts";
import { UploadInstructions } from "./instructions.tsx";
import { useOperator } from "./operator-context.tsx";
import { MovedList } from "./moved-list.tsx";
import { Alert, Panel, button } from "./ui.tsx";
import { UploadResultView, type UploadAlertState } from "./upload-result.tsx";

interface RecalcAlertState {
  kind: "success" | "error";
  title: string;
  text: string;
  /** What a successful recalculation moved. */
  moved?: RecalcSummary["moved"];
}

function ProgressBar({ percent, step, active }: { percent: number; step: UploadStep | null; active: boolean }) {
  const current = UPLOAD_STEPS.find((s) => s.step === step);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span id="upload-progress-label" className="font-medium">
          Upload progress
        </span>
        <span className="tabular-nums text-slate-700" aria-hidden>
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={current && percent > 0 ? `${percent}%: ${current.label}` : `${percent}%`}
        data-testid="upload-progress"
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full bg-brand-600 transition-[width] duration-200 ${active ? "animate-pulse" : ""}`} style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-2 grid grid-cols-5 gap-1 text-center text-[11px] text-slate-500 sm:text-xs" aria-hidden>
        {UPLOAD_STEPS.map((s) => (
          <li key={s.step} className={percent >= s.percent ? "font-medium text-brand-700" : ""}>
            {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function UploadPanel({ rules }: { rules: UploadRules }) {
  const op = useOperator();
  const [dataType, setDataType] = useState<DataType>("unemployment");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [step, setStep] = useState<UploadStep | null>(null);
  const [strict, setStrict] = useState(false);
  const [dryRun, setDryRun] = useState(false);
  /** Whom the upload waits for (the server says so at once when another data job runs). */
  const [waiting, setWaiting] = useState<string | null>(null);
  const [uploadAlert, setUploadAlert] = useState<UploadAlertState | null>(null);
  const [recalcBusy, setRecalcBusy] = useState(false);
  const [recalcAlert, setRecalcAlert] = useState<RecalcAlertState | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploads = useRef(0);
  const rule = rules.dataTypes.find((t) => t.id === dataType)!;

  /** Each step is painted as it arrives, even when two arrive in one network chunk. */
  const reach = (s: UploadStep) => {
    flushSync(() => {
      setWaiting(null);
      setStep(s);
      setProgress(progressOf(s));
    });
  };

  const fail = (text: string, extra: Partial<UploadAlertState> = {}) => {
    setProgress(0);
    setStep(null);
    setUploadAlert({ id: ++uploads.current, kind: "error", title: UPLOAD_FAILED, text, ...extra });
    void notify("error", UPLOAD_FAILED, text);
  };

  async function upload() {
    setUploadAlert(null);
    setFileError(null);
    const problem = await preflight(file, dataType, rules.messages);
    if (problem || !file) {
      setFileError(problem);
      setProgress(0);
      setStep(null);
      void notify("error", problem ?? UPLOAD_FAILED);
      fileInput.current?.focus();
      return;
    }
    setUploading(true);
    setProgress(0);
    setStep(null);
    setWaiting(null);
    try {
      const outcome = await uploadFile(file, dataType, reach, { strict, dryRun, onWaiting: setWaiting });
      if (outcome.kind === "error") {
        fail(serverErrorText(outcome.message, outcome.status), { fileName: file.name });
        return;
      }
      const { result } = outcome;
      if (!result.success) {
        fail(serverErrorText(result.error, outcome.status), { result, fileName: file.name });
        op.changed();
        return;
      }
      // Stored: publish the new scores (the 100% step). A dry run stored nothing: there is nothing to publish.
      let recalc: RecalcSummary | undefined;
      let recalcFailure: string | null = null;
      try {
        if (!result.dry_run) {
          recalc = await recalculate();
          reach("recalculated");
        }
      } catch (err) {
        if (err instanceof SessionEndedError) throw err;
        recalcFailure = err instanceof ApiError ? recalcErrorText(err.serverMessage, err.status) : err instanceof Error ? err.message : String(err);
      }
      const kind = resultKind(result);
      const title = resultTitle(result);
      setUploadAlert({ id: ++uploads.current, kind, title, result, recalc, fileName: file.name });
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      const counts = `${result.inserted} inserted, ${result.updated} updated, ${result.unchanged} unchanged`;
      void notify("success", title, kind === "warning" ? `${counts} · ${result.warnings.length} warnings` : counts);
      if (recalcFailure) {
        setProgress(0);
        setStep(null);
        setRecalcAlert({ kind: "error", title: "Recalculation failed", text: `The file was stored, but the scores were not recalculated: ${recalcFailure}` });
        void notify("error", "Recalculation failed", recalcFailure);
      } else {
        setRecalcAlert(null);
      }
      op.changed();
    } catch (err) {
      if (err instanceof SessionEndedError) {
        op.failed(err, UPLOAD_FAILED);
        return;
      }
      fail(UPLOAD_FAILED);
    } finally {
      setUploading(false);
      setWaiting(null);
    }
  }

  async function runRecalc() {
    setRecalcBusy(true);
    setRecalcAlert(null);
    try {
      const s = await recalculate();
      const text =
        `${s.unchanged ? `${NOTHING_CHANGED} ` : ""}${s.countries_scored} of ${s.countries.length} countries scored · model ${s.model} · as of ${s.as_of}` +
        (s.paused ? `. ${pausedRecalcNote(s.paused)}` : "");
      setRecalcAlert({ kind: "success", title: "Recalculation complete", text, moved: s.moved });
      void notify("success", "Recalculation complete", text);
      op.changed();
    } catch (err) {
      if (err instanceof SessionEndedError) {
        op.failed(err, "Recalculation failed");
        return;
      }
      const text = err instanceof ApiError ? recalcErrorText(err.serverMessage, err.status) : err instanceof Error ? err.message : String(err);
      setRecalcAlert({ kind: "error", title: "Recalculation failed", text });
      void notify("error", "Recalculation failed", text);
    } finally {
      setRecalcBusy(false);
    }
  }

  const busy = uploading || recalcBusy;

  return (
    <Panel id="upload" title="Upload data" description="Upload a Eurostat table or the expert barometer; the scores are recalculated when it is stored.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-5">
          <fieldset disabled={uploading}>
            <legend className="text-sm font-medium">Data type</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {rules.dataTypes.map((t) => (
                <label
                  key={t.id}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="data_type"
                    value={t.id}
                    checked={dataType === t.id}
                    onChange={() => {
                      setDataType(t.id);
                      setFileError(null);
                    }}
                    className="h-4 w-4 accent-brand-600"
                  />
                  <span>
                    {DATA_TYPE_LABELS[t.id]} <span className="text-slate-600">({t.extensions.join(", ")})</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor="upload-file" className="block text-sm font-medium">
              File
            </label>
            <input
              ref={fileInput}
              id="upload-file"
              name="file"
              type="file"
              accept={rule.extensions.join(",")}
              disabled={uploading}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? "upload-file-hint upload-file-error" : "upload-file-hint"}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(null);
              }}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:min-h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            />
            <p id="upload-file-hint" className="mt-1 text-xs text-slate-600">
              {rule.extensions.includes(".xlsx")
                ? "An Excel workbook (.xlsx)."
                : rule.id === "expectations"
                  ? "A Eurostat JSON-stat file (.json), Eurostat's CSV download or DG ECFIN's survey CSV (.csv)."
                  : "A Eurostat JSON-stat file (.json) or Eurostat's CSV download (.csv)."}
            </p>
            {fileError ? (
              <p id="upload-file-error" role="alert" data-testid="upload-file-error" className="mt-2 text-sm font-medium text-red-800">
                {fileError}
              </p>
            ) : null}
          </div>

          <fieldset disabled={uploading} className="space-y-3">
            <legend className="text-sm font-medium">Options</legend>
            <div className="flex items-start gap-3">
              <input
                id="upload-dry-run"
                type="checkbox"
                checked={dryRun}
                onChange={(e) => setDryRun(e.target.checked)}
                aria-describedby="upload-dry-run-help"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
              />
              <div>
                <label htmlFor="upload-dry-run" className="text-sm font-medium">
                  Dry run: check only, store nothing
                </label>
                <p id="upload-dry-run-help" className="text-xs text-slate-600">
                  The file is read and checked, and the result says what would be stored. Nothing changes and the scores are not recalculated.
                </p>
              </div>
            </div>
            <div className="flex items-start gap-3">
              <input
                id="upload-strict"
                type="checkbox"
                checked={strict}
                onChange={(e) => setStrict(e.target.checked)}
                aria-describedby="upload-strict-help"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
              />
              <div>
                <label htmlFor="upload-strict" className="text-sm font-medium">
                  Strict: refuse the file if anything looks wrong
                </label>
                <p id="upload-strict-help" className="text-xs text-slate-600">
                  The whole file is refused, and nothing stored, when it changes a stored value by more than {rules.tolerancePp} points or holds a value
                  that is not plausible or dated in the future. Without it, such values are reported as warnings.
                </p>
              </div>
            </div>
          </fieldset>

          <ProgressBar percent={progress} step={step} active={uploading} />
          {waiting ? (
            <p role="status" data-testid="upload-waiting" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {waiting} The upload starts as soon as it ends.
            </p>
          ) : null}

          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="button" className={button.primary} onClick={() => void upload()} disabled={busy} data-testid="upload-button">
              {uploading ? (waiting ? "Waiting..." : "Uploading...") : dryRun ? "Check file (dry run)" : "Upload Data"}
            </button>
            <button type="button" className={button.secondary} onClick={() => void runRecalc()} disabled={busy} data-testid="recalc-button">
              {recalcBusy ? "Recalculating..." : "Recalculate"}
            </button>
          </div>

          <div className="space-y-3 empty:hidden">
            {uploadAlert ? <UploadResultView state={uploadAlert} /> : null}
            {recalcAlert ? (
              <Alert kind={recalcAlert.kind} title={recalcAlert.title} testId="recalc-alert">
                <p>{recalcAlert.text}</p>
                {recalcAlert.moved ? <MovedList moved={recalcAlert.moved} testId="recalc-moved" /> : null}
              </Alert>
            ) : null}
          </div>
        </div>
        <UploadInstructions rules={rules} />
      </div>
    </Panel>
  );
}
