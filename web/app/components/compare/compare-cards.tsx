// The compare page's cards (routes/compare.tsx): one per country, its score, status, confidence and community mood.
import { Link } from "react-router";
import { useIntl } from "react-intl";
import { useFormat } from "../../i18n/format.ts";
import { useLocalePath } from "../../i18n/use-locale.ts";
import { canSummarise } from "../../lib/community.ts";
import type { ComparedCountry } from "../../lib/compare-page.server.ts";
import { fixedIn, scoreIn } from "../../lib/intl-numbers.ts";
import { Flag } from "../flag.tsx";
import { StatusChip } from "../ranking-list.tsx";

export function CompareCards({ countries }: { countries: readonly ComparedCountry[] }) {
  return (
    <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="compare-cards">
      {countries.map((c) => (
        <CompareCard key={c.code} country={c} />
      ))}
    </div>
  );
}

/** One country's card: its name (a link to its page), score, status or why it has none, confidence and mood. */
function CompareCard({ country: c }: { country: ComparedCountry }) {
  const intl = useIntl();
  const f = useFormat();
  const lp = useLocalePath();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `compare.card.${id}` }, values);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4" data-code={c.code}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Flag code={c.code} height={16} />
        <Link to={lp(`/country/${c.code.toLowerCase()}`)} className="hover:underline">
          {c.name}
        </Link>
      </h2>
      <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="compare-score">
        {c.score !== null ? scoreIn(intl, c.score) : "–"}
        <span className="text-base font-normal text-slate-600"> {t("outOf")}</span>
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
        {c.status ? <StatusChip status={c.status} /> : null}
        {c.label ? f.label(c.label) : intl.formatMessage({ id: `country.noScore.${c.withheld ?? "stale"}.title` })}
      </p>
      {c.confidence ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="compare-confidence">
          {f.confidenceWithEvidence(c.confidence, c.evidence)}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700" data-testid="compare-mood">
        {/* An average only from the minimum number of experiences on, as on the country page (web/app/lib/community.ts). */}
        {c.mood.count === 0
          ? t("moodNone")
          : canSummarise(c.mood.count) && c.mood.average_mood !== null
            ? t("mood", { average: fixedIn(intl, c.mood.average_mood, 1), count: c.mood.count })
            : t("moodTooFew", { count: c.mood.count })}
      </p>
    </div>
  );
}
