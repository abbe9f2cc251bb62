// The upload's progress bar through the real steps (sent 20, parsed 40, validated 60, stored 80, recalculated 100).
import { UPLOAD_STEPS, type UploadStep } from "../../lib/admin-upload.ts";

export function ProgressBar({ percent, step, active }: { percent: number; step: UploadStep | null; active: boolean }) {
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
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] duration-200 ${active ? "animate-pulse" : ""}`}
          style={{ width: `${percent}%` }}
        />
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
