// The upload panel (docs/product.md §2, §4, §5, §7, §9): data type, file, the browser's checks, progress through the
// real steps (sent 20, parsed 40, validated 60, stored 80, recalculated 100), the result alert and warnings,
// and Recalculate. An upload and a recalculation disable each other while either runs.
import type { UploadRules } from "../../lib/admin-upload.ts";
import { UploadInstructions } from "./instructions.tsx";
import { MovedList } from "./moved-list.tsx";
import { Alert, Panel, button } from "./ui.tsx";
import { DataTypeChoice, FileField, UploadOptions } from "./upload-fields.tsx";
import { ProgressBar } from "./upload-progress.tsx";
import { UploadResultView } from "./upload-result.tsx";
import { useUpload } from "./use-upload.ts";

export function UploadPanel({ rules }: { rules: UploadRules }) {
  const {
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
  } = useUpload(rules);
  const rule = rules.dataTypes.find((t) => t.id === dataType)!;
  const busy = uploading || recalcBusy;

  return (
    <Panel
      id="upload"
      title="Upload data"
      description="Upload a Eurostat table or the expert barometer; the scores are recalculated when it is stored."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-5">
          <DataTypeChoice rules={rules} dataType={dataType} disabled={uploading} onChoose={chooseDataType} />
          <FileField rule={rule} inputRef={fileInput} disabled={uploading} error={fileError} onChoose={chooseFile} />
          <UploadOptions
            tolerancePp={rules.tolerancePp}
            disabled={uploading}
            dryRun={dryRun}
            strict={strict}
            onDryRun={setDryRun}
            onStrict={setStrict}
          />

          <ProgressBar percent={progress} step={step} active={uploading} />
          {waiting ? (
            <p
              role="status"
              data-testid="upload-waiting"
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              {waiting} The upload starts as soon as it ends.
            </p>
          ) : null}

          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className={button.primary}
              onClick={() => void upload()}
              disabled={busy}
              data-testid="upload-button"
            >
              {uploading ? (waiting ? "Waiting..." : "Uploading...") : dryRun ? "Check file (dry run)" : "Upload Data"}
            </button>
            <button
              type="button"
              className={button.secondary}
              onClick={() => void runRecalc()}
              disabled={busy}
              data-testid="recalc-button"
            >
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
