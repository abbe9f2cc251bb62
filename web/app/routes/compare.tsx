// /compare/{a}-{b}[-{c}[-{d}]] (docs/decisions/020-personal-weights.md): 2 to 4 countries side by side: their
// published scores, statuses and confidence, every sub-score with its input, month and freshness, their histories
// on one time axis, the community mood, and why their scores differ (product/compare.ts: the exact attribution
// over the inputs, in words). The countries stay in the order the visitor named them (the canonical link is the
// alphabetical address); upper case answers 301 to the lower-case address; one country alone, more than four or a
// country named twice are explained with the ways on (a page, noindex), an unknown code answers 404. `?add={code}` (the
// "Compare with…" form) adds a country at the end.
import { data, Link, redirect, useLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { CompareCards } from "../components/compare/compare-cards.tsx";
import { compareAddress, comparePath, readComparePath } from "../../../product/compare.ts";
import { CompareSectors } from "../components/compare-sectors.tsx";
import { WhyTheyDiffer } from "../components/compare/compare-differences.tsx";
import { CompareInputs } from "../components/compare/compare-inputs.tsx";
import { CompareLimits } from "../components/compare/compare-limits.tsx";
import { ComparePicker } from "../components/compare/compare-picker.tsx";
import { FlagLegend } from "../components/flag-mark.tsx";
import { HistoryChart } from "../components/history-chart.tsx";
import { CountryNotFound } from "../components/not-found.tsx";
import type { SiteLoaderArgs, PageHandle } from "../lib/context.ts";
import { addedAddress, compareData, limitsData, type ComparedCountry } from "../lib/compare-page.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { localeFromPath, localePath } from "../i18n/locales.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { intlOf } from "../i18n/meta-intl.ts";
import { withMessages } from "../i18n/client-messages.ts";

/**
 * The query parameters this page reads (any other is dropped by a redirect: server/site/page-query.ts): `add` (the
 * "Compare with…" form) and `sector` (the sector section's pick: `J`, `O-Q`, `role-healthcare`; every sector without).
 */
export const handle: PageHandle = { query: ["add", "sector"] };

export function loader({ params, request, context }: SiteLoaderArgs) {
  const url = new URL(request.url);
  const raw = params.codes ?? "";
  // The page's language (its URL prefix): redirects stay in it, country names are said in it.
  const lang = localeFromPath(url.pathname);
  const add = url.searchParams.get("add");
  const sectorParam = url.searchParams.get("sector");
  // The sector pick travels with every address the page makes (add, remove, lower case).
  const keep = sectorParam === null || sectorParam === "" ? "" : `?${new URLSearchParams({ sector: sectorParam })}`;
  const added = add === null ? null : addedAddress(raw, add);
  if (added !== null) throw redirect(`${localePath(lang, added)}${keep}`, 303);
  const r = readComparePath(raw);
  if (r.kind === "not-found") return data({ notFound: true as const }, { status: 404 });
  if (r.kind === "count" || r.kind === "duplicate") return limitsData(request, r);
  if (r.kind === "redirect") throw redirect(`${localePath(lang, r.path)}${url.search}`, 301);
  return compareData(request, context, { codes: r.codes, lang, sectorParam, keep });
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

export default function ComparePage() {
  const d = useLoaderData<typeof loader>();
  const intl = useIntl();
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
      <ComparePicker codes={d.codes} countries={countries} choice={d.sector.choice} keep={d.sector.keep} />
      <CompareCards countries={countries} />
      <WhyTheyDiffer differences={d.differences} />
      <CompareInputs countries={countries} />
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
      <CompareHistory countries={countries} />
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

/** The countries' histories, each drawn on the same months. */
function CompareHistory({ countries }: { countries: readonly ComparedCountry[] }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="history-title" className="mt-8">
      <h2 id="history-title" className="text-xl font-semibold">
        {intl.formatMessage({ id: "compare.history.title" })}
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
  );
}
