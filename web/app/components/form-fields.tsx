// The one pattern for a form's mistakes and caps (docs/product.md §5 "Forms say what is wrong where it is wrong"):
// an error written under its field and linked to it (aria-describedby, aria-invalid), focus on the first field
// in error, and a character counter under capped text that never cuts what was typed: past the cap it turns
// red and says by how much, and the form refuses to send it.

/** Ids of a field's error and hint, for aria-describedby ("" parts left out). */
export function describedBy(...ids: Array<string | null | undefined | false>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-normal text-red-700" data-field-error>
      {message}
    </p>
  );
}

/** Focuses the first of `names` (in form order) that has an error. */
export function focusFirstInvalid(form: HTMLFormElement | null, names: readonly string[], errors: Partial<Record<string, string>>): void {
  const first = names.find((n) => errors[n]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

const count = (n: number) => n.toLocaleString("en-US");

/** "Shorten your comment to 1,000 characters (12 too many)", or null within the cap. */
export function overCapMessage(what: string, length: number, max: number): string | null {
  return length > max ? `Shorten your ${what} to ${count(max)} characters (${count(length - max)} too many).` : null;
}

/** What the polite live region says: only when crossing 100 left, 20 left, the cap and past it, not per keystroke. */
function announcement(length: number, max: number): string {
  const left = max - length;
  if (left < 0) return `${left === -1 ? "1 character" : `${count(-left)} characters`} over the limit of ${count(max)}.`;
  if (left === 0) return `Limit of ${count(max)} characters reached.`;
  if (left <= 20) return "20 characters or fewer left.";
  if (left <= 100) return "100 characters or fewer left.";
  return "";
}

/** The visible counter ("12 / 1,000 characters", id for aria-describedby) and a polite announcement near the cap. */
export function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  const said = announcement(length, max);
  return (
    <>
      <p id={id} className={`mt-1 text-right text-xs font-normal tabular-nums ${over ? "font-semibold text-red-700" : "text-slate-600"}`} data-counter>
        {count(length)} / {count(max)} characters
      </p>
      <p className="sr-only" aria-live="polite" data-counter-announce>
        {said}
      </p>
    </>
  );
}

/** The server's field errors (`error.details`, api/http.ts fieldErrors) for the given fields of a form. */
export function fieldErrorsOf<F extends string>(body: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (typeof details !== "object" || details === null) return {};
  const out: Partial<Record<F, string>> = {};
  for (const f of fields) {
    const message = (details as Record<string, unknown>)[f];
    if (typeof message === "string") out[f] = message;
  }
  return out;
}
