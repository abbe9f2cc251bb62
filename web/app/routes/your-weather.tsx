// /your-weather (docs/decisions/020-personal-weights.md, docs/model.md §11): a visitor weighs the five inputs and
// every country is re-ranked by its personal score, in the browser, from the published sub-scores the page was
// served with (no server round trip); the published score stays beside each personal one. The weights live in
// the URL (`?weights=U:2,M:2,V:2,C:2,S:2`, the API's format) so a ranking can be shared; without JavaScript the
// server renders the ranking of the URL's weights and the form submits new ones.
import { useEffect, useMemo, useState } from "react";
import { Link, redirect, useLoaderData, type MetaFunction } from "react-router";
import { formatScore } from "../../../product/format.ts";
import { movedText, PERSONAL_NOTE, personalRows, type PersonalRowView } from "../../../product/personal-view.ts";
import { formatSteps, INDEX_STEPS, isIndexSteps, WEIGHT_KEYS, WEIGHT_TEXT, type WeightSteps } from "../../../product/weights.ts";
import { StatusChip } from "../components/ranking-list.tsx";
import { EuropeMap, type MapCountry } from "../components/europe-map.tsx";
import { Flag } from "../components/flag.tsx";
import { WeightsPanel } from "../components/weights-panel.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import { personalInputs, stepsOfUrl } from "../lib/personal.server.ts";

const PATH = "/your-weather";

export function loader({ request, context }: SiteLoaderArgs) {
  const url = new URL(request.url);
  const s = stepsOfUrl(url);
  if (s.kind === "redirect") throw redirect(`${PATH}${s.search}`, 303);
  const state = context.read.publicationState(context.now);
  return {
    steps: s.steps,
    error: s.error,
    paused: state.paused,
    inputs: state.paused ? [] : personalInputs(context.read, context.now),
  };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: "Your own job weather: rank countries by what matters to you",
    description: "Weigh unemployment, its change, vacancies, competition and sentiment yourself and see how Europe's job markets rank for you, beside the published index.",
    canonicalPath: PATH,
  });

/** The page's URL for some steps (the index's: the bare path). */
const urlOf = (steps: WeightSteps) => (isIndexSteps(steps) ? PATH : `${PATH}?weights=${formatSteps(steps)}`);

export default function YourWeather() {
  const data = useLoaderData<typeof loader>();
  const [steps, setSteps] = useState<WeightSteps>(data.steps);
  // A new server answer (a submitted form, back/forward) replaces the local state.
  useEffect(() => setSteps(data.steps), [data.steps]);
  const rows = useMemo(() => personalRows(data.inputs, steps), [data.inputs, steps]);
  const change = (next: WeightSteps) => {
    setSteps(next);
    // The URL follows without a navigation (nothing to ask the server): shareable and bookmarkable.
    window.history.replaceState(window.history.state, "", urlOf(next));
  };
  const ranked = rows.filter((r) => r.rank !== null);
  // Inputs no shown country has (e.g. sentiment when every survey is past its cut-off): say their weight does nothing.
  const missing = WEIGHT_KEYS.filter((k) => data.inputs.every((i) => i.score === null || !i.sub?.[k]));
  const top = ranked
    .slice(0, 3)
    .map((r) => r.name)
    .join(", ");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Your own job weather</h1>
      <p className="mt-2 text-lg text-slate-700">Rank Europe&apos;s job markets by what matters to you.</p>
      <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900" data-testid="personal-note">
        <strong>{PERSONAL_NOTE.split(" — ")[0]}</strong> — {PERSONAL_NOTE.split(" — ")[1]}
      </p>
      {data.error ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900" data-testid="weights-error">
          These weights could not be read: {data.error} Showing the index&apos;s weights.
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div>
          <WeightsPanel steps={steps} action={PATH} onChange={change} onReset={() => change(INDEX_STEPS)} />
          {missing.length ? (
            <p className="mt-3 text-sm text-slate-700" data-testid="weights-missing">
              {missing.map((k) => WEIGHT_TEXT[k].name).join(", ")}: not available for any country shown today, so {missing.length > 1 ? "their weights change" : "its weight changes"} nothing
              for now.
            </p>
          ) : null}
          {ranked.length && !data.paused ? (
            <p className="mt-3 text-sm text-slate-800 lg:hidden" data-testid="top-now">
              Your top 3 now: {top}.{" "}
              <a className="font-medium text-brand-700 underline" href="#your-ranking-title">
                See your ranking
              </a>
            </p>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">
            Download this ranking: <a className="font-medium text-brand-700 underline" href={`/api/v1/scores/personal.csv?weights=${formatSteps(steps)}`}>CSV</a> ·{" "}
            <a className="font-medium text-brand-700 underline" href={`/api/v1/scores?weights=${formatSteps(steps)}`}>JSON</a>
          </p>
        </div>
        <section aria-labelledby="your-ranking-title">
          <h2 id="your-ranking-title" className="text-xl font-semibold text-slate-900">
            Your ranking (your weights)
          </h2>
          <p className="sr-only" aria-live="polite" data-testid="ranking-summary">
            {ranked.length ? `Your top countries: ${top}.` : "No country has a score under these weights."}
          </p>
          {data.paused ? (
            <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">No ranking while publication is paused.</p>
          ) : (
            <>
              <PersonalList rows={rows} />
              <div className="mt-6" data-testid="personal-map">
                <EuropeMap countries={mapCountries(rows)} personal />
              </div>
            </>
          )}
          <p className="mt-3 text-sm text-slate-600">
            The published index is on the <Link className="font-medium text-brand-700 underline" to="/brightest">brightest</Link> and{" "}
            <Link className="font-medium text-brand-700 underline" to="/stormiest">stormiest</Link> rankings; how the index weighs its inputs is on the{" "}
            <Link className="font-medium text-brand-700 underline" to="/methodology">methodology</Link> page.
          </p>
        </section>
      </div>
    </div>
  );
}

/** The map's countries coloured by the personal score and its status (not the index's). */
function mapCountries(rows: readonly PersonalRowView[]): MapCountry[] {
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    score: r.personal_score,
    status: r.personal_status,
    label: null,
    confidence: null,
    evidence: null,
  }));
}

function movedLine(r: PersonalRowView): string {
  if (r.moved_by.length === 0) return "As in the index";
  const text = movedText(r);
  return text === "no change" ? "Your weights move it by less than 0.05" : `Moved by your weights: ${text}`;
}

function PersonalList({ rows }: { rows: PersonalRowView[] }) {
  const ranked = rows.filter((r) => r.rank !== null);
  const unranked = rows.filter((r) => r.rank === null);
  return (
    <>
      <ol className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="personal-ranking">
        {ranked.map((r) => (
          <li key={r.code} className="flex items-center gap-2 px-3 py-3 sm:gap-3 sm:px-4" data-code={r.code}>
            <span className="w-7 text-right font-semibold tabular-nums text-slate-600">{r.rank}</span>
            <Flag code={r.code} height={18} />
            <span className="min-w-0 flex-1">
              <Link to={`/country/${r.code.toLowerCase()}`} className="block truncate font-medium text-slate-900 hover:underline">
                {r.name}
              </Link>
              <span className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-slate-600">
                {r.personal_status ? <StatusChip status={r.personal_status} /> : null}
                <span data-testid="moved">{movedLine(r)}</span>
              </span>
            </span>
            <span className="text-right">
              <span className="block text-lg font-bold tabular-nums text-slate-900" data-testid="personal-score">
                <span className="sr-only">Your score </span>
                {r.personal_score !== null ? formatScore(r.personal_score) : "–"}
              </span>
              <span className="block text-xs text-slate-600" data-testid="index-score">
                index {r.score !== null ? formatScore(r.score) : "–"}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {unranked.length ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="unranked">
          Not ranked: {unranked.map((r) => `${r.name} (${r.score === null ? "no recent score" : "nothing you weigh is available"})`).join(", ")}.
        </p>
      ) : null}
    </>
  );
}
