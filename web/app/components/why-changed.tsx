// "Why it changed" on both country pages (docs/model.md §9): since the month before and since a year before,
// the model's sentence and its parts as a list, each with the figures behind it and its share of the change shown
// to one decimal (the shown parts add up to the change as shown). The loader sends the change as data
// (product/change-view.ts `changeSpecs`); the words are the `why` messages in the page's language
// (web/app/lib/why-text.ts), in English the very words of the API's `change_text` and the feeds. Without a shown
// score there is nothing to explain and the block is left out; a month without a score to compare with says so.
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { ChangeSpec, ChangeSpecs } from "../../../product/change-view.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { capitalised, detailText, lineText, noComparisonIn, sentenceMessage, shownText } from "../lib/why-text.ts";

/** The sentence with its head ("Up 0.4 since October 2026") in bold. */
function Sentence({ view }: { view: ChangeSpec }) {
  const intl = useIntl();
  const { id, values } = sentenceMessage(intl, view);
  return (
    <FormattedMessage
      id={id}
      values={{ ...values, b: (chunks) => <strong className="font-semibold text-slate-900">{chunks}</strong> }}
    />
  );
}

function ChangeBlock({
  id,
  title,
  view,
  empty,
}: {
  id: string;
  title: string;
  view: ChangeSpec | null;
  empty: string;
}) {
  const intl = useIntl();
  return (
    <div data-testid={`why-${id}`} data-from-month={view?.from_month} data-to-month={view?.to_month}>
      <h3 id={`why-${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h3>
      {view ? (
        <>
          <p className="mt-1 text-slate-800" data-testid="why-sentence">
            <Sentence view={view} />
          </p>
          {view.lines.length > 0 ? (
            <ul
              aria-labelledby={`why-${id}-title`}
              className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200"
            >
              {view.lines.map((l, i) => (
                <li
                  key={i}
                  className="flex items-start justify-between gap-3 px-3 py-2.5"
                  data-shown={l.shown_tenths / 10}
                >
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-slate-900">
                      {capitalised(intl, lineText(intl, l))}
                    </span>
                    <span className="block text-xs text-slate-600">{detailText(intl, l.detail)}</span>
                  </span>
                  <span
                    className={`shrink-0 rounded-md border px-2 py-0.5 text-sm font-semibold tabular-nums ${
                      l.shown_tenths > 0 ? "border-green-200 text-good" : "border-red-200 text-poor"
                    }`}
                  >
                    <span aria-hidden>{l.shown_tenths > 0 ? "▲ " : "▼ "}</span>
                    {shownText(intl, l.shown_tenths)}
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

export function WhyChanged({ views, asOf }: { views: ChangeSpecs | null; asOf: string | null }) {
  const intl = useIntl();
  const localePath = useLocalePath();
  if (!views || !asOf) return null;
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <section
      id="why-changed"
      aria-labelledby="why-changed-title"
      className="mt-10 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="why-changed"
    >
      <h2 id="why-changed-title" className="text-2xl font-semibold tracking-tight">
        {t("why.title")}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2">
        <ChangeBlock
          id="month"
          title={t("why.sinceMonth")}
          view={views.previous_month}
          empty={noComparisonIn(intl, "previous_month", asOf)}
        />
        <ChangeBlock
          id="year"
          title={t("why.sinceYear")}
          view={views.year_before}
          empty={noComparisonIn(intl, "year_before", asOf)}
        />
      </div>
      <p className="mt-4 text-xs text-slate-600">
        <FormattedMessage
          id="why.footnote"
          values={{
            link: (chunks) => (
              <Link
                to={localePath("/methodology")}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    </section>
  );
}
