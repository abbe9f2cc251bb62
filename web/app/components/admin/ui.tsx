// Building blocks of the operator area: panels, alerts, badges, buttons and the shared table look.
import type { ReactNode } from "react";
import { SelectField } from "../form-fields.tsx";

export const button = {
  primary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50",
  small:
    "inline-flex min-h-9 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50",
  link: "text-sm font-medium text-brand-700 underline-offset-2 hover:underline disabled:opacity-50",
} as const;

/**
 * A list filter: a select whose label is for screen readers only (the options say what they filter), from the
 * forms' field family. An empty value ("" — the "All …" option) is a valid choice.
 */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
}) {
  return (
    <SelectField
      id={id}
      name={id}
      label={label}
      labelHidden
      value={value}
      error={undefined}
      options={options}
      onChange={(v) => onChange(v as T)}
    />
  );
}

/** One section of the panel: a card with its heading (the target of the section links). */
export function Panel({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

const ALERT_STYLE = {
  success: "border-green-300 bg-green-50 text-green-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  error: "border-red-300 bg-red-50 text-red-950",
  info: "border-slate-300 bg-slate-50 text-slate-900",
} as const;

const ALERT_MARK = { success: "✓", warning: "!", error: "✕", info: "i" } as const;

/** The result alert: errors interrupt (role=alert), the rest is announced politely (role=status). */
export function Alert({
  kind,
  title,
  children,
  testId,
}: {
  kind: keyof typeof ALERT_STYLE;
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      data-kind={kind}
      data-testid={testId}
      className={`rounded-lg border p-4 ${ALERT_STYLE[kind]}`}
    >
      <div className="flex gap-3">
        <span
          aria-hidden
          className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-current/10 text-xs font-bold"
        >
          {ALERT_MARK[kind]}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{title}</p>
          {children ? <div className="mt-1 space-y-2 text-sm">{children}</div> : null}
        </div>
      </div>
    </div>
  );
}

const BADGE_STYLE = {
  green: "bg-green-100 text-green-900",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-900",
  slate: "bg-slate-100 text-slate-800",
  blue: "bg-brand-50 text-brand-900",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof BADGE_STYLE; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_STYLE[tone]}`}>
      {children}
    </span>
  );
}

/** A table that scrolls sideways on narrow screens instead of squeezing its columns (relative: visually hidden
 * text inside the cells is clipped with the table instead of widening the page). */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      {children}
    </div>
  );
}

export const th =
  "whitespace-nowrap border-b border-slate-200 px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
export const td = "border-b border-slate-100 px-3 py-2 align-top";

/** "Loading…" / empty / error line of a list. */
export function Note({ children, tone = "muted" }: { children: ReactNode; tone?: "muted" | "error" }) {
  return <p className={`py-4 text-sm ${tone === "error" ? "text-red-800" : "text-slate-600"}`}>{children}</p>;
}
