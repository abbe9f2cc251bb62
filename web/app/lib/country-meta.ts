// Metadata of the two country pages: per country and year (docs/product.md §2), and the JSON-LD structured data.
import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { pageMeta } from "./meta.ts";
import { formatPercent, formatPeriod, formatScore } from "../../../product/format.ts";
import { STATUS_STYLE } from "../../../product/weather.ts";
import { noScoreText } from "../../../product/no-score.ts";
import { SHARE_CARD_SIZE, shareCardAlt, shareCardPath } from "./share.ts";
import type { CountryPageData } from "./country.server.ts";
import { intlOf } from "../i18n/meta-intl.ts";
import { formatters } from "../i18n/format.ts";
import { noScoreReason } from "../../../product/no-score.ts";

interface Args {
  data: unknown;
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

function descriptionOf(data: CountryPageData): string {
  const { country } = data;
  const year = new Date(data.now).getUTCFullYear();
  const unemployment =
    data.panel?.unemployment_rate != null
      ? ` Unemployment ${formatPercent(data.panel.unemployment_rate)} (${formatPeriod(data.panel.unemployment_period ?? "")}).`
      : "";
  if (data.score !== null && data.status) {
    return `Job market weather in ${country.name} for ${year}: ${STATUS_STYLE[data.status].name.toLowerCase()}, ${formatScore(data.score)} out of 10 (${data.label}), from official Eurostat statistics.${unemployment}`;
  }
  const p = data.panel;
  const context = p && [p.unemployment_rate, p.vacancy_rate, p.lmb_value, p.gdp_rate, p.inflation_rate].some((v) => v !== null);
  const why = noScoreText(country.name, data).text.split(". ")[0];
  return `Job market in ${country.name} for ${year}: no score. ${why}.${unemployment} ${context ? "Context figures and experiences" : "Experiences"} shared by job seekers.`;
}

/** The one canonical page of a country (docs/product.md §2): /country/{code}, which /job-market/{name} names too. */
export function countryCanonicalPath(code: string): string {
  return `/country/${code.toLowerCase()}`;
}

export function countryMeta(args: Args, heading: (name: string, year: number) => string, opts: { canonicalOfCountry?: boolean } = {}): MetaDescriptor[] {
  const data = args.data as CountryPageData | { notFound: true } | undefined;
  const intl = intlOf(args.matches);
  if (!data || !("country" in data)) return pageMeta(args, { title: intl.formatMessage({ id: "common.countryNotFound.title" }), noindex: true });
  const year = new Date(data.now).getUTCFullYear();
  const english = intl.locale === "en";
  const f = formatters(intl);
  const weather =
    data.score !== null && data.status
      ? english
        ? `${STATUS_STYLE[data.status].name}, ${formatScore(data.score)}/10`
        : `${f.status(data.status)}, ${f.score(data.score)}/10`
      : english
        ? noScoreText(data.country.name, data).phrase
        : intl.formatMessage({ id: `country.noScore.${noScoreReason(data)}.title` });
  const name = english ? data.country.name : f.country(data.country.code);
  // Other languages: their own heading and description (the second layout shares the country page's heading there).
  const description =
    english || data.score === null || !data.status
      ? descriptionOf(data)
      : intl.formatMessage(
          { id: "country.meta.description" },
          {
            name,
            year: String(year),
            status: f.status(data.status).toLocaleLowerCase(f.locale),
            score: f.score(data.score),
            label: data.label ? f.label(data.label) : "",
            unemployment: data.panel?.unemployment_rate != null ? f.percent(data.panel.unemployment_rate) : "–",
            period: data.panel?.unemployment_period ? f.period(data.panel.unemployment_period) : "–",
          },
        );
  return pageMeta(args, {
    title: `${english ? heading(name, year) : intl.formatMessage({ id: "country.meta.heading" }, { name, year: String(year) })}: ${weather}`,
    description,
    keywords: english ? `${name} job market, ${name} unemployment, jobs in ${name}, job search ${name} ${year}` : intl.formatMessage({ id: "country.meta.keywords" }, { name, year: String(year) }),
    type: "article",
    ...(opts.canonicalOfCountry ? { canonicalPath: countryCanonicalPath(data.country.code) } : {}),
    feeds: [{ code: data.country.code, name }, null],
    // The country's share card (api/routes/share.ts), made at publish time.
    image: shareCardPath(data.country.code),
    imageSize: SHARE_CARD_SIZE,
    imageAlt: shareCardAlt(name, data.score !== null && data.status ? { score: data.score, status: data.status } : null, data.anchorMonth),
  });
}

/** schema.org Dataset describing one country page (rendered by components/json-ld.tsx). */
export function countryJsonLd(data: CountryPageData, origin: string, url: string): Record<string, unknown> {
  const { country } = data;
  const first = data.history[0]?.month;
  const last = data.history[data.history.length - 1]?.month;
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: `${PRODUCT_NAME}: ${country.name}`,
    description: descriptionOf(data),
    url,
    inLanguage: "en",
    keywords: ["job market", "unemployment", "job vacancies", country.name],
    creator: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
    isBasedOn: "https://ec.europa.eu/eurostat",
    license: "https://ec.europa.eu/eurostat/about-us/policies/copyright",
    spatialCoverage: { "@type": "Place", name: country.name },
    ...(first && last ? { temporalCoverage: `${first}/${last}` } : {}),
    ...(data.asOf ? { dateModified: data.asOf } : {}),
    ...(data.score !== null
      ? {
          variableMeasured: {
            "@type": "PropertyValue",
            name: `${PRODUCT_NAME} score`,
            value: Number(formatScore(data.score)),
            minValue: 1,
            maxValue: 10,
            ...(data.label ? { description: data.label } : {}),
          },
        }
      : {}),
  };
}
