// Leads: personal data, for the operator only (docs/product.md §6). Two tabs: the waiting-list requests (service
// filter) and the contact form's messages (topic and status filters, "Delete my data" requests marked as such,
// Mark handled / Reopen), each newest first, with the CSV export of the same selection and a delete per item
// (what a "Delete my data" request asks for). Every read, export and change is audited by the server.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import {
  CONTACT_TOPICS,
  DELETE_MY_DATA_TOPIC,
  WAITING_LIST_SERVICES,
  contactTopicTitle,
  type ContactTopic,
  type WaitingListService,
} from "../../../../product/options.ts";
import {
  deleteLead,
  deleteMessage,
  exportLeads,
  exportMessages,
  getLeads,
  getMessages,
  setMessageHandled,
  type ContactMessage,
  type LeadPage,
  type MessageFilter,
  type WaitingListRequest,
} from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { notify } from "../../lib/toast.ts";
import { useOperator } from "./operator-context.tsx";
import { Badge, button, FilterSelect, Note, Panel, TableFrame, td, th } from "./ui.tsx";

const PAGE = 50;
const titleOf = (id: string) => WAITING_LIST_SERVICES.find((s) => s.id === id)?.title ?? id;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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

const TABS = [
  { id: "waiting-list", label: "Waiting list" },
  { id: "messages", label: "Messages" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export function Leads() {
  const [tab, setTab] = useState<Tab>("waiting-list");
  const [retention, setRetention] = useState<number | null>(null);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  // Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern, automatic activation).
  function onKey(e: KeyboardEvent, index: number) {
    const last = TABS.length - 1;
    const next =
      e.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : e.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setTab(TABS[next].id);
    tabs.current[next]?.focus();
  }

  return (
    <Panel
      id="leads"
      title="Leads"
      description={
        <>
          Waiting-list requests and contact messages, newest first. Personal data: export only what you need and delete
          copies you no longer use.
          {retention !== null
            ? ` Each is deleted automatically ${plural(retention, "day", "days")} after it arrived.`
            : ""}
        </>
      }
    >
      <div role="tablist" aria-label="Leads" className="mb-4 flex gap-1 border-b border-slate-200">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`leads-tab-${t.id}`}
            aria-controls={`leads-panel-${t.id}`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={`-mb-px min-h-10 border-b-2 px-3 text-sm font-medium ${tab === t.id ? "border-brand-600 text-brand-700" : "border-transparent text-slate-700 hover:text-slate-900"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`leads-panel-${tab}`} aria-labelledby={`leads-tab-${tab}`}>
        {tab === "waiting-list" ? <WaitingList onRetention={setRetention} /> : <Messages onRetention={setRetention} />}
      </div>
    </Panel>
  );
}

/** Filters and buttons above a list. */
function Toolbar({ children }: { children: ReactNode }) {
  return <div className="mb-3 flex flex-wrap items-center gap-2">{children}</div>;
}

/** "Delete" that asks once more before it deletes for good. */
function DeleteButton({ what, onDelete, busy }: { what: string; onDelete: () => void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={button.small}
        onClick={() => setAsking(true)}
        disabled={busy}
        aria-label={`Delete ${what}`}
      >
        Delete
      </button>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`${button.small} border-red-300 text-red-800 hover:bg-red-50`}
        onClick={() => {
          setAsking(false);
          onDelete();
        }}
        disabled={busy}
      >
        Delete for good
      </button>
      <button type="button" className={button.small} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/**
 * The state both lead lists share: the first page (again whenever `filterKey` changes or Refresh is pressed),
 * "Load more", the CSV export of the same selection and one pending action per item.
 */
function useLeadList<T extends { id: number }>(opts: {
  filterKey: string;
  load: (limit: number, offset?: number) => Promise<LeadPage<T>>;
  exportFile: () => Promise<{ blob: Blob; fileName: string }>;
  /** "request"/"requests": the words of counts and messages. */
  noun: readonly [string, string];
  onRetention: (days: number) => void;
}) {
  const op = useOperator();
  const [items, setItems] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [pending, setPending] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const [one, many] = opts.noun;

  useEffect(() => {
    let live = true;
    opts
      .load(PAGE)
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setTotal(page.total);
        opts.onRetention(page.retention_days);
        setError(null);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, `Could not load the ${many}`));
      });
    return () => {
      live = false;
    };
    // The filter is what filterKey spells: a new filter or Refresh loads the first page again.
  }, [opts.filterKey, reload]);

  async function more() {
    if (!items) return;
    setLoadingMore(true);
    try {
      const page = await opts.load(PAGE, items.length);
      setItems([...items, ...page.items]);
      setTotal(page.total);
    } catch (err) {
      op.failed(err, `Could not load more ${many}`);
    } finally {
      setLoadingMore(false);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, fileName } = await opts.exportFile();
      save(blob, fileName);
      void notify("success", "CSV exported", `${fileName} · ${plural(total, one, many)}`);
      op.acted();
    } catch (err) {
      op.failed(err, "CSV export failed");
    } finally {
      setExporting(false);
    }
  }

  /** Runs one item's action (the item's buttons are disabled meanwhile); `failed` is the toast's title. */
  async function act(item: T, action: () => Promise<void>, failed: string) {
    setPending(item.id);
    try {
      await action();
      op.acted();
    } catch (err) {
      op.failed(err, failed);
    } finally {
      setPending(null);
    }
  }

  /** Takes an item out of the list (deleted, or no longer matching the filter). */
  function drop(id: number) {
    setItems((list) => list?.filter((x) => x.id !== id) ?? null);
    setTotal((t) => t - 1);
  }

  const refresh = () => setReload((n) => n + 1);
  return { items, setItems, total, error, loadingMore, exporting, pending, more, exportCsv, act, drop, refresh };
}

/** Export CSV and Refresh, at the end of a list's toolbar. */
function ListButtons({
  exporting,
  onExport,
  onRefresh,
}: {
  exporting: boolean;
  onExport: () => void;
  onRefresh: () => void;
}) {
  return (
    <>
      <button type="button" className={button.secondary} onClick={onExport} disabled={exporting}>
        {exporting ? "Exporting..." : "Export CSV"}
      </button>
      <button type="button" className={button.small} onClick={onRefresh}>
        Refresh
      </button>
    </>
  );
}

/** "Load more" while the server holds more than the list shows. */
function LoadMore({
  shown,
  total,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onMore: () => void;
}) {
  if (shown >= total) return null;
  return (
    <button type="button" className={`${button.small} mt-3`} onClick={onMore} disabled={loading}>
      {loading ? "Loading..." : "Load more"}
    </button>
  );
}

function WaitingList({ onRetention }: { onRetention: (days: number) => void }) {
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

type Status = "all" | "open" | "handled";
const handledOf = (s: Status): boolean | null => (s === "all" ? null : s === "handled");

function Messages({ onRetention }: { onRetention: (days: number) => void }) {
  const [topic, setTopic] = useState<ContactTopic | null>(null);
  const [status, setStatus] = useState<Status>("all");
  const filter: MessageFilter = { topic, handled: handledOf(status) };
  const list = useLeadList<ContactMessage>({
    filterKey: `${topic ?? ""}|${status}`,
    load: (limit, offset) => getMessages(filter, limit, offset),
    exportFile: () => exportMessages(filter),
    noun: ["message", "messages"],
    onRetention,
  });
  const { items, total, error, pending } = list;

  const toggle = (m: ContactMessage) =>
    list.act(
      m,
      async () => {
        const updated = await setMessageHandled(m.id, m.handled_at === null);
        // A message that no longer matches the status filter leaves the list.
        const keep = status === "all" || (status === "handled") === (updated.handled_at !== null);
        if (keep) list.setItems((all) => all?.map((x) => (x.id === updated.id ? updated : x)) ?? null);
        else list.drop(updated.id);
        void notify("success", updated.handled_at ? "Marked handled" : "Marked open");
      },
      "Could not change the message",
    );

  const remove = (m: ContactMessage) =>
    list.act(
      m,
      async () => {
        await deleteMessage(m.id);
        list.drop(m.id);
        void notify("success", "Message deleted");
      },
      "Could not delete the message",
    );

  const described = topic ? ` about ${contactTopicTitle(topic)}` : "";
  return (
    <>
      <Toolbar>
        <FilterSelect<ContactTopic | "">
          id="messages-topic"
          label="Topic"
          value={topic ?? ""}
          onChange={(v) => setTopic(v || null)}
          options={[
            { value: "", label: "All topics" },
            ...CONTACT_TOPICS.map((t) => ({ value: t.id, label: t.title })),
          ]}
        />
        <FilterSelect<Status>
          id="messages-status"
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            { value: "all", label: "Open and handled" },
            { value: "open", label: "Open only" },
            { value: "handled", label: "Handled only" },
          ]}
        />
        <ListButtons exporting={list.exporting} onExport={() => void list.exportCsv()} onRefresh={list.refresh} />
      </Toolbar>
      {error ? <Note tone="error">{error}</Note> : null}
      {!items && !error ? <Note>Loading messages...</Note> : null}
      {items && items.length === 0 ? (
        <Note>
          No {status === "all" ? "" : `${status} `}messages{described} yet.
        </Note>
      ) : null}
      {items && items.length > 0 ? (
        <>
          <p className="mb-2 text-sm text-slate-600" data-testid="messages-count">
            {items.length} of {plural(total, "message", "messages")}
          </p>
          <ul className="space-y-3" data-testid="messages-list">
            {items.map((m) => {
              const deletion = m.topic === DELETE_MY_DATA_TOPIC;
              return (
                <li
                  key={m.id}
                  data-id={m.id}
                  data-topic={m.topic}
                  className={`rounded-lg border p-3 text-sm sm:p-4 ${deletion && !m.handled_at ? "border-red-300 bg-red-50/40" : "border-slate-200"}`}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="flex flex-wrap items-center gap-2">
                      <Badge tone={deletion ? "red" : "blue"}>{contactTopicTitle(m.topic)}</Badge>
                      {m.handled_at ? <Badge tone="green">Handled</Badge> : <Badge tone="amber">Open</Badge>}
                    </p>
                    <p className="text-xs text-slate-600">{formatDateTime(m.created_at)}</p>
                  </div>
                  <p className="mt-2 font-medium">
                    {m.name}{" "}
                    <a href={`mailto:${m.email}`} className="break-all font-normal text-brand-700 hover:underline">
                      {m.email}
                    </a>
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words text-slate-800">{m.message}</p>
                  {deletion && !m.handled_at ? (
                    <p className="mt-2 text-xs text-red-900">
                      Deletion request: delete this sender&apos;s waiting-list requests and messages (or hide the
                      experience named), confirm by email, then mark it handled.
                    </p>
                  ) : null}
                  {m.handled_at ? (
                    <p className="mt-2 text-xs text-slate-600">
                      Handled by {m.handled_by ?? "?"} on {formatDateTime(m.handled_at)}
                    </p>
                  ) : null}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={button.small}
                      onClick={() => void toggle(m)}
                      disabled={pending === m.id}
                    >
                      {m.handled_at ? "Reopen" : "Mark handled"}
                    </button>
                    <DeleteButton
                      what={`the message of ${m.name}`}
                      busy={pending === m.id}
                      onDelete={() => void remove(m)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          <LoadMore shown={items.length} total={total} loading={list.loadingMore} onMore={() => void list.more()} />
        </>
      ) : null}
    </>
  );
}
