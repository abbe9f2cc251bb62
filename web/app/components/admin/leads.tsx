// Leads: personal data, for the operator only (docs/product.md §6). Two tabs: the waiting-list requests
// (leads-waiting-list.tsx) and the contact form's messages (leads-messages.tsx), each newest first, with the CSV
// export of the same selection and a delete per item (what a "Delete my data" request asks for). Every read, export
// and change is audited by the server.
import { useRef, useState, type KeyboardEvent } from "react";
import { Panel } from "./ui.tsx";
import { plural } from "./lead-list.tsx";
import { Messages } from "./leads-messages.tsx";
import { WaitingList } from "./leads-waiting-list.tsx";

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
