// The waiting-list tab of the leads (leads.tsx): the requests, newest first, with a service filter, the CSV export
// of the same selection and a delete per request. Personal data: docs/product.md §6.
import { useState } from "react";
import { WAITING_LIST_SERVICES, type WaitingListService } from "../../../../product/options.ts";
import { deleteLead, exportLeads, getLeads, type WaitingListRequest } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { notify } from "../../lib/toast.ts";
import { FilterSelect, Note, TableFrame, td, th } from "./ui.tsx";
import { DeleteButton, ListButtons, LoadMore, Toolbar, plural, useLeadList } from "./lead-list.tsx";

const titleOf = (id: string) => WAITING_LIST_SERVICES.find((s) => s.id === id)?.title ?? id;

export function WaitingList({ onRetention }: { onRetention: (days: number) => void }) {
  const [service, setService] = useState<WaitingListService | null>(null);
  const list = useLeadList<WaitingListRequest>({
    filterKey: service ?? "",
    load: (limit, offset) => getLeads(service, limit, offset),
    exportFile: () => exportLeads(service),
    noun: ["request", "requests"],
    onRetention,
  });
  const { items, total, error, pending } = list;

  const remove = (r: WaitingListRequest) =>
    list.act(
      r,
      async () => {
        await deleteLead(r.id);
        list.drop(r.id);
        void notify("success", "Request deleted");
      },
      "Could not delete the request",
    );

  return (
    <>
      <Toolbar>
        <FilterSelect<WaitingListService | "">
          id="leads-service"
          label="Service"
          value={service ?? ""}
          onChange={(v) => setService(v || null)}
          options={[
            { value: "", label: "All services" },
            ...WAITING_LIST_SERVICES.map((s) => ({ value: s.id, label: s.title })),
          ]}
        />
        <ListButtons exporting={list.exporting} onExport={() => void list.exportCsv()} onRefresh={list.refresh} />
      </Toolbar>
      {error ? <Note tone="error">{error}</Note> : null}
      {!items && !error ? <Note>Loading leads...</Note> : null}
      {items && items.length === 0 ? (
        <Note>No waiting-list requests{service ? ` for ${titleOf(service)}` : ""} yet.</Note>
      ) : null}
      {items && items.length > 0 ? (
        <>
          <p className="mb-2 text-sm text-slate-600" data-testid="leads-count">
            {items.length} of {plural(total, "request", "requests")}
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
                <div className="mt-2">
                  <DeleteButton
                    what={`the request of ${r.name}`}
                    busy={pending === r.id}
                    onDelete={() => void remove(r)}
                  />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <TableFrame label="Waiting-list requests">
              <table className="w-full min-w-[720px] text-sm" data-testid="leads-table">
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Received
                    </th>
                    <th scope="col" className={th}>
                      Service
                    </th>
                    <th scope="col" className={th}>
                      Name
                    </th>
                    <th scope="col" className={th}>
                      Email
                    </th>
                    <th scope="col" className={th}>
                      Phone
                    </th>
                    <th scope="col" className={th}>
                      Message
                    </th>
                    <th scope="col" className={th}>
                      <span className="sr-only">Actions</span>
                    </th>
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
                      <td className={`${td} whitespace-nowrap text-right`}>
                        <DeleteButton
                          what={`the request of ${r.name}`}
                          busy={pending === r.id}
                          onDelete={() => void remove(r)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          </div>
          <LoadMore shown={items.length} total={total} loading={list.loadingMore} onMore={() => void list.more()} />
        </>
      ) : null}
    </>
  );
}
