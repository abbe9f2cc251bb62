// The upload panel's inputs: the data type, the file with the browser's checks, and the dry-run and strict options.
import type { ReactNode, RefObject } from "react";
import type { UploadRules } from "../../lib/admin-upload.ts";
import type { DataType } from "../../../../pipeline/types.ts";
import { DATA_TYPE_LABELS } from "./data-types.ts";

export function DataTypeChoice({
  rules,
  dataType,
  disabled,
  onChoose,
}: {
  rules: UploadRules;
  dataType: DataType;
  disabled: boolean;
  onChoose: (t: DataType) => void;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium">Data type</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
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
              onChange={() => onChoose(t.id)}
              className="h-4 w-4 accent-brand-600"
            />
            <span>
              {DATA_TYPE_LABELS[t.id]} <span className="text-slate-600">({t.extensions.join(", ")})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type FileFieldProps = {
  rule: UploadRules["dataTypes"][number];
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  error: string | null;
  onChoose: (f: File | null) => void;
};

export function FileField({ rule, inputRef, disabled, error, onChoose }: FileFieldProps) {
  return (
    <div>
      <label htmlFor="upload-file" className="block text-sm font-medium">
        File
      </label>
      <input
        ref={inputRef}
        id="upload-file"
        name="file"
        type="file"
        accept={rule.extensions.join(",")}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "upload-file-hint upload-file-error" : "upload-file-hint"}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:min-h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
      />
      <p id="upload-file-hint" className="mt-1 text-xs text-slate-600">
        {rule.id === "lmb"
          ? "An Excel workbook (.xlsx)."
          : rule.id === "expectations"
            ? "A Eurostat JSON-stat file (.json), Eurostat's CSV download or DG ECFIN's survey CSV (.csv), or the data browser's spreadsheet (.xlsx)."
            : "A Eurostat JSON-stat file (.json), Eurostat's CSV download (.csv) or the data browser's spreadsheet (.xlsx)."}
      </p>
      {error ? (
        <p
          id="upload-file-error"
          role="alert"
          data-testid="upload-file-error"
          className="mt-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

type OptionsProps = {
  tolerancePp: number;
  disabled: boolean;
  dryRun: boolean;
  strict: boolean;
  onDryRun: (on: boolean) => void;
  onStrict: (on: boolean) => void;
};

export function UploadOptions({ tolerancePp, disabled, dryRun, strict, onDryRun, onStrict }: OptionsProps) {
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="text-sm font-medium">Options</legend>
      <CheckOption id="upload-dry-run" label="Dry run: check only, store nothing" checked={dryRun} onChange={onDryRun}>
        The file is read and checked, and the result says what would be stored. Nothing changes and the scores are not
        recalculated.
      </CheckOption>
      <CheckOption
        id="upload-strict"
        label="Strict: refuse the file if anything looks wrong"
        checked={strict}
        onChange={onStrict}
      >
        The whole file is refused, and nothing stored, when it changes a stored value by more than {tolerancePp} points
        or holds a value that is not plausible or dated in the future. Without it, such values are reported as warnings.
      </CheckOption>
    </fieldset>
  );
}

/** An option of the upload: a checkbox, its label and what it does (`${id}-help`, which the box names). */
function CheckOption({
  id,
  label,
  checked,
  onChange,
  children,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-help`}
        className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-help`} className="text-xs text-slate-600">
          {children}
        </p>
      </div>
    </div>
  );
}
