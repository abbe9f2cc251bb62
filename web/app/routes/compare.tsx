// /compare/{a}-{b}[-{c}[-{d}]] (docs/decisions/020-personal-weights.md): 2 to 4 countries side by side: their
// published scores, statuses and confidence, every sub-score with its input, month and freshness, their histories
// on one time axis, the community mood, and why their scores differ (product/compare.ts: the exact attribution
// over the inputs, in words). The countries stay in the order the visitor named them (the canonical link is the
// alphabetical address); upper case answers 301 to the lower-case address; one country alone, more than four or a
// country named twice are explained with the ways on (a page, noindex), an unknown code answers 404. `?add={code}` (the
// "Compare with…" form) adds a country at the end.
import { data, Link, redirect, useLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { countryByCode } from "../../../lib/countries.ts";
import { roundHalfAway } from "../../../pipeline/model/round.ts";
import type { Snapshot, SubScoreKey } from "../../../pipeline/model/types.ts";
import { historyView } from "../../../product/history-view.ts";
import {
  COMPARE_MAX,
  COMPARE_MIN,
  compareAddress,
  comparePath,
  differenceView,
  readComparePath,
} from "../../../product/compare.ts";
import { WEIGHT_KEYS } from "../../../product/weights.ts";
import { ALL_CHOICE, readSectorChoice, type SectorChoice } from "../../../product/sectors.ts";
import type { PublishedSnapshot } from "../../../pipeline/youth.ts";
import { compareSectorCell, coverSentences } from "../lib/sectors.server.ts";
import { CompareSectors } from "../components/compare-sectors.tsx";
import { CompareWith } from "../components/compare-with.tsx";
import { Flag } from "../components/flag.tsx";
import { FlagLegend, FlagMark, joinFlags } from "../components/flag-mark.tsx";
import { HistoryChart } from "../components/history-chart.tsx";
import { CountryNotFound } from "../components/not-found.tsx";
import { StatusChip } from "../components/ranking-list.tsx";
import type { SiteLoaderArgs, PageHandle } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import { countryNameIn } from "../../../product/country-names.ts";
import { countryInSentence } from "../../../product/country-phrases.ts";
import { localeFromPath, localePath } from "../i18n/locales.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { fixedIn, periodIn, scoreIn } from "../lib/intl-numbers.ts";
import { intlOf } from "../i18n/meta-intl.ts";
import { differenceSentence } from "../lib/compare-text.ts";
import { canSummarise } from "../lib/community.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { useFormat } from "../i18n/format.ts";

/** Eurostat's flag of each sub-score's input: its own figure's, or the letters of the figures it is computed from. */
function inputFlags(s: Snapshot): Record<SubScoreKey, string | null> {
  const u = s.unemployment?.flag;
  const sentiment = (s.sentiment_sources ?? []).map((x) => (x.source === "lmb" ? s.lmb?.flag : s.eei?.flag));
  return {
    U: joinFlags(u),
    V: joinFlags(s.vacancy?.flag),
    C: joinFlags(u, s.vacancy?.flag),
    M: joinFlags(u, s.unemployment_year_before?.flag),
    S: joinFlags(...sentiment),
  };
}

/** Months of history drawn (as the country page's default range). */
const HISTORY_MONTHS = 60;

/**
 * The query parameters this page reads (any other is dropped by a redirect: server/site/page-query.ts): `add` (the
 * "Compare with…" form) and `sector` (the sector section's pick: `J`, `O-Q`, `role-healthcare`; every sector without).
 */
export const handle: PageHandle = { query: ["add", "sector"] };

/** The sector section's default: every sector (the headline vacancy rate). */
const ALL: SectorChoice = { kind: "all", value: ALL_CHOICE };

export function loader({ params, request, context }: SiteLoaderArgs) {
  const url = new URL(request.url);
  const raw = params.codes ?? "";
  // The page's language (its URL prefix): redirects stay in it, country names are said in it.
  const lang = localeFromPath(url.pathname);
  const add = url.searchParams.get("add");
  const sectorParam = url.searchParams.get("sector");
  // The sector pick travels with every address the page makes (add, remove, lower case).
  const keep = sectorParam === null || sectorParam === "" ? "" : `?${new URLSearchParams({ sector: sectorParam })}`;
  if (add !== null) {
    // The "Compare with…" form: the countries named so far (one is enough) plus the one picked.
    const named = raw.split("-").map((c) => (/^[a-z]{2}$/i.test(c) ? countryByCode(c)?.code : undefined));
    const extra = /^[a-z]{2}$/i.test(add) ? countryByCode(add)?.code : undefined;
    if (named.every((c) => c !== undefined) && extra && !named.includes(extra) && named.length < COMPARE_MAX)
      throw redirect(`${localePath(lang, compareAddress([...named, extra]))}${keep}`, 303);
  }
  const r = readComparePath(raw);
  if (r.kind === "not-found") return data({ notFound: true as const }, { status: 404 });
  if (r.kind === "count" || r.kind === "duplicate") {
    // One country alone, five and more, or one named twice: the rule in words, with the ways on (docs/product.md).
    const t = pageTextOf(request);
    const repeated = r.kind === "duplicate" ? r.repeated : [];
    return {
      notFound: false as const,
      limits: true as const,
      codes: r.codes,
      repeated,
      meta: {
        title: repeated.length
          ? t("compare.duplicate.title")
          : t("compare.limits.title", { min: COMPARE_MIN, max: COMPARE_MAX }),
      },
      messages: pageMessages(request, "compare"),
    };
  }
  if (r.kind === "redirect") throw redirect(`${localePath(lang, r.path)}${url.search}`, 301);
  const readings = r.codes.map((code) => context.read.country(code, context.now)!);
  const sectorPick = readSectorChoice(sectorParam, ALL, { allowAll: true });
  const paused = context.read.publicationState(context.now).paused;
  // One time axis: the same months for every country (the newest HISTORY_MONTHS of any of them).
  const months = [...new Set(readings.flatMap((x) => x.history.filter((h) => h.score !== null).map((h) => h.month)))]
    .sort()
    .slice(-HISTORY_MONTHS);
  const countries = readings.map(({ item, snapshot, history }) => {
    const byMonth = new Map(history.map((h) => [h.month, h]));
    const shown = snapshot && snapshot.score !== null;
    return {
      code: item.code,
      name: countryNameIn(lang, item.code),
      score: item.score,
      status: item.status,
      label: item.label,
      confidence: item.confidence,
      evidence: item.evidence,
      withheld: item.withheld_reason,
      subScores: shown ? snapshot.sub_scores : null,
      /** Eurostat's flags of each sub-score's input (of the figures it is computed from), shown beside it. */
      flags: shown ? inputFlags(snapshot) : null,
      history: historyView(months.map((m) => byMonth.get(m) ?? { month: m, score: null, status: null })),
      mood: context.read.communityOf(item.code).summary,
      sector: compareSectorCell(snapshot as PublishedSnapshot | null, sectorPick.choice, paused),
    };
  });
  // Why they differ: each country against the highest score of the set (two countries: one sentence).
  const scored = countries
    .filter((c) => c.score !== null)
    .sort((a, b) => b.score! - a.score! || a.code.localeCompare(b.code));
  const top = scored[0];
  // The sentences name the countries as a sentence says them ("the Netherlands"), the cards as a heading does.
  const said = (c: (typeof countries)[number]) => ({
    ...c,
    name: countryInSentence(lang, c.code),
    sub_scores: c.subScores,
  });
  const differences = top ? scored.slice(1).map((c) => differenceView(said(c), said(top))) : [];
  const t = pageTextOf(request);
  const names = countries.map((c) => c.name).join(` ${t("compare.vs")} `);
  return {
    notFound: false as const,
    limits: false as const,
    codes: r.codes,
    countries,
    differences: differences.filter((d) => d !== null),
    sector: {
      choice: sectorPick.choice,
      unknown: sectorPick.unknown,
      paused,
      keep,
      covers: coverSentences(
        t,
        sectorPick.choice,
        countries.map((c) => (c.sector?.kind === "sector" ? c.sector : null)),
      ),
    },
    meta: { title: t("compare.meta.title", { names }), description: t("compare.meta.description", { names }) },
    messages: pageMessages(request, "compare"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) => {
  const d = args.data;
  if (!d || d.notFound)
    return [
      { title: intlOf(args.matches).formatMessage({ id: "common.countryNotFound.title" }) },
      { name: "robots", content: "noindex" },
    ];
  if (d.limits) return pageMeta(args, { title: d.meta.title, noindex: true });
  return pageMeta(args, {
    title: d.meta.title,
    description: d.meta.description,
    canonicalPath: comparePath(d.codes),
  });
};

/** The table's value of an input (one decimal as published, not the explanation's rounding). */
function inputCell(intl: IntlShape, key: SubScoreKey, x: number): string {
  const n = fixedIn(intl, x, 1);
  if (key === "U" || key === "V") return intl.formatMessage({ id: "compare.unit.percent" }, { value: n });
  if (key === "M") return intl.formatMessage({ id: "compare.unit.points" }, { value: x > 0 ? `+${n}` : n });
  return n;
}

export default function ComparePage() {
  const d = useLoaderData<typeof loader>();
  const intl = useIntl();
  const f = useFormat();
  if (d.notFound) return <CountryNotFound />;
  if (d.limits) return <CompareLimits codes={d.codes} repeated={d.repeated} />;
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `compare.${id}` }, values);
  const lp = useLocalePath();
  const { countries } = d;
  const names = countries.map((c) => c.name).join(` ${t("vs")} `);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{names}</h1>
      <p className="mt-2 text-lg text-slate-700">{t("subtitle")}</p>

      <section
        aria-label={t("picker.label")}
        className="mt-6 flex flex-wrap items-end gap-4"
        data-testid="compare-picker"
      >
        <ul className="flex flex-wrap gap-2">
          {countries.map((c) => (
            <li
              key={c.code}
              className="flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1"
            >
              <Flag code={c.code} height={14} />
              <span className="font-medium">{c.name}</span>
              {countries.length > COMPARE_MIN ? (
                <Link
                  to={`${lp(compareAddress(d.codes.filter((x) => x !== c.code)))}${d.sector.keep}`}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
                  aria-label={t("picker.remove", { name: c.name })}
                  data-testid={`remove-${c.code}`}
                >
                  ×
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
        {countries.length < COMPARE_MAX ? (
          <CompareWith
            codes={d.codes}
            label={t("picker.add")}
            keep={d.sector.choice.kind === "all" ? undefined : { sector: d.sector.choice.value }}
          />
        ) : (
          <p className="text-sm text-slate-600">{t("picker.max", { max: COMPARE_MAX })}</p>
        )}
      </section>

      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="compare-cards">
        {countries.map((c) => (
          <div key={c.code} className="rounded-xl border border-slate-200 bg-white p-4" data-code={c.code}>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Flag code={c.code} height={16} />
              <Link to={lp(`/country/${c.code.toLowerCase()}`)} className="hover:underline">
                {c.name}
              </Link>
            </h2>
            <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="compare-score">
              {c.score !== null ? scoreIn(intl, c.score) : "–"}
              <span className="text-base font-normal text-slate-600"> {t("card.outOf")}</span>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
              {c.status ? <StatusChip status={c.status} /> : null}
              {c.label
                ? f.label(c.label)
                : intl.formatMessage({ id: `country.noScore.${c.withheld ?? "stale"}.title` })}
            </p>
            {c.confidence ? (
              <p className="mt-1 text-sm text-slate-700" data-testid="compare-confidence">
                {f.confidenceWithEvidence(c.confidence, c.evidence)}
              </p>
            ) : null}
            <p className="mt-1 text-sm text-slate-700" data-testid="compare-mood">
              {/* An average only from the minimum number of experiences on, as on the country page (web/app/lib/community.ts). */}
              {c.mood.count === 0
                ? t("card.moodNone")
                : canSummarise(c.mood.count) && c.mood.average_mood !== null
                  ? t("card.mood", { average: fixedIn(intl, c.mood.average_mood, 1), count: c.mood.count })
                  : t("card.moodTooFew", { count: c.mood.count })}
            </p>
          </div>
        ))}
      </div>

      <section aria-labelledby="why-differ" className="mt-8">
        <h2 id="why-differ" className="text-xl font-semibold">
          {t("why.title")}
        </h2>
        {d.differences.length ? (
          <ul className="mt-2 space-y-2" data-testid="why-differ">
            {d.differences.map((x) => (
              <li
                key={x.lower}
                className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-800"
                data-higher={x.higher}
                data-lower={x.lower}
              >
                {differenceSentence(intl, x)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">{t("why.none")}</p>
        )}
        <p className="mt-2 text-sm text-slate-600">{t("why.method")}</p>
      </section>

      <section aria-labelledby="inputs-title" className="mt-8">
        <h2 id="inputs-title" className="text-xl font-semibold">
          {t("inputs.title")}
        </h2>
        <div
          className="scroll-hint mt-2 overflow-x-auto rounded-xl border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label={t("inputs.label")}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{t("inputs.caption")}</caption>
            <thead className="bg-slate-100 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("inputs.input")}
                </th>
                {countries.map((c) => (
                  <th key={c.code} scope="col" className="px-3 py-2">
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {WEIGHT_KEYS.map((k) => (
                <tr key={k} className="border-t border-slate-100" data-key={k}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {intl.formatMessage({ id: `your-weather.weight.${k}.name` })}
                  </th>
                  {countries.map((c) => {
                    const s = c.subScores?.[k] ?? null;
                    return (
                      <td key={c.code} className="px-3 py-2 align-top">
                        {s ? (
                          <>
                            <span className="block font-semibold tabular-nums">
                              {inputCell(intl, k, s.input)}
                              <FlagMark flag={c.flags?.[k]} />
                            </span>
                            <span className="block text-xs text-slate-600">
                              {t("inputs.cell", {
                                period: periodIn(intl, s.period),
                                fresh: roundHalfAway(s.freshness, 2),
                                value: roundHalfAway(s.value, 0),
                              })}
                            </span>
                          </>
                        ) : (
                          <span className="text-slate-600">{t("inputs.none")}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <CompareSectors
        countries={countries.map((c) => ({ code: c.code, name: c.name, cell: c.sector }))}
        choice={d.sector.choice}
        covers={d.sector.covers}
        unknown={d.sector.unknown}
        paused={d.sector.paused}
        action={lp(compareAddress(d.codes))}
      />
      {/* One legend for the flags of both tables above: the inputs' and the sector's (components/flag-mark.tsx). */}
      <FlagLegend
        flags={countries.flatMap((c) => [...Object.values(c.flags ?? {}), c.sector?.flag])}
        className="mt-3 text-xs"
      />

      <section aria-labelledby="history-title" className="mt-8">
        <h2 id="history-title" className="text-xl font-semibold">
          {t("history.title")}
        </h2>
        <div className="mt-2 grid grid-cols-1 gap-6 lg:grid-cols-2">
          {countries.map((c) => (
            <div key={c.code}>
              <h3 className="font-medium">{c.name}</h3>
              <HistoryChart points={c.history} countryName={c.name} idSuffix={`-${c.code.toLowerCase()}`} />
            </div>
          ))}
        </div>
      </section>
      <p className="mt-8 text-sm text-slate-600">
        <FormattedMessage
          id="compare.yourWeather"
          values={{
            link: (chunks) => (
              <Link className="font-medium text-brand-700 underline" to={lp("/your-weather")}>
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}

/**
 * An address naming one country alone, five and more, or a country twice: the rule said, and the ways on. One
 * country: the "Compare with…" form (a plain GET form, without JavaScript too) and its page; more: the first four
 * compared, and each country's page. A country named twice is said first (`repeated`), then the same ways on for the
 * countries named, each once.
 */
function CompareLimits({ codes, repeated }: { codes: readonly string[]; repeated: readonly string[] }) {
  const intl = useIntl();
  const f = useFormat();
  const lp = useLocalePath();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `compare.limits.${id}` }, { min: COMPARE_MIN, max: COMPARE_MAX, ...values });
  const names = codes.map((c) => f.country(c));
  const list = (xs: readonly string[]) => intl.formatList(xs, { type: "conjunction" });
  const first = codes.slice(0, COMPARE_MAX);
  const twice = repeated.length
    ? intl.formatMessage(
        { id: "compare.duplicate.text" },
        { names: list(repeated.map((c) => countryInSentence(intl.locale, c))) },
      )
    : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="compare-limits">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {twice ? intl.formatMessage({ id: "compare.duplicate.title" }) : t("title")}
      </h1>
      {twice ? (
        <p className="mt-3 text-lg text-slate-700" data-testid="compare-duplicate">
          {twice}
        </p>
      ) : null}
      {twice && codes.length >= COMPARE_MIN && codes.length <= COMPARE_MAX ? (
        <p className="mt-6">
          <Link
            to={lp(compareAddress(codes))}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t("firstFour", { names: list(codes.map((c) => f.country(c))) })}
          </Link>
        </p>
      ) : codes.length < COMPARE_MIN ? (
        <>
          <p className="mt-3 text-lg text-slate-700">{t("one", { country: names[0]! })}</p>
          <div className="mt-6">
            <CompareWith codes={codes} />
          </div>
        </>
      ) : (
        <>
          <p className="mt-3 text-lg text-slate-700">{t("many", { count: codes.length })}</p>
          <p className="mt-6">
            <Link
              to={lp(comparePath(first))}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              {t("firstFour", { names: list(first.map((c) => f.country(c))) })}
            </Link>
          </p>
        </>
      )}
      <h2 className="mt-8 text-lg font-semibold">{t("pages")}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {codes.map((c, i) => (
          <li key={c}>
            <Link
              to={lp(`/country/${c.toLowerCase()}`)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-50"
            >
              <Flag code={c} height={14} />
              {names[i]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
