// The audit log: every operator action (logins, uploads, recalculations, pauses, moderation, exports, deletions)
// and every data job from every door (pipeline/job-audit.ts), newest first, with an action filter.
import { useEffect, useState } from "react";
import { getAudit, type AuditEntry } from "../../lib/admin-api.ts";
import { detailText, formatDateTime } from "../../lib/admin-format.ts";
import { useOperator } from "./operator-context.tsx";
import { Badge, button, FilterSelect, Note, Panel } from "./ui.tsx";

const PAGE = 100;
const RESULT_TONE: Record<AuditEntry["result"], "green" | "amber" | "red" | "slate"> = {
  ok: "green",
  rejected: "amber",
  busy: "amber",
  denied: "red",
  error: "red",
};

export function AuditLog() {
  const op = useOperator();
  const [action, setAction] = useState("");
  const [items, setItems] = useState<AuditEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  /** The actions seen so far (the filter offers what the server has actually recorded). */
  const [known, setKnown] = useState<string[]>([]);

  const learn = (entries: AuditEntry[]) =>
    setKnown((prev) => {
      const next = new Set(prev);
      for (const e of entries) next.add(e.action);
      return next.size === prev.length ? prev : [...next].sort();
    });

  useEffect(() => {
    let live = true;
    getAudit({ action: action || null, limit: PAGE })
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setMore(page.items.length === PAGE);
        setError(null);
        learn(page.items);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, "Could not load the audit log"));
      });
    return () => {
      live = false;
    };
  }, [action, reload, op.auditVersion]);

  async function loadMore() {
    if (!items) return;
    try {
      const page = await getAudit({ action: action || null, limit: PAGE, offset: items.length });
      setItems([...items, ...page.items]);
      setMore(page.items.length === PAGE);
      learn(page.items);
    } catch (err) {
      op.failed(err, "Could not load more of the audit log");
    }
  }

  return (
    <Panel
      id="audit"
      title="Audit log"
      description="Every operator action and every data job, from the terminal (user@host), this page, the schedule or the first seed. Viewing a list is not logged; passwords never are."
      actions={
        <>
          <FilterSelect
            id="audit-action"
            label="Action"
            value={action}
            onChange={setAction}
            options={[{ value: "", label: "All actions" }, ...known.map((a) => ({ value: a, label: a }))]}
          />
          <button type="button" className={button.small} onClick={() => setReload((n) => n + 1)}>
            Refresh
          </button>
        </>
      }
    >
      {error ? <Note tone="error">{error}</Note> : null}
      {!items && !error ? <Note>Loading audit log...</Note> : null}
      {items && items.length === 0 ? <Note>Nothing recorded yet.</Note> : null}
      {items && items.length > 0 ? (
        <ol className="divide-y divide-slate-100 text-sm" data-testid="audit-list">
          {items.map((e) => (
            <li
              key={e.id}
              data-action={e.action}
              className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4"
            >
              <span className="whitespace-nowrap text-slate-600">{formatDateTime(e.at)}</span>
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{e.action}</span>
                  <Badge tone={RESULT_TONE[e.result]}>{e.result}</Badge>
                  <span className="text-slate-600">by {e.actor}</span>
                  {e.target ? <span className="text-slate-600">· {e.target}</span> : null}
                </span>
                {e.detail ? (
                  <span className="mt-0.5 block break-words text-xs text-slate-600">{detailText(e.detail)}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {items && more ? (
        <button type="button" className={`${button.small} mt-3`} onClick={() => void loadMore()}>
          Load more
        </button>
      ) : null}
    </Panel>
  );
}
