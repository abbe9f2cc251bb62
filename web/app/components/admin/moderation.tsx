// Moderation: the newest community experiences (all countries or one), each with Hide / Unhide. A hidden
// experience leaves the public country page and its summary at once.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { COUNTRIES, countryByCode } from "../../../../lib/countries.ts";
import { Flag } from "../flag.tsx";
import { getExperiences, setExperienceHidden, type AdminExperience } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { notify } from "../../lib/toast.ts";
import { useOperator } from "./operator-context.tsx";
import { Badge, button, FilterSelect, Note, Panel } from "./ui.tsx";

const PAGE = 25;
type Visibility = "all" | "visible" | "hidden";

export function Moderation() {
  const op = useOperator();
  const [country, setCountry] = useState<string>("");
  const [visibility, setVisibility] = useState<Visibility>("all");
  const [items, setItems] = useState<AdminExperience[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [reload, setReload] = useState(0);

  const hidden = visibility === "all" ? null : visibility === "hidden";

  useEffect(() => {
    let live = true;
    getExperiences({ country: country || null, hidden, limit: PAGE })
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setMore(page.items.length === PAGE);
        setError(null);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, "Could not load the experiences"));
      });
    return () => {
      live = false;
    };
  }, [country, hidden, reload]);

  async function loadMore() {
    if (!items) return;
    try {
      const page = await getExperiences({ country: country || null, hidden, limit: PAGE, offset: items.length });
      setItems([...items, ...page.items]);
      setMore(page.items.length === PAGE);
    } catch (err) {
      op.failed(err, "Could not load more experiences");
    }
  }

  async function toggle(item: AdminExperience) {
    setPending(item.id);
    try {
      const updated = await setExperienceHidden(item.id, !item.hidden);
      setItems((list) => list?.map((x) => (x.id === updated.id ? updated : x)) ?? null);
      const name = countryByCode(updated.country_code)?.name ?? updated.country_code;
      void notify(
        "success",
        updated.hidden ? "Experience hidden" : "Experience visible again",
        updated.hidden ? `It no longer shows on the ${name} page.` : `It shows on the ${name} page again.`,
      );
      op.acted();
    } catch (err) {
      op.failed(err, item.hidden ? "Could not unhide the experience" : "Could not hide the experience");
    } finally {
      setPending(null);
    }
  }

  return (
    <Panel
      id="moderation"
      title="Moderation"
      description="The newest experiences shared by job seekers. Hide spam or personal attacks; hidden ones can be shown again."
      actions={
        <>
          <FilterSelect
            id="moderation-country"
            label="Country"
            value={country}
            onChange={setCountry}
            options={[
              { value: "", label: "All countries" },
              ...COUNTRIES.map((c) => ({ value: c.code, label: c.name })),
            ]}
          />
          <FilterSelect<Visibility>
            id="moderation-visibility"
            label="Visibility"
            value={visibility}
            onChange={setVisibility}
            options={[
              { value: "all", label: "Visible and hidden" },
              { value: "visible", label: "Visible only" },
              { value: "hidden", label: "Hidden only" },
            ]}
          />
          <button type="button" className={button.small} onClick={() => setReload((n) => n + 1)}>
            Refresh
          </button>
        </>
      }
    >
      {error ? <Note tone="error">{error}</Note> : null}
      {!items && !error ? <Note>Loading experiences...</Note> : null}
      {items && items.length === 0 ? <Note>No experiences here yet.</Note> : null}
      {items && items.length > 0 ? (
        <ul className="divide-y divide-slate-100" data-testid="moderation-list">
          {items.map((x) => {
            const c = countryByCode(x.country_code);
            return (
              <li
                key={x.id}
                data-id={x.id}
                className={`-mx-2 flex flex-col gap-3 rounded-md px-2 py-3 sm:flex-row sm:items-start sm:justify-between ${x.hidden ? "bg-slate-50" : ""}`}
              >
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <Flag code={x.country_code} height={14} />
                    <Link
                      to={`/country/${x.country_code.toLowerCase()}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {c?.name ?? x.country_code}
                    </Link>
                    <span className="text-slate-600">{formatDateTime(x.created_at)}</span>
                    <Badge tone={x.mood >= 4 ? "green" : x.mood <= 2 ? "red" : "slate"}>
                      {x.mood_label} ({x.mood}/5)
                    </Badge>
                    {x.hidden ? <Badge tone="amber">Hidden</Badge> : null}
                  </p>
                  <p className="mt-1 text-slate-700">
                    {x.role_family} · {x.seniority} · {x.residency}
                    {x.local_language ? " · speaks the local language" : ""}
                  </p>
                  {x.comment ? (
                    <p className="mt-1 whitespace-pre-line break-words text-slate-900">“{x.comment}”</p>
                  ) : null}
                  {x.hidden && x.hidden_at ? (
                    <p className="mt-1 text-xs text-slate-600">
                      Hidden by {x.hidden_by ?? "operator"} on {formatDateTime(x.hidden_at)}
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  className={`${button.small} shrink-0 self-start`}
                  onClick={() => void toggle(x)}
                  disabled={pending === x.id}
                  aria-label={`${x.hidden ? "Unhide" : "Hide"} experience #${x.id} (${c?.name ?? x.country_code})`}
                >
                  {x.hidden ? "Unhide" : "Hide"}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {items && more ? (
        <button type="button" className={`${button.small} mt-3`} onClick={() => void loadMore()}>
          Load more
        </button>
      ) : null}
    </Panel>
  );
}
