// "Why it changed" on both country pages (docs/model.md §9): since the month before and since a year before,
// the model's sentence and its parts as a list, each with the figures behind it and its share of the change shown
// to one decimal (the shown parts add up to the change as shown). The words come from the loader
// (product/change-view.ts), the same as the API's `change_text` and the feeds. Without a shown score there is
// nothing to explain and the block is left out; a month without a score to compare with says so.
import { Link } from "react-router";
import { noComparisonText, type ChangeView, type ChangeViews } from "../../../product/change-view.ts";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The sentence with its head ("Up 0.4 since October 2026") in bold. */
function Sentence({ view }: { view: ChangeView }) {
  const lead = `${view.head} since ${view.since}`;
  if (!view.text.startsWith(lead)) return <>{view.text}</>;
  return (
    <>
      <strong className="font-semibold text-slate-900">{lead}</strong>
      {view.text.slice(lead.length)}
    </>
  );
}

function ChangeBlock({ id, title, view, empty }: { id: string; title: string; view: ChangeView | null; empty: string }) {
  return (
    <div data-testid={`why-${id}`}>
      <h3 id={`why-${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h3>
      {view ? (
        <>
          <p className="mt-1 text-slate-800" data-testid="why-sentence">
            <Sentence view={view} />
          </p>
          {view.parts.length > 0 ? (
            <ul aria-labelledby={`why-${id}-title`} className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
              {view.parts.map((p) => (
                <li key={p.words} className="flex items-start justify-between gap-3 px-3 py-2.5" data-shown={p.shown}>
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-slate-900">{capitalise(p.words)}</span>
                    <span className="block text-xs text-slate-600">{p.detail}</span>
                  </span>
                  <span
                    className={`shrink-0 rounded-md border px-2 py-0.5 text-sm font-semibold tabular-nums ${
                      p.shown > 0 ? "border-green-200 text-good" : "border-red-200 text-poor"
                    }`}
                  >
                    <span aria-hidden>{p.shown > 0 ? "▲ " : "▼ "}</span>
                    {p.shown_text}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-slate-700">{empty}</p>
      )}
    </div>
  );
}

export function WhyChanged({ views, asOf }: { views: ChangeViews | null; asOf: string | null }) {
  if (!views || !asOf) return null;
  return (
    <section aria-labelledby="why-changed-title" className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="why-changed">
      <h2 id="why-changed-title" className="text-2xl font-semibold tracking-tight">
        Why it changed
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <ChangeBlock id="month" title="Since last month" view={views.previous_month} empty={noComparisonText("previous_month", asOf)} />
        <ChangeBlock id="year" title="Since a year ago" view={views.year_before} empty={noComparisonText("year_before", asOf)} />
      </div>
      <p className="mt-4 text-xs text-slate-600">
        Each part is its exact share of the change, averaged over every order in which the inputs could have changed; shown to one decimal,
        the parts add up to the change shown.{" "}
        <Link to="/methodology" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          How the score is made
        </Link>
      </p>
    </section>
  );
}
