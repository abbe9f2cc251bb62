// The country page's panels (docs/product.md §2): market conditions, market sentiment, comparison insights and advice,
// every number from the published snapshot and the API's market panel (product/market-panel.ts). A panel shows
// only the figures that exist (lib/availability.ts); the page names the missing ones once (NotAvailable).
import { countryPhrase } from "../../../product/country-phrases.ts";
import type { ReactNode } from "react";
import { SIGNAL_RULES, signalFigure, type GeneralSignal } from "../../../product/signal.ts";
import type { Snapshot } from "../../../pipeline/model/types.ts";
import { PANEL_RULES, type MarketPanel, type SentimentSourcePanel, type Tone } from "../../../product/market-panel.ts";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import type { ExperienceSummary } from "../../../product/shapes.ts";
import { Link } from "react-router";
import {
  ADVICE,
  APPLICATIONS_PER_WEEK,
  MIN_REQUIREMENTS_MATCH,
  adviceFor,
  countingInputs,
  type AdviceItem,
} from "../../../product/advice.ts";
import { changeShownText, type ChangeSpec } from "../../../product/change-view.ts";
import { reasonText, shownText, signedPointsIn } from "../lib/why-text.ts";
import { listIn, type Availability, type MissingFigure } from "../lib/availability.ts";
import { canSummarise } from "../lib/community.ts";
import { formatNumber, formatPercent, formatPeriod } from "../../../product/format.ts";
import type { Status } from "../../../product/weather.ts";
import { blendSaid, countingSaid, sourceSaid } from "../lib/sentiment.ts";
import { InfoTip } from "./info.tsx";
import { useFormat } from "../i18n/format.ts";
import { ArrowDownIcon, ArrowUpIcon, MinusIcon } from "./icons.tsx";
import { COUNTRIES } from "../../../pipeline/countries.ts";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { useLocalePath } from "../i18n/use-locale.ts";

/** A message of the market namespace (web/app/i18n/messages/<locale>/market.json). */
function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `market.${id}` }, values);
}

const TONE_CLASS: Record<Tone, string> = { good: "text-good", fair: "text-fair", poor: "text-poor" };

function Metric({
  label,
  tip,
  value,
  period,
  note,
  tone,
}: {
  label: string;
  tip: string;
  value: string;
  period?: string | null;
  note?: ReactNode;
  tone?: Tone | null;
}) {
  const f = useFormat();
  const t = useT();
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
        {tone ? <span className="sr-only"> ({t(`tone.${tone}`)})</span> : null}
        {period ? <span className="ml-2 text-xs text-slate-600">{f.period(period)}</span> : null}
        {note ? <p className="mt-0.5 text-sm text-slate-700">{note}</p> : null}
      </dd>
    </div>
  );
}

/** "That is lower than the EU-27 average (6.1%, Q2 2026)." or "That is below the 6% rule of thumb." */
function EuNote({ eu }: { eu: NonNullable<MarketPanel["comparisons"]["unemployment_vs_eu"]> }) {
  const f = useFormat();
  const t = useT();
  const real = eu.basis === "EU27_2020" && eu.reference !== null;
  const verdict = real
    ? t(`verdict.eu.${eu.result}`)
    : t(`verdict.rule.${eu.result}`, {
        low: f.plain(PANEL_RULES.unemploymentLowerThan),
        high: f.plain(PANEL_RULES.unemploymentHigherThan),
      });
  return (
    <>
      {real
        ? t("euNote.eu", { verdict, rate: f.percent(eu.reference!), period: f.period(eu.eu_period ?? "") })
        : t("euNote", { verdict })}
    </>
  );
}

/** A decimal the product wrote in English ("+0.4") with the page's decimal separator ("+0,4"). */
function localDecimal(f: ReturnType<typeof useFormat>, text: string): string {
  return f.locale === "en" ? text : text.replace(".", f.plain(1.5).charAt(1));
}

/** The signal's tooltip in the page's language (English: word for word product/signal.ts's signalExplanation). */
function useSignalExplanation(reading: ReturnType<typeof signalReadingOf>): string {
  const f = useFormat();
  const t = useT();
  const rule = t("signal.rule", {
    months: SIGNAL_RULES.months,
    up: f.plain(SIGNAL_RULES.improvingFrom),
    down: f.plain(Math.abs(SIGNAL_RULES.weakeningFrom)),
  });
  if (!reading) return rule;
  return `${rule} ${t("signal.here", {
    market: localDecimal(f, signalFigure(reading.market)),
    evidence: localDecimal(f, signalFigure(reading.evidence, false)),
    from: f.period(reading.from_month),
    to: f.period(reading.to_month),
  })}`;
}

/** The signal's word ("Improving") in the page's language, from the panel's signal key. */
function signalWord(t: ReturnType<typeof useT>, signal: GeneralSignal | null): string {
  return signal ? t(`signal.${signal}`) : "";
}

/** "EU-27: 14.8% in January 2026." when the EU figure of the same month is stored; else that it is context only. */
function useYouthNote(panel: MarketPanel | null): string {
  const f = useFormat();
  const t = useT();
  if (!panel) return "";
  const month = panel.youth_unemployment_period ? f.period(panel.youth_unemployment_period) : "";
  return panel.youth_unemployment_eu_rate != null
    ? t("youth.noteEu", { rate: f.percent(panel.youth_unemployment_eu_rate), month })
    : t("youth.note");
}

/** Unemployment, vacancies and competition: only those that exist (null when none does). */
export function MarketConditions({
  panel,
  available,
}: {
  panel: MarketPanel | null;
  available: Availability["conditions"];
}) {
  const intl = useIntl();
  const f = useFormat();
  const t = useT();
  const youthText = useYouthNote(panel);
  const youth = panel?.youth_unemployment_rate != null;
  if (!panel || !(available.unemployment || available.vacancy || available.competition || youth)) return null;
  return (
    <dl className="divide-y divide-slate-100">
      {available.unemployment ? (
        <Metric
          label={t("unemployment.label")}
          tip={t("unemployment.tip")}
          value={f.percent(panel.unemployment_rate!)}
          period={panel.unemployment_period}
          tone={panel.tones.unemployment}
          note={panel.comparisons.unemployment_vs_eu ? <EuNote eu={panel.comparisons.unemployment_vs_eu} /> : null}
        />
      ) : null}
      {available.momentum ? (
        <Metric
          label={t("momentum.label")}
          tip={t("momentum.tip")}
          value={signedPointsIn(intl, panel.unemployment_change!)}
          tone={panel.unemployment_change! < 0 ? "good" : panel.unemployment_change! > 0 ? "poor" : "fair"}
          note={t("momentum.note", {
            from: f.period(panel.unemployment_change_from!),
            to: f.period(panel.unemployment_period!),
          })}
        />
      ) : null}
      {youth ? (
        <Metric
          label={t("youth.label")}
          tip={t("youth.tip")}
          value={f.percent(panel.youth_unemployment_rate!)}
          period={panel.youth_unemployment_period}
          tone={null}
          note={youthText}
        />
      ) : null}
      {available.vacancy ? (
        <Metric
          label={t("vacancy.label")}
          tip={t("vacancy.tip")}
          value={f.percent(panel.vacancy_rate!)}
          period={panel.vacancy_period}
          tone={panel.tones.vacancy}
        />
      ) : null}
      {available.competition ? (
        <Metric
          label={t("competition.label")}
          tip={t("competition.tip")}
          value={f.number(panel.competition!)}
          period={panel.competition_period}
          tone={panel.tones.competition}
          note={
            <>
              {t("competition.note")}
              {panel.callbacks_per_100 !== null ? (
                <> · {t("competition.callbacks", { count: panel.callbacks_per_100 })}</>
              ) : null}
            </>
          }
        />
      ) : null}
    </dl>
  );
}

/**
 * The yearly change as shown (the difference of the two shown scores), its word decided from that number (+0.5 is
 * "Same"), and the month it is measured from.
 */
export function YoyBadge({
  label,
  shown,
  fromMonth,
}: {
  label: "Up" | "Down" | "Same" | null;
  shown: number | null;
  fromMonth?: string | null;
}) {
  const f = useFormat();
  const t = useT();
  if (!label || shown === null) return <span className="text-sm text-slate-600">{t("yoy.none")}</span>;
  const Icon = label === "Up" ? ArrowUpIcon : label === "Down" ? ArrowDownIcon : MinusIcon;
  const cls =
    label === "Up"
      ? "bg-green-100 text-green-900"
      : label === "Down"
        ? "bg-red-100 text-red-900"
        : "bg-slate-100 text-slate-800";
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium ${cls}`}
      data-testid="yoy-badge"
      data-from-month={fromMonth ?? undefined}
    >
      <Icon className="h-3.5 w-3.5" />
      {t(`yoy.${label}`)}
      <span className="font-normal">
        ({localDecimal(f, changeShownText(shown))}
        {fromMonth ? ` ${t("yoy.since", { month: f.period(fromMonth) })}` : ""})
      </span>
    </span>
  );
}

/** Community mood: an average only from the minimum number of experiences (lib/community.ts). */
function CommunityMood({ summary }: { summary: ExperienceSummary }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="py-3 last:pb-0">
      <dt className="flex items-center gap-1 text-sm text-slate-700">
        {t("mood.label")}
        <InfoTip label={t("mood.label")}>{t("mood.tip")}</InfoTip>
      </dt>
      <dd className="text-xl font-semibold">
        {canSummarise(summary.count) && summary.average_mood !== null ? (
          <FormattedMessage
            id="market.mood.average"
            values={{
              average: f.number(summary.average_mood),
              count: summary.count,
              small: (chunks) => <span className="text-sm font-normal text-slate-600">{chunks}</span>,
            }}
          />
        ) : (
          <span className="text-sm font-normal text-slate-700">{t("mood.tooFew", { count: summary.count })}</span>
        )}
      </dd>
    </div>
  );
}

/** Whether the sentiment panel has anything to show. */
export function hasSentiment(available: Availability["sentiment"], summary: ExperienceSummary): boolean {
  return Object.values(available).some(Boolean) || summary.count > 0;
}

/**
 * One sentiment source (model v2.1): its name, value and month, what its 100 means, and whether today's score
 * uses it (a value past the cut-off is shown, said to be too old, and the history months that used it named).
 */
function SentimentSourceMetric({ source, tone }: { source: SentimentSourcePanel; tone: Tone | null }) {
  const intl = useIntl();
  const f = useFormat();
  const info = sourceSaid(intl, source.source);
  return (
    <Metric
      label={info.label}
      tip={info.tip}
      value={f.number(source.value)}
      period={source.period}
      tone={tone}
      note={
        <span data-testid={`sentiment-${source.source}`} data-counts={source.counts ? "true" : "false"}>
          <span className="block">{info.about}</span>
          <span className={`block ${source.counts ? "text-slate-700" : "font-medium text-slate-900"}`}>
            {countingSaid(intl, f, source)}
          </span>
        </span>
      }
    />
  );
}

/** The sentiment sources with a value, and how today's sentiment comes from them. */
function SentimentSources({ panel }: { panel: MarketPanel }) {
  const intl = useIntl();
  const sources = panel.sentiment_sources ?? [];
  const blend = blendSaid(intl, sources);
  return (
    <>
      {sources.map((s) => (
        <SentimentSourceMetric key={s.source} source={s} tone={s.source === "lmb" ? panel.tones.barometer : null} />
      ))}
      {blend && sources.length > 1 ? (
        <div className="py-3 text-sm text-slate-700" data-testid="sentiment-blend">
          {blend}
        </div>
      ) : null}
    </>
  );
}

/** The signal's reading as the panel carries it (null without one). */
export function signalReadingOf(panel: MarketPanel) {
  const {
    general_signal_market: market,
    general_signal_evidence: evidence,
    general_signal_from: from_month,
    general_signal_to: to_month,
  } = panel;
  return market === null || evidence === null || from_month === null || to_month === null
    ? null
    : { market, evidence, from_month, to_month };
}

/**
 * A change told apart (docs/model.md §9): "market +0.1 · evidence +2.3" under the yearly badge, or, when the evidence
 * part is the larger, the sentence that says so ("Mostly because sentiment figures stopped counting; on the same
 * inputs the market moved +0.1."), from the same lines as "Since a year ago".
 */
function ChangeParts({ change }: { change: ChangeSpec }) {
  const intl = useIntl();
  const t = useT();
  const text = change.mostly
    ? t("yoy.mostly", { reason: reasonText(intl, change.mostly), market: shownText(intl, change.market_tenths) })
    : t("split", { market: shownText(intl, change.market_tenths), evidence: shownText(intl, change.evidence_tenths) });
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="yoy-parts">
      {text}
    </p>
  );
}

/** Sentiment sources, signal, year on year, GDP, inflation and community mood: only those that exist. */
export function MarketSentiment({
  panel,
  available,
  summary,
  yoyFrom,
  yoyChange,
}: {
  panel: MarketPanel | null;
  available: Availability["sentiment"];
  summary: ExperienceSummary;
  yoyFrom: string | null;
  /** The yearly change as the "why it changed" block has it (its market and evidence parts), when explained. */
  yoyChange: ChangeSpec | null;
}) {
  const f = useFormat();
  const t = useT();
  const reading = panel ? signalReadingOf(panel) : null;
  const signalTip = useSignalExplanation(reading);
  if (!hasSentiment(available, summary)) return null;
  return (
    <dl className="divide-y divide-slate-100">
      {panel && (available.barometer || available.eei) ? <SentimentSources panel={panel} /> : null}
      {panel && available.signal ? (
        <div className="py-3 first:pt-0">
          <dt className="flex items-center gap-1 text-sm text-slate-700">
            {t("signal.label")}
            <InfoTip label={t("signal.label")}>{signalTip}</InfoTip>
          </dt>
          <dd>
            <span className="text-xl font-semibold" data-testid="general-signal">
              {signalWord(t, panel.general_signal)}
            </span>
            {reading ? (
              <p className="mt-0.5 text-sm text-slate-700" data-testid="signal-parts">
                {t("signal.parts", {
                  market: localDecimal(f, signalFigure(reading.market)),
                  evidence: localDecimal(f, signalFigure(reading.evidence, false)),
                  from: f.period(reading.from_month),
                  to: f.period(reading.to_month),
                })}
              </p>
            ) : null}
          </dd>
        </div>
      ) : null}
      {panel && available.yoy ? (
        <div className="py-3 first:pt-0">
          <dt className="flex items-center gap-1 text-sm text-slate-700">
            {t("yoy.label")}
            <InfoTip label={t("yoy.label")}>
              {t("yoy.tip", { months: CURRENT_PARAMS.yoy.lagMonths, threshold: f.plain(CURRENT_PARAMS.yoy.threshold) })}
            </InfoTip>
          </dt>
          <dd className="mt-1">
            <YoyBadge label={panel.yoy.label} shown={panel.yoy.shown} fromMonth={yoyFrom} />
            {yoyChange && yoyChange.delta_tenths === Math.round((panel.yoy.shown ?? Number.NaN) * 10) ? (
              <ChangeParts change={yoyChange} />
            ) : null}
          </dd>
        </div>
      ) : null}
      {panel && available.gdp ? (
        <Metric
          label={t("gdp.label")}
          tip={t(panel.gdp_unit === "CLV_PCH_SM" ? "gdp.tip.yearly" : "gdp.tip.quarterly")}
          value={f.percent(panel.gdp_rate!)}
          period={panel.gdp_period}
          tone={panel.tones.gdp}
        />
      ) : null}
      {panel && available.inflation ? (
        <Metric
          label={t("inflation.label")}
          tip={t("inflation.tip")}
          value={f.percent(panel.inflation_rate!)}
          period={panel.inflation_period}
          tone={panel.tones.inflation}
        />
      ) : null}
      {summary.count > 0 ? <CommunityMood summary={summary} /> : null}
    </dl>
  );
}

/** What stands in for advice when a country has no score that may be shown (or publication is paused). */
export function NoAdvice({ paused = false }: { paused?: boolean }) {
  const lp = useLocalePath();
  return (
    <p className="text-sm text-slate-700">
      <FormattedMessage
        id={paused ? "market.noAdvice.paused" : "market.noAdvice.noScore"}
        values={{
          link: (chunks) => (
            <Link to={lp("/brightest")} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {chunks}
            </Link>
          ),
        }}
      />
    </p>
  );
}

/**
 * The catalogue ids of an advice item: market.advice.<status>.<slot>.title and .text (.without.text for its variant
 * without a claim); the shared "Send 5 to 10 quality applications…" is market.advice.applications. Null for an item
 * product/advice.ts does not list (shown as written).
 */
function adviceIds(
  status: Status,
  item: AdviceItem,
  has: (id: string) => boolean,
): { title: string; text: string } | null {
  const slot = ADVICE[status].findIndex((e) => e.text === item.text || e.without?.text === item.text);
  if (slot < 0) return null;
  const base = `market.advice.${status}.${slot}`;
  const text = ADVICE[status][slot]!.text === item.text ? `${base}.text` : `${base}.without.text`;
  return { title: `${base}.title`, text: has(text) ? text : "market.advice.applications" };
}

/** The advice figures as the messages take them ("5 to 10" → 5 and 10). */
const [ADVICE_MIN, ADVICE_MAX] = APPLICATIONS_PER_WEEK.split(" to ");

/** An advice item in the page's language (English: word for word product/advice.ts's). */
export function adviceSaid(intl: IntlShape, status: Status, item: AdviceItem): { title: string; text: string } {
  const ids = adviceIds(status, item, (id) => id in intl.messages);
  const values = { min: ADVICE_MIN!, max: ADVICE_MAX!, match: MIN_REQUIREMENTS_MATCH };
  return ids
    ? { title: intl.formatMessage({ id: ids.title }), text: intl.formatMessage({ id: ids.text }, values) }
    : item;
}

/** The advice of a status, each item's claim only where the input it rests on counts today (product/advice.ts). */
export function AdviceList({
  status,
  subScores,
  paused = false,
}: {
  status: Status | null;
  subScores: Snapshot["sub_scores"] | null;
  paused?: boolean;
}) {
  const intl = useIntl();
  if (!status) return <NoAdvice paused={paused} />;
  return (
    <ul className="space-y-3" data-testid="advice">
      {adviceFor(status, countingInputs(subScores))
        .map((item) => adviceSaid(intl, status, item))
        .map((a) => (
          <li key={a.title}>
            <p className="font-medium text-slate-900">{a.title}</p>
            <p className="text-sm text-slate-700">{a.text}</p>
          </li>
        ))}
    </ul>
  );
}

/** The three comparisons that exist (null when none does), as many columns as there are cards. */
export function ComparisonInsights({
  panel,
  available,
}: {
  panel: MarketPanel | null;
  available: Availability["comparisons"];
}) {
  const rows = useComparisonRows(panel, available);
  if (rows.length === 0) return null;
  const cols = rows.length === 3 ? "md:grid-cols-3" : rows.length === 2 ? "md:grid-cols-2" : "";
  return (
    <ul className={`grid grid-cols-1 gap-3 ${cols}`}>
      {rows.map((r) => (
        <li
          key={r.title}
          className="rounded-xl border border-slate-200 bg-white p-4"
          data-testid="comparison"
          data-key={r.key}
        >
          <p className="text-sm text-slate-700">{r.title}</p>
          <p className="mt-1 font-semibold text-slate-900">{r.text}</p>
          <p className="mt-1 text-xs text-slate-600">{r.detail}</p>
        </li>
      ))}
    </ul>
  );
}

export interface ComparisonRow {
  key: "eu" | "vacancy" | "competition";
  title: string;
  /** The figure and the comparison's words ("7.9%: above the 7% rule of thumb"). */
  text: string;
  /** What it was compared with. */
  detail: string;
  /** The comparison's words alone. */
  verdict: string;
}

/**
 * The comparisons of a country, in the words of both country layouts (/country and /job-market say the same,
 * docs/product.md §2 "One country story, two layouts"): only those whose figures exist.
 */
export function comparisonRows(panel: MarketPanel | null, available: Availability["comparisons"]): ComparisonRow[] {
  const c = panel?.comparisons;
  if (!panel || !c) return [];
  const rows: ComparisonRow[] = [];
  if (available.eu && c.unemployment_vs_eu) {
    // One yardstick, named (docs/product.md §9): the EU-27 average of the same period, else the rule of thumb.
    const eu = c.unemployment_vs_eu;
    const real = eu.basis === "EU27_2020" && eu.reference !== null;
    rows.push({
      key: "eu",
      verdict: eu.text,
      title: real ? "Unemployment vs EU-27 average" : "Unemployment vs rule of thumb",
      text: `${formatPercent(panel.unemployment_rate!)}: ${eu.text}`,
      detail: real
        ? `EU-27 average ${formatPercent(eu.reference!)} in ${formatPeriod(eu.eu_period ?? "")} (Eurostat, EU27_2020).`
        : `No EU-27 average for ${panel.unemployment_period ? formatPeriod(panel.unemployment_period) : "this period"} is stored, so a rule of thumb applies: below ${PANEL_RULES.unemploymentLowerThan}% is low, above ${PANEL_RULES.unemploymentHigherThan}% high.`,
    });
  }
  if (available.vacancy && c.vacancy_vs_3y) {
    rows.push({
      key: "vacancy",
      verdict: c.vacancy_vs_3y.text,
      title: "Vacancies vs 3-year average",
      text: `${formatPercent(panel.vacancy_rate!)}: ${c.vacancy_vs_3y.text}`,
      detail: `3-year average ${formatPercent(panel.vacancy_three_year_avg!, 2)}.`,
    });
  }
  if (available.competition && c.competition_vs_3y) {
    rows.push({
      key: "competition",
      verdict: c.competition_vs_3y.text,
      title: "Competition vs 3-year average",
      text: `${formatNumber(panel.competition!)} per opening: ${c.competition_vs_3y.text}`,
      detail: `3-year average ${formatNumber(panel.competition_three_year_avg!)} job seekers per opening.`,
    });
  }
  return rows;
}

/**
 * comparisonRows in the page's language: the same rows, each title, verdict, text and detail from the market
 * catalogue by its comparison's result (English reads as comparisonRows writes it).
 */
export function useComparisonRows(panel: MarketPanel | null, available: Availability["comparisons"]): ComparisonRow[] {
  const f = useFormat();
  const t = useT();
  const rows = comparisonRows(panel, available);
  const c = panel?.comparisons;
  if (!panel || !c) return rows;
  return rows.map((row) => {
    if (row.key === "eu" && c.unemployment_vs_eu) {
      const eu = c.unemployment_vs_eu;
      const real = eu.basis === "EU27_2020" && eu.reference !== null;
      const verdict = real
        ? t(`verdict.eu.${eu.result}`)
        : t(`verdict.rule.${eu.result}`, {
            low: f.plain(PANEL_RULES.unemploymentLowerThan),
            high: f.plain(PANEL_RULES.unemploymentHigherThan),
          });
      return {
        ...row,
        verdict,
        title: t(real ? "insight.eu" : "insight.rule"),
        text: t("insight.text", { value: f.percent(panel.unemployment_rate!), verdict }),
        detail: real
          ? t("insight.detail.eu", { rate: f.percent(eu.reference!), month: f.period(eu.eu_period ?? "") })
          : panel.unemployment_period
            ? t("insight.detail.rule", {
                period: f.period(panel.unemployment_period),
                low: f.plain(PANEL_RULES.unemploymentLowerThan),
                high: f.plain(PANEL_RULES.unemploymentHigherThan),
              })
            : t("insight.detail.ruleNoPeriod", {
                low: f.plain(PANEL_RULES.unemploymentLowerThan),
                high: f.plain(PANEL_RULES.unemploymentHigherThan),
              }),
      };
    }
    if (row.key === "vacancy" && c.vacancy_vs_3y) {
      const verdict = t(`verdict.vacancy.${c.vacancy_vs_3y.result}`);
      return {
        ...row,
        verdict,
        title: t("insight.vacancy"),
        text: t("insight.text", { value: f.percent(panel.vacancy_rate!), verdict }),
        detail: t("insight.detail.vacancy", { avg: f.percent(panel.vacancy_three_year_avg!, 2) }),
      };
    }
    if (row.key === "competition" && c.competition_vs_3y) {
      const verdict = t(`verdict.competition.${c.competition_vs_3y.result}`);
      return {
        ...row,
        verdict,
        title: t("insight.competition"),
        text: t("insight.text.competition", { value: f.number(panel.competition!), verdict }),
        detail: t("insight.detail.competition", { avg: f.number(panel.competition_three_year_avg!) }),
      };
    }
    return row;
  });
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
