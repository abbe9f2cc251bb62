// The data status's summary lines: the pause (and the scores waiting for resume), and what is published now.
import { PAUSED_VISITORS_SEE } from "../../../../product/operator-words.ts";
import type { StatusReport } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { shareCardsText } from "../../../../product/share-cards/status.ts";
import { Alert } from "./ui.tsx";

export function PausedAlert({
  paused,
  pending,
}: {
  paused: NonNullable<StatusReport["paused"]>;
  pending: StatusReport["pending"];
}) {
  return (
    <Alert
      kind="warning"
      title={`Publication is paused by ${paused.by ?? "the operator"} since ${formatDateTime(paused.since)}${paused.reason ? `: ${paused.reason}` : ""}`}
    >
      <p data-testid="status-paused">{PAUSED_VISITORS_SEE}</p>
      {pending ? (
        <p className="mt-2">
          Waiting for resume: the scores computed {formatDateTime(pending.computed_at)} (as of {pending.as_of},{" "}
          {pending.countries_scored} countries scored).
        </p>
      ) : null}
    </Alert>
  );
}

export function PublishedLine({ pub }: { pub: StatusReport["published"] | undefined }) {
  return (
    <p data-testid="status-published">
      {pub?.published_at ? (
        <>
          Published: model {pub.model}, as of {pub.as_of}, at {formatDateTime(pub.published_at)} ·{" "}
          {pub.countries.filter((c) => c.score !== null).length} of {pub.countries.length} countries scored
        </>
      ) : (
        "Nothing published yet."
      )}
      {pub?.cards ? (
        <span
          data-testid="status-share-cards"
          className={`block ${pub.cards.error ? "font-semibold text-red-800" : "text-slate-600"}`}
        >
          {shareCardsText(pub.cards)}
        </span>
      ) : null}
    </p>
  );
}
