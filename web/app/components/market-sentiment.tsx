// The country page's market sentiment (docs/product.md §2): the sentiment sources and how today's sentiment comes
// from them, the general signal with its market and evidence parts, the yearly change, GDP, inflation and the
// community's mood, each only where it exists.
import { SIGNAL_RULES, signalFigure, type GeneralSignal } from "../../../product/signal.ts";
import { type MarketPanel } from "../../../product/market-panel.ts";
import { type SentimentSourcePanel } from "../../../product/sentiment-sources.ts";
import { type Tone } from "../../../product/market-grades.ts";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import type { ExperienceSummary } from "../../../product/shapes.ts";
import { changeShownText, type ChangeSpec } from "../../../product/change-view.ts";
import { isMostlyEvidence } from "../../../pipeline/model/explain.ts";
import { ratedDirection } from "../../../pipeline/model/explain-text.ts";
import type { EvidenceReason } from "../../../pipeline/model/explain-spec.ts";
import type { YoyLabel } from "../../../pipeline/model/types.ts";
import { reasonText, shownText } from "../lib/why-text.ts";
import { type Availability } from "../lib/availability.ts";
import { canSummarise } from "../lib/community.ts";
import { blendSaid, countingSaid, sourceSaid } from "../lib/sentiment.ts";
import { InfoTip } from "./info.tsx";
import { useFormat, type Formatters } from "../i18n/format.ts";
import { ArrowDownIcon, ArrowUpIcon, MinusIcon } from "./icons.tsx";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { Metric, localDecimal, useT } from "./market-parts.tsx";

/** The signal's tooltip in the page's language: the rule, and the market and evidence parts it read when known. */
export function signalExplanationIn(
  intl: IntlShape,
  f: Formatters,
  reading: ReturnType<typeof signalReadingOf>,
): string {
  const t = (id: string, values: Record<string, string | number>) =>
    intl.formatMessage({ id: `market.signal.${id}` }, values);
  const rule = t("rule", {
    months: SIGNAL_RULES.months,
    up: f.plain(SIGNAL_RULES.improvingFrom),
    down: f.plain(Math.abs(SIGNAL_RULES.weakeningFrom)),
  });
  if (!reading) return rule;
  return `${rule} ${t("here", {
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

/** A badge's word for a change's direction as the page says it (explain-text.ts `ratedDirection`). */
const BADGE_WORD: Record<ReturnType<typeof ratedDirection>, YoyLabel> = {
  up: "Up",
  down: "Down",
  same: "Same",
  none: "Same",
};

/** The phrase of a badge whose change is mostly evidence ("mostly older data stopping"), in the page's language. */
function mostlyPhraseIn(intl: IntlShape, reason: EvidenceReason): string {
  return intl.formatMessage({ id: "market.mostlyPhrase" }, { id: reason.id });
}

/**
 * A change as a badge shows it (the year-on-year and the month badge): the change as shown (the difference of the two
 * shown scores), its word decided from that number (+0.5 is "Same", the model's yoyLabel), and the month it is measured
 * from. A change that is mostly evidence (its evidence part larger in size than its market part, explain.ts
 * `isMostlyEvidence`) keeps its number and word but is neutral, without the improving or worsening colour and arrow,
 * and says what mostly moved it ("mostly older data stopping"), linked to "Why it changed" (docs/product.md §9).
 */
function ChangeBadge({
  testId,
  label,
  shown,
  fromMonth,
  mostlyEvidence,
  reason,
}: {
  testId: string;
  label: YoyLabel | null;
  shown: number | null;
  fromMonth?: string | null;
  mostlyEvidence: boolean;
  reason: EvidenceReason | null;
}) {
  const f = useFormat();
  const t = useT();
  const intl = useIntl();
  if (!label || shown === null) return <span className="text-sm text-slate-600">{t("yoy.none")}</span>;
  // Mostly evidence: neither the colour nor the arrow of a market that moved, and no sign that reads as a number.
  const styled = mostlyEvidence ? "Same" : label;
  const Icon = mostlyEvidence ? null : styled === "Up" ? ArrowUpIcon : styled === "Down" ? ArrowDownIcon : MinusIcon;
  const cls =
    styled === "Up"
      ? "bg-green-100 text-green-900"
      : styled === "Down"
        ? "bg-red-100 text-red-900"
        : "bg-slate-100 text-slate-800";
  return (
    <>
      <span
        className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium ${cls}`}
        data-testid={testId}
        data-label={label}
        data-shown={shown}
        data-mostly-evidence={mostlyEvidence ? "true" : "false"}
        data-from-month={fromMonth ?? undefined}
      >
        {Icon ? <Icon className="h-3.5 w-3.5" /> : null}
        {t(`yoy.${label}`)}{" "}
        <span className="font-normal">
          ({localDecimal(f, changeShownText(shown))}
          {fromMonth ? ` ${t("yoy.since", { month: f.periodAfterPreposition(fromMonth) })}` : ""})
        </span>
      </span>
      {mostlyEvidence && reason && shown !== 0 ? (
        <a
          href="#why-changed"
          className="ml-2 text-sm font-medium text-brand-700 underline underline-offset-2"
          data-testid={`${testId}-mostly`}
        >
          {mostlyPhraseIn(intl, reason)}
        </a>
      ) : null}
    </>
  );
}

/** Community mood: an average only from the minimum number of experiences (web/app/lib/community.ts). */
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
function SentimentSourceMetric({
  source,
  tone,
  flag,
}: {
  source: SentimentSourcePanel;
  tone: Tone | null;
  flag: string | null | undefined;
}) {
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
      flag={flag}
      sources={[source.source]}
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
        <SentimentSourceMetric
          key={s.source}
          source={s}
          tone={s.source === "lmb" ? panel.tones.barometer : null}
          flag={panel.flags[s.source]}
        />
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
  monthChange,
}: {
  panel: MarketPanel | null;
  available: Availability["sentiment"];
  summary: ExperienceSummary;
  yoyFrom: string | null;
  /** The yearly change as the "why it changed" block has it (its market and evidence parts), when explained. */
  yoyChange: ChangeSpec | null;
  /** The change since the month before, likewise (its badge); null without it. */
  monthChange: ChangeSpec | null;
}) {
  const intl = useIntl();
  const f = useFormat();
  const t = useT();
  const reading = panel ? signalReadingOf(panel) : null;
  const signalTip = signalExplanationIn(intl, f, reading);
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
            <ChangeBadge
              testId="yoy-badge"
              label={panel.yoy.label}
              shown={panel.yoy.shown}
              fromMonth={yoyFrom}
              mostlyEvidence={
                panel.yoy.market !== null &&
                panel.yoy.evidence !== null &&
                isMostlyEvidence({ market: panel.yoy.market, evidence: panel.yoy.evidence })
              }
              reason={yoyChange?.mostly ?? null}
            />
            {yoyChange && yoyChange.delta_tenths === Math.round((panel.yoy.shown ?? Number.NaN) * 10) ? (
              <ChangeParts change={yoyChange} />
            ) : null}
          </dd>
        </div>
      ) : null}
      {panel && available.yoy && monthChange ? (
        <div className="py-3 first:pt-0">
          <dt className="flex items-center gap-1 text-sm text-slate-700">
            {t("month.label")}
            <InfoTip label={t("month.label")}>
              {t("month.tip", { threshold: f.plain(CURRENT_PARAMS.yoy.threshold) })}
            </InfoTip>
          </dt>
          <dd className="mt-1">
            <ChangeBadge
              testId="month-badge"
              label={BADGE_WORD[ratedDirection(monthChange.delta_tenths)]}
              shown={monthChange.delta_tenths / 10}
              fromMonth={monthChange.from_month}
              mostlyEvidence={monthChange.mostly_evidence}
              reason={monthChange.mostly}
            />
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
          flag={panel.flags.gdp}
          sources={["gdp"]}
        />
      ) : null}
      {panel && available.inflation ? (
        <Metric
          label={t("inflation.label")}
          tip={t("inflation.tip")}
          value={f.percent(panel.inflation_rate!)}
          period={panel.inflation_period}
          tone={panel.tones.inflation}
          flag={panel.flags.inflation}
          sources={["inflation"]}
        />
      ) : null}
      {summary.count > 0 ? <CommunityMood summary={summary} /> : null}
    </dl>
  );
}
