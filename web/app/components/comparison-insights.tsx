// The comparisons of a country (docs/product.md §2 "One country story, two layouts"): the EU-27 average, the
// vacancy rate's and the competition's three-year averages (in line within ±10 %, the difference shown beside the
// verdict it decides), in the words both country layouts use.
import { PANEL_RULES } from "../../../product/market-panel-rules.ts";
import { type MarketPanel } from "../../../product/market-panel.ts";
import { type Availability } from "../lib/availability.ts";
import { useFormat, type Formatters } from "../i18n/format.ts";
import { useT } from "./market-parts.tsx";

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

/**
 * The difference from a 3-year average the verdict is decided from ("+31%", "−24%", "0%": the API's `difference_pct`)
 * and the band within which it is "in line" (±10%), in the page's notation.
 */
function againstAverageWords(f: Formatters, pct: number | null): { diff: string; band: string } {
  const band = f.percent(PANEL_RULES.averageBandPercent, 0);
  if (pct === null) return { diff: "–", band };
  const abs = f.percent(Math.abs(pct), 0);
  return { diff: pct > 0 ? `+${abs}` : pct < 0 ? `\u2212${abs}` : abs, band };
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
 * The comparisons of a country in the page's language, in the words of both country layouts (/country and
 * /job-market say the same, docs/product.md §2 "One country story, two layouts"): only those whose figures exist,
 * each title, verdict, text and detail from the market catalogue by its comparison's result.
 */
export function useComparisonRows(panel: MarketPanel | null, available: Availability["comparisons"]): ComparisonRow[] {
  const f = useFormat();
  const t = useT();
  const c = panel?.comparisons;
  if (!panel || !c) return [];
  const rows: ComparisonRow[] = [];
  if (available.eu && c.unemployment_vs_eu) {
    // One yardstick, named (docs/product.md §9): the EU-27 average of the same period, else the rule of thumb.
    const eu = c.unemployment_vs_eu;
    const real = eu.basis === "EU27_2020" && eu.reference !== null;
    const rule = {
      low: f.plain(PANEL_RULES.unemploymentLowerThan),
      high: f.plain(PANEL_RULES.unemploymentHigherThan),
    };
    const verdict = real ? t(`verdict.eu.${eu.result}`) : t(`verdict.rule.${eu.result}`, rule);
    rows.push({
      key: "eu",
      verdict,
      title: t(real ? "insight.eu" : "insight.rule"),
      text: t("insight.text", { value: f.percent(panel.unemployment_rate!), verdict }),
      detail: real
        ? t("insight.detail.eu", { rate: f.percent(eu.reference!), month: f.period(eu.eu_period ?? "") })
        : panel.unemployment_period
          ? t("insight.detail.rule", { period: f.period(panel.unemployment_period), ...rule })
          : t("insight.detail.ruleNoPeriod", rule),
    });
  }
  if (available.vacancy && c.vacancy_vs_3y) {
    const verdict = t(`verdict.vacancy.${c.vacancy_vs_3y.result}`);
    rows.push({
      key: "vacancy",
      verdict,
      title: t("insight.vacancy"),
      text: t("insight.text", { value: f.percent(panel.vacancy_rate!), verdict }),
      detail: t("insight.detail.vacancy", {
        avg: f.percent(panel.vacancy_three_year_avg!, 2),
        ...againstAverageWords(f, c.vacancy_vs_3y.difference_pct),
      }),
    });
  }
  if (available.competition && c.competition_vs_3y) {
    const verdict = t(`verdict.competition.${c.competition_vs_3y.result}`);
    rows.push({
      key: "competition",
      verdict,
      title: t("insight.competition"),
      text: t("insight.text.competition", { value: f.number(panel.competition!), verdict }),
      detail: t("insight.detail.competition", {
        avg: f.number(panel.competition_three_year_avg!, 2),
        ...againstAverageWords(f, c.competition_vs_3y.difference_pct),
      }),
    });
  }
  return rows;
}
