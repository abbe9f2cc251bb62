// "Current Market Snapshot" on /job-market/{name}: every figure of the market panel that exists, one row each, with
// its tone (good/fair/weak, product/market-grades.ts), its period and, for context figures, that they are context.
import { useIntl } from "react-intl";
import type { MarketPanel } from "../../../../product/market-panel.ts";
import type { Tone } from "../../../../product/market-grades.ts";
import type { Availability } from "../../lib/availability.ts";
import { useFormat } from "../../i18n/format.ts";
import { useJobMarketText } from "./text.ts";
import { FlagMark, joinFlags } from "../flag-mark.tsx";

const TONE_DOT: Record<Tone, string> = { good: "bg-good", fair: "bg-fair", poor: "bg-poor" };

function SnapshotList({ panel }: { panel: MarketPanel | null }) {
  const intl = useIntl();
  const f = useFormat();
  const t = useJobMarketText();
  const m = (id: string) => intl.formatMessage({ id: `market.${id}` });
  if (!panel) return null;
  // The tone's word of the country page (market.tone.*: "good"), standing alone here: "Good".
  const toneWord = (tone: Tone) => {
    const word = m(`tone.${tone}`);
    return word.charAt(0).toLocaleUpperCase(f.locale) + word.slice(1);
  };
  const eei = panel.sentiment_sources?.find((x) => x.source === "eei") ?? null;
  const rows: Array<{
    label: string;
    value: string | null;
    period: string | null;
    tone: Tone | null;
    note?: string;
    flag?: string | null;
  }> = [
    {
      label: m("unemployment.label"),
      value: panel?.unemployment_rate != null ? f.percent(panel.unemployment_rate) : null,
      period: panel?.unemployment_period ?? null,
      tone: panel?.tones.unemployment ?? null,
      flag: panel.flags.unemployment,
    },
    {
      label: m("youth.label"),
      value: panel?.youth_unemployment_rate != null ? f.percent(panel.youth_unemployment_rate) : null,
      period: panel?.youth_unemployment_period ?? null,
      tone: null,
      flag: panel.flags.youth_unemployment,
      note:
        panel.youth_unemployment_eu_rate != null
          ? t("snapshot.youthEu", { rate: f.percent(panel.youth_unemployment_eu_rate) })
          : t("snapshot.contextOnly"),
    },
    {
      label: m("vacancy.label"),
      value: panel?.vacancy_rate != null ? f.percent(panel.vacancy_rate) : null,
      period: panel?.vacancy_period ?? null,
      tone: panel?.tones.vacancy ?? null,
      flag: panel.flags.vacancy,
    },
    {
      label: t("snapshot.competition"),
      value: panel?.competition != null ? f.number(panel.competition) : null,
      period: null,
      tone: panel?.tones.competition ?? null,
      flag: joinFlags(panel.flags.unemployment, panel.flags.vacancy),
    },
    {
      label: t("snapshot.barometer"),
      value: panel?.lmb_value != null ? f.number(panel.lmb_value) : null,
      period: panel?.lmb_period ?? null,
      tone: panel?.tones.barometer ?? null,
      flag: panel.flags.lmb,
    },
    {
      label: t("snapshot.eei"),
      value: eei ? f.number(eei.value) : null,
      period: eei?.period ?? null,
      tone: null,
      note: eei ? t(eei.counts ? "snapshot.eeiScale" : "snapshot.tooOld") : undefined,
      flag: panel.flags.eei,
    },
    {
      label: m("gdp.label"),
      value: panel?.gdp_rate != null ? f.percent(panel.gdp_rate) : null,
      period: panel?.gdp_period ?? null,
      tone: panel?.tones.gdp ?? null,
      flag: panel.flags.gdp,
    },
    {
      label: m("inflation.label"),
      value: panel?.inflation_rate != null ? f.percent(panel.inflation_rate) : null,
      period: panel?.inflation_period ?? null,
      tone: panel?.tones.inflation ?? null,
      flag: panel.flags.inflation,
    },
  ];
  const shown = rows.filter((r) => r.value !== null);
  if (shown.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100">
      {shown.map((r) => (
        <li key={r.label} className="flex items-center justify-between gap-3 py-2.5">
          {/* min-w-0 and wrap-anywhere: a long word ("Beschäftigungserwartungen") wraps instead of widening a 320 px page. */}
          <span className="flex min-w-0 items-center gap-2 text-sm text-slate-800 wrap-anywhere hyphens-auto">
            <span
              aria-hidden
              className={`h-2.5 w-2.5 shrink-0 rounded-full ${r.tone ? TONE_DOT[r.tone] : "bg-slate-300"}`}
            />
            {r.label}
          </span>
          <span className="min-w-0 text-right text-sm wrap-anywhere hyphens-auto">
            <span className="font-semibold tabular-nums">{r.value}</span>
            <FlagMark flag={r.flag} />
            {r.tone ? <span className="ml-1 text-slate-600">· {toneWord(r.tone)}</span> : null}
            {r.period ? (
              <span className="block text-xs text-slate-600">
                {f.period(r.period)}
                {r.note ? ` · ${r.note}` : null}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Whether the snapshot has any row (the layout gives it a column only then). */
export function hasSnapshot(available: Availability): boolean {
  return (
    available.conditions.unemployment ||
    available.conditions.vacancy ||
    available.conditions.competition ||
    available.sentiment.barometer ||
    available.sentiment.eei ||
    available.sentiment.gdp ||
    available.sentiment.inflation
  );
}

export function SnapshotSection({ panel }: { panel: MarketPanel | null }) {
  const t = useJobMarketText();
  return (
    <section aria-labelledby="snapshot-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="snapshot-title" className="mb-2 text-xl font-semibold">
        {t("snapshot.title")}
      </h2>
      <SnapshotList panel={panel} />
    </section>
  );
}
