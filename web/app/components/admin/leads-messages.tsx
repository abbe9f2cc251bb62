// The messages tab of the leads (leads.tsx): the contact form's messages, newest first, with topic and status
// filters, "Delete my data" requests marked as such, Mark handled / Reopen, the CSV export and a delete per
// message. Personal data: docs/product.md §6.
import { useState } from "react";
import {
  CONTACT_TOPICS,
  DELETE_MY_DATA_TOPIC,
  contactTopicTitle,
  type ContactTopic,
} from "../../../../product/options.ts";
import {
  deleteMessage,
  exportMessages,
  getMessages,
  setMessageHandled,
  type ContactMessage,
  type MessageFilter,
} from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { notify } from "../../lib/toast.ts";
import { Badge, button, FilterSelect, Note } from "./ui.tsx";
import { DeleteButton, ListButtons, LoadMore, Toolbar, plural, useLeadList } from "./lead-list.tsx";

type Status = "all" | "open" | "handled";
const handledOf = (s: Status): boolean | null => (s === "all" ? null : s === "handled");

export function Messages({ onRetention }: { onRetention: (days: number) => void }) {
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
