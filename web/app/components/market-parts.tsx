// What the country page's market panels share (market-conditions.tsx, market-sentiment.tsx, market-advice.tsx,
// comparison-insights.tsx; docs/product.md §2): the market catalogue's messages, a metric with its tone, decimals
// in the page's language, and the one sentence that names the figures a country lacks.
import { countryPhrase } from "../../../product/country-phrases.ts";
import type { ReactNode } from "react";
import { type Tone } from "../../../product/market-grades.ts";
import { listIn, type MissingFigure } from "../lib/availability.ts";
import { InfoTip } from "./info.tsx";
import { useFormat } from "../i18n/format.ts";
import { COUNTRIES } from "../../../lib/countries.ts";
import { FormattedMessage, useIntl } from "react-intl";
import type { PageInput } from "../lib/country.server.ts";
import { FlagMark } from "./flag-mark.tsx";
import { SourceCheck, usePageSources } from "./source-check.tsx";

/** A message of the market namespace (web/app/i18n/messages/<locale>/market.json). */
export function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `market.${id}` }, values);
}

const TONE_CLASS: Record<Tone, string> = { good: "text-good", fair: "text-fair", poor: "text-poor" };

export function Metric({
  label,
  tip,
  value,
  period,
  note,
  tone,
  flag,
  sources,
}: {
  label: string;
  tip: string;
  value: string;
  period?: string | null;
  note?: ReactNode;
  tone?: Tone | null;
  /** Eurostat's flag of the value (of its inputs, for a figure computed from them): a mark beside it. */
  flag?: string | null;
  /** The inputs it is read from, for "Check it at the source" (labelled when there are several). */
  sources?: ReadonlyArray<PageInput>;
}) {
  const f = useFormat();
  const t = useT();
  const intl = useIntl();
  const pageSources = usePageSources();
  const parts = (sources ?? []).map((input) => ({
    input,
    label: sources!.length > 1 ? intl.formatMessage({ id: `sources.part.${input}` }) : undefined,
    source: pageSources[input],
  }));
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="flex items-center gap-1 text-sm text-slate-700">
        {label}
        <InfoTip label={label}>{tip}</InfoTip>
      </dt>
      <dd>
        <span className={`text-xl font-semibold tabular-nums ${tone ? TONE_CLASS[tone] : "text-slate-900"}`}>
          {value}
        </span>
        <FlagMark flag={flag} />
        {tone ? <span className="sr-only"> ({t(`tone.${tone}`)})</span> : null}
        {period ? <span className="ml-2 text-xs text-slate-600">{f.period(period)}</span> : null}
        {note ? <p className="mt-0.5 text-sm text-slate-700">{note}</p> : null}
        <SourceCheck figure={label} parts={parts} />
      </dd>
    </div>
  );
}

/** A decimal the product wrote in English ("+0.4") with the page's decimal separator ("+0,4"). */
export function localDecimal(f: ReturnType<typeof useFormat>, text: string): string {
  return f.locale === "en" ? text : text.replace(".", f.plain(1.5).charAt(1));
}

/**
 * "Not available for Germany: job vacancy rate and expert barometer (no recent figures in the sources we use)." in the
 * page's language: the figures' names from the market catalogue, listed by Intl.ListFormat. `code` names the country
 * in the page's language; without it, the English name given is looked up.
 */
export function NotAvailable({
  countryName,
  code,
  missing,
  note,
}: {
  countryName: string;
  code?: string;
  missing: MissingFigure[];
  note?: string | null;
}) {
  const intl = useIntl();
  const f = useFormat();
  if (missing.length === 0 && !note) return null;
  const country = code ?? COUNTRIES.find((c) => c.name === countryName)?.code;
  const list = listIn(
    f.locale,
    missing.map((m) => intl.formatMessage({ id: `market.missing.${m}` })),
  );
  return (
    <p
      className="rounded-xl border border-slate-200 bg-slate-100/70 px-4 py-3 text-sm text-slate-800"
      data-testid="not-available"
    >
      {missing.length > 0 ? (
        <FormattedMessage
          id="market.notAvailable"
          values={{
            forCountry: country ? countryPhrase(f.locale, country, "for") : countryName,
            list,
            b: (chunks) => <strong className="font-semibold">{chunks}</strong>,
          }}
        />
      ) : null}
      {note ? <> {note}</> : null}
    </p>
  );
}
