// Publication: pause and resume. While paused, every public page shows the paused notice and no surface shows a score
// (docs/product.md, "Paused"); a recalc meanwhile is stored and published on resume. The site also pauses by itself
// when no covered country has a fresh score.
import { useEffect, useState, type FormEvent } from "react";
import { PAUSED_VISITORS_SEE } from "../../../../product/operator-words.ts";
import type { OperatorPublication } from "../../../../product/shapes.ts";
import { getPublication, setPublication } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { notify } from "../../lib/toast.ts";
import { useOperator } from "./operator-context.tsx";
import { TextField } from "../form-fields.tsx";
import { Alert, button, Note, Panel } from "./ui.tsx";

/** The publication state as loaded, and the pause or resume the form sends (with the reason typed for a pause). */
function usePublication() {
  const op = useOperator();
  const [state, setState] = useState<OperatorPublication | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    getPublication()
      .then((s) => {
        if (!live) return;
        setState(s);
        setError(null);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, "Could not load the publication state"));
      });
    return () => {
      live = false;
    };
  }, [op.version]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!state) return;
    const pause = !state.paused;
    setPending(true);
    try {
      const next = await setPublication(pause, pause ? reason.trim() || undefined : undefined);
      setState(next);
      setReason("");
      void notify(
        "success",
        pause ? "Publication paused" : "Publication resumed",
        pause
          ? "Every public page now shows the paused notice and no score."
          : next.publication
            ? `Scores are shown again everywhere (publication #${next.publication.id}).`
            : "Scores are shown again everywhere.",
      );
      op.changed();
    } catch (err) {
      op.failed(err, pause ? "Could not pause publication" : "Could not resume publication");
    } finally {
      setPending(false);
    }
  }

  return { state, error, reason, setReason, pending, submit };
}

export function Publication() {
  const { state, error, reason, setReason, pending, submit } = usePublication();
  const pub = state?.publication;
  return (
    <Panel
      id="publication"
      title="Publication"
      description="Pause publishing when the data looks wrong; resume when it is checked."
    >
      {error ? <Note tone="error">{error}</Note> : null}
      {!state && !error ? <Note>Loading publication state...</Note> : null}
      {state ? (
        <div className="space-y-4" data-testid="publication">
          {state.paused ? (
            <Alert kind="warning" title="Paused: no score is shown anywhere">
              <p>
                Paused by {state.updated_by ?? "the operator"} since{" "}
                {state.updated_at ? formatDateTime(state.updated_at) : "—"}. Reason: {state.reason ?? "none given"}.
              </p>
              <p className="mt-2">{PAUSED_VISITORS_SEE}</p>
              <p className="mt-2">
                {state.pending
                  ? `Waiting for resume: the scores computed ${formatDateTime(state.pending.computed_at)} (as of ${state.pending.as_of}, ${state.pending.countries_scored} countries scored) are published when you resume.`
                  : "Recalculations meanwhile are stored, not published; resume publishes the newest."}
              </p>
            </Alert>
          ) : state.site_paused ? (
            <Alert kind="warning" title="Paused by itself: no covered country has a fresh score">
              <p>{PAUSED_VISITORS_SEE}</p>
              <p className="mt-2">Upload newer data and recalculate; scores return when a country has a fresh one.</p>
            </Alert>
          ) : (
            <Alert kind="success" title="Publishing: visitors see the current scores" />
          )}
          {pub ? (
            <p className="text-sm text-slate-700">
              {state.paused ? "Last publication (not shown while paused)" : "Latest publication"} #{pub.id}: model{" "}
              {pub.model}, as of {pub.as_of}, published {formatDateTime(pub.published_at)}, {pub.countries_scored} of{" "}
              {pub.countries_total} countries scored.
            </p>
          ) : null}
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {!state.paused ? (
              <TextField
                boxClass="flex-1"
                id="pause-reason"
                name="reason"
                label="Reason (optional, kept in the audit log)"
                maxLength={500}
                value={reason}
                error={undefined}
                onChange={setReason}
              />
            ) : null}
            <button type="submit" className={state.paused ? button.primary : button.secondary} disabled={pending}>
              {pending
                ? state.paused
                  ? "Resuming..."
                  : "Pausing..."
                : state.paused
                  ? "Resume publication"
                  : "Pause publication"}
            </button>
          </form>
        </div>
      ) : null}
    </Panel>
  );
}
