// What a recalculation moved (pipeline/moved.ts): each country whose score as shown or status changed, from → to,
// and the largest part of why, in the same words as `jwi recalc` (product/moved-text.ts).
import { COUNTRIES } from "../../../../lib/countries.ts";
import { movedChange, type MovedCountry } from "../../../../product/moved-text.ts";

const NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));

export function MovedList({ moved, testId }: { moved: readonly MovedCountry[]; testId: string }) {
  if (moved.length === 0) {
    return (
      <p data-testid={testId} data-moved="0">
        No country&apos;s score or status moved.
      </p>
    );
  }
  return (
    <div data-testid={testId} data-moved={moved.length}>
      <p className="font-medium">
        Moved ({moved.length} {moved.length === 1 ? "country" : "countries"}):
      </p>
      <ul className="mt-1 space-y-1">
        {moved.map((m) => (
          <li key={m.code} data-code={m.code} className="break-words">
            <span className="font-medium">
              {m.code} {NAMES.get(m.code) ?? ""}
            </span>{" "}
            <span className="tabular-nums">{movedChange(m)}</span>
            {m.reason ? <span className="text-slate-700">: {m.reason}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
