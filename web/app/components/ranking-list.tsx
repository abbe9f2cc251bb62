// Ranking rows (docs/product.md §2 "Ranking pages"): rank, flag, name, rating label, the confidence with the evidence
// behind it (product/evidence.ts), score to one decimal "out of 10";
// a row opens /country/{lowercase code}. The weather status is written out on its map colour.
import { Link } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { RATING_BANDS, STATUS_STYLE, type Status } from "../../../product/weather.ts";
import type { Evidence } from "../../../product/evidence.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { ChevronRightIcon, WeatherIcon } from "./icons.tsx";
import { Flag } from "./flag.tsx";

export interface RankedCountry {
  code: string;
  name: string;
  score: number | null;
  status: Status | null;
  label: string | null;
  confidence: string | null;
  evidence: Evidence | null;
}

/** What a ranking says while publication is paused (no score is current, so none is ranked): a message id. */
export const PAUSED_RANKING = "rankings.paused";

export function RankingList({
  rows,
  compact = false,
  empty = "rankings.empty",
}: {
  rows: RankedCountry[];
  compact?: boolean;
  empty?: string;
}) {
  const f = useFormat();
  const to = useLocalePath();
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        <FormattedMessage id={empty} />
      </p>
    );
  }
  return (
    <ol className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {rows.map((c, i) => (
        <li key={c.code}>
          <Link
            to={to(`/country/${c.code.toLowerCase()}`)}
            prefetch="intent"
            className={`flex items-center gap-2 px-3 sm:gap-3 sm:px-4 ${compact ? "py-2.5" : "py-3.5"} hover:bg-slate-50 focus-visible:bg-slate-50`}
          >
            <span className="w-7 text-right font-semibold tabular-nums text-slate-600">{i + 1}</span>
            <Flag code={c.code} height={18} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{f.country(c.code)}</span>
              {c.status || c.label ? (
                <span className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-slate-600">
                  {c.status ? <StatusChip status={c.status} /> : null}
                  {c.label ? f.label(c.label) : null}
                </span>
              ) : null}
              {c.confidence ? (
                <span className="mt-0.5 block text-xs text-slate-600" data-testid="evidence">
                  {f.confidenceWithEvidence(c.confidence, c.evidence)}
                </span>
              ) : null}
            </span>
            {c.status && !compact ? <WeatherIcon status={c.status} className="hidden h-8 w-8 sm:block" /> : null}
            <span className="text-right">
              <span className="block text-lg font-bold tabular-nums text-slate-900">
                {c.score !== null ? f.score(c.score) : "–"}
              </span>
              <span className="block text-xs text-slate-600">
                <FormattedMessage id="rankings.outOf10" />
              </span>
            </span>
            <ChevronRightIcon className="h-4 w-4 text-slate-400" />
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** The status name on its colour (the map's), so a row's weather reads without the icon. */
export function StatusChip({ status }: { status: Status }) {
  const f = useFormat();
  const st = STATUS_STYLE[status];
  return (
    <span
      className="min-w-16 shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-center text-xs font-semibold [hyphens:manual]"
      style={{ background: st.fill, color: st.ink }}
      data-status={status}
    >
      {f.status(status)}
    </span>
  );
}

/**
 * The rating key (docs/product.md §2): each label's score range with the weather inside it, from the model's
 * thresholds (product/weather.ts RATING_BANDS), so the key matches every row's label and status chip.
 */
export function RankingLegend() {
  const intl = useIntl();
  const f = useFormat();
  return (
    <ul
      aria-label={intl.formatMessage({ id: "rankings.ratingKey" })}
      className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700"
    >
      {RATING_BANDS.map((b) => (
        <li key={b.label} className="flex flex-wrap items-center gap-1.5" data-band={b.label}>
          <span>
            {intl.formatMessage(
              { id: "rankings.band" },
              { from: f.plain(b.from), to: f.plain(b.to), label: f.label(b.label).toLocaleLowerCase(f.locale) },
            )}
          </span>
          {b.statuses.map((s) => (
            <StatusChip key={s} status={s} />
          ))}
        </li>
      ))}
    </ul>
  );
}
