// The upload panel's state and its two actions (docs/product.md §4, §5, §7): the chosen data type, file and options,
// the upload with its progress through the real steps and its result, and Recalculate with its own result.
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
  type UploadRules,
  type UploadStep,
} from "../../lib/admin-upload.ts";
import { notify } from "../../lib/toast.ts";
import { NOTHING_CHANGED, type DataType } from "../../../../pipeline/types.ts";
import { useOperator } from "./operator-context.tsx";
import type { UploadAlertState } from "./upload-result.tsx";

export interface RecalcAlertState {
  kind: "success" | "error";
  title: string;
  text: string;
  /** What a successful recalculation moved. */
  moved?: RecalcSummary["moved"];
}

export function useUpload(rules: UploadRules) {
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
        recalcFailure =
          err instanceof ApiError
            ? recalcErrorText(err.serverMessage, err.status)
            : err instanceof Error
              ? err.message
              : String(err);
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
        setRecalcAlert({
          kind: "error",
          title: "Recalculation failed",
          text: `The file was stored, but the scores were not recalculated: ${recalcFailure}`,
        });
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
      const text =
        err instanceof ApiError
          ? recalcErrorText(err.serverMessage, err.status)
          : err instanceof Error
            ? err.message
            : String(err);
      setRecalcAlert({ kind: "error", title: "Recalculation failed", text });
      void notify("error", "Recalculation failed", text);
    } finally {
      setRecalcBusy(false);
    }
  }

  /** A data type is chosen: its own file rules apply, so an earlier file error no longer does. */
  const chooseDataType = (t: DataType) => {
    setDataType(t);
    setFileError(null);
  };
  const chooseFile = (f: File | null) => {
    setFile(f);
    setFileError(null);
  };

  return {
    dataType,
    chooseDataType,
    chooseFile,
    fileError,
    fileInput,
    uploading,
    progress,
    step,
    strict,
    setStrict,
    dryRun,
    setDryRun,
    waiting,
    uploadAlert,
    recalcBusy,
    recalcAlert,
    upload,
    runRecalc,
  };
}
