// Leads: the waiting-list requests (personal data: operator only), newest first, with a service filter and
// the CSV export of the same selection.
import { useEffect, useState } from "react";
import { WAITING_LIST_SERVICES, type WaitingListService } from "../../../../product/options.ts";
import { exportLeads, getLeads, type WaitingListRequest } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { notify } from "../../lib/toast.ts";
import { useOperator } from "./operator-context.tsx";
import { button, Note, Panel, selectField, TableFrame, td, th } from "./ui.tsx";

const PAGE = 50;
const titleOf = (id: string) => WAITING_LIST_SERVICES.find((s) => s.id === id)?.title ?? id;

/** Saves a downloaded file under the server's name (the browser's own download, no new tab). */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function Leads() {
  const op = useOperator();
  const [service, setService] = useState<WaitingListService | null>(null);
  const [items, setItems] = useState<WaitingListRequest[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    getLeads(service, PAGE)
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setTotal(page.total);
        setError(null);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, "Could not load the leads"));
      });
    return () => {
      live = false;
    };
  }, [service, reload]);

  async function more() {
    if (!items) return;
    setLoadingMore(true);
    try {
      const page = await getLeads(service, PAGE, items.length);
      setItems([...items, ...page.items]);
      setTotal(page.total);
    } catch (err) {
      op.failed(err, "Could not load more leads");
    } finally {
      setLoadingMore(false);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, fileName } = await exportLeads(service);
      save(blob, fileName);
      void notify("success", "CSV exported", `${fileName} · ${total} ${total === 1 ? "request" : "requests"}`);
      op.acted();
    } catch (err) {
      op.failed(err, "CSV export failed");
    } finally {
      setExporting(false);
    }
  }

  return (
    <Panel
      id="leads"
      title="Leads"
      description="Waiting-list requests, newest first. Personal data: export only what you need and delete copies you no longer use."
      actions={
        <>
          <label htmlFor="leads-service" className="sr-only">
            Service
          </label>
          <select
            id="leads-service"
            className={selectField}
            value={service ?? ""}
            onChange={(e) => setService((e.target.value || null) as WaitingListService | null)}
          >
            <option value="">All services</option>
            {WAITING_LIST_SERVICES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
          <button type="button" className={button.secondary} onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? "Exporting..." : "Export CSV"}
          </button>
          <button type="button" className={button.small} onClick={() => setReload((n) => n + 1)}>
            Refresh
          </button>
        </>
      }
    >
      {error ? <Note tone="error">{error}</Note> : null}
      {!items && !error ? <Note>Loading leads...</Note> : null}
      {items && items.length === 0 ? <Note>No waiting-list requests{service ? ` for ${titleOf(service)}` : ""} yet.</Note> : null}
      {items && items.length > 0 ? (
        <>
          <p className="mb-2 text-sm text-slate-600" data-testid="leads-count">
            {items.length} of {total} {total === 1 ? "request" : "requests"}
          </p>
          <ul className="space-y-3 sm:hidden" data-testid="leads-cards">
            {items.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
                  <span>{titleOf(r.service)}</span>
                  <span>{formatDateTime(r.created_at)}</span>
                </p>
                <p className="mt-1 font-medium">{r.name}</p>
                <p className="break-all">
                  <a href={`mailto:${r.email}`} className="text-brand-700 hover:underline">
                    {r.email}
                  </a>
                  {r.phone ? <span className="text-slate-700"> · {r.phone}</span> : null}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-slate-800">{r.message}</p>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <TableFrame label="Waiting-list requests">
              <table className="w-full min-w-[720px] text-sm" data-testid="leads-table">
                <thead>
                  <tr>
                    <th scope="col" className={th}>Received</th>
                    <th scope="col" className={th}>Service</th>
                    <th scope="col" className={th}>Name</th>
                    <th scope="col" className={th}>Email</th>
                    <th scope="col" className={th}>Phone</th>
                    <th scope="col" className={th}>Message</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((r) => (
                    <tr key={r.id} data-id={r.id}>
                      <td className={`${td} whitespace-nowrap text-slate-700`}>{formatDateTime(r.created_at)}</td>
                      <td className={`${td} whitespace-nowrap`}>{titleOf(r.service)}</td>
                      <td className={td}>{r.name}</td>
                      <td className={td}>
                        <a href={`mailto:${r.email}`} className="text-brand-700 hover:underline">
                          {r.email}
                        </a>
                      </td>
                      <td className={`${td} whitespace-nowrap`}>{r.phone ?? "—"}</td>
                      <td className={`${td} max-w-sm whitespace-pre-line break-words`}>{r.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          </div>
          {items.length < total ? (
            <button type="button" className={`${button.small} mt-3`} onClick={() => void more()} disabled={loadingMore}>
              {loadingMore ? "Loading..." : "Load more"}
            </button>
          ) : null}
        </>
      ) : null}
    </Panel>
  );
}
