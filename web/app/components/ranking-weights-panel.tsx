// The rankings' way to a personal ranking and to comparisons (docs/decisions/020-personal-weights.md): the five
// weights as a plain GET form to /your-weather (which ranks every country by them, in the browser), and a link
// comparing the two first countries of this ranking. The ranking above it stays the published index.
import { Link } from "react-router";
import { comparePath } from "../../../product/compare.ts";
import { INDEX_STEPS } from "../../../product/weights.ts";
import { WeightsPanel } from "./weights-panel.tsx";

export function RankingWeightsPanel({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="own-weather-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="ranking-weights-panel">
      <h2 id="own-weather-title" className="text-lg font-semibold text-slate-900">
        Your own weather
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        This ranking is the published index. Weigh the inputs yourself to see your ranking (your weights — not the index) of all 31 countries.
      </p>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">Set your weights</summary>
        <WeightsPanel steps={INDEX_STEPS} action="/your-weather" compact />
      </details>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link className="font-medium text-brand-700 underline" to="/your-weather">
          Open your own weather
        </Link>
        {codes.length === 2 ? (
          <Link className="font-medium text-brand-700 underline" to={comparePath(codes)}>
            Compare the top two
          </Link>
        ) : null}
      </p>
    </section>
  );
}
