// The country page's market conditions (docs/product.md §2): unemployment (with the EU-27 comparison and youth
// unemployment as context), vacancies and competition, each only where its figure exists (web/app/lib/availability.ts).
import { PANEL_RULES } from "../../../product/market-panel-rules.ts";
import { type MarketPanel } from "../../../product/market-panel.ts";
import { signedPointsIn } from "../lib/why-text.ts";
import { type Availability } from "../lib/availability.ts";
import { useFormat } from "../i18n/format.ts";
import { useIntl } from "react-intl";
import { Metric, useT } from "./market-parts.tsx";
import { joinFlags } from "./flag-mark.tsx";

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
          flag={panel.flags.unemployment}
          sources={["unemployment"]}
          note={panel.comparisons.unemployment_vs_eu ? <EuNote eu={panel.comparisons.unemployment_vs_eu} /> : null}
        />
      ) : null}
      {available.momentum ? (
        <Metric
          label={t("momentum.label")}
          tip={t("momentum.tip")}
          value={signedPointsIn(intl, panel.unemployment_change!)}
          tone={panel.unemployment_change! < 0 ? "good" : panel.unemployment_change! > 0 ? "poor" : "fair"}
          flag={joinFlags(panel.flags.unemployment, panel.flags.unemployment_year_before)}
          sources={["unemployment", "unemployment_year_before"]}
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
          flag={panel.flags.youth_unemployment}
          sources={["youth_unemployment"]}
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
          flag={panel.flags.vacancy}
          sources={["vacancy"]}
        />
      ) : null}
      {available.competition ? (
        <Metric
          label={t("competition.label")}
          tip={t("competition.tip")}
          value={f.number(panel.competition!)}
          period={panel.competition_period}
          tone={panel.tones.competition}
          flag={joinFlags(panel.flags.unemployment, panel.flags.vacancy)}
          sources={["unemployment", "vacancy"]}
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
