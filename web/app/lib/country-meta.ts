// Metadata of the two country pages: per country and year (docs/product.md §2), and the JSON-LD structured data, in
// the page's language (country.meta.*, country.jsonLd.*; docs/i18n.md). English reads as it always did: the English
// messages repeat product/no-score.ts's sentences and web/app/lib/share.ts's image text (country-meta.test.ts).
import { countryPhrase } from "../../../product/country-phrases.ts";
import type { MetaDescriptor } from "react-router";
import type { IntlShape } from "react-intl";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { pageMeta } from "./meta.ts";
import { formatScore } from "../../../product/format.ts";
import { noScoreReason } from "../../../product/no-score.ts";
import { SHARE_CARD_SIZE, shareCardPath, type ShownScore } from "./share.ts";
import type { CountryPageData } from "./country.server.ts";
import { intlOf } from "../i18n/meta-intl.ts";
import { formatters } from "../i18n/format.ts";

interface Args {
  data: unknown;
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The facts the descriptions are made of (a subset of CountryPageData). */
export type DescribedCountry = Pick<
  CountryPageData,
  "country" | "now" | "score" | "status" | "label" | "panel" | "asOf" | "anchorMonth" | "paused"
>;

/** The page's description (meta, Open Graph, Twitter, JSON-LD): whole sentences, each one message. */
export function countryDescription(intl: IntlShape, data: DescribedCountry): string {
  const f = formatters(intl);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `country.meta.${id}` }, values);
  const name = f.country(data.country.code);
  const year = String(new Date(data.now).getUTCFullYear());
  const p = data.panel;
  const unemployment =
    p?.unemployment_rate != null
      ? t("unemployment", { rate: f.percent(p.unemployment_rate), period: f.period(p.unemployment_period ?? "") })
      : null;
  if (data.score !== null && data.status) {
    const lead = t("description", {
      name,
      inCountry: countryPhrase(f.locale, data.country.code, "in"),
      year,
      status: f.status(data.status).toLocaleLowerCase(f.locale),
      score: f.score(data.score),
      label: data.label ? f.label(data.label) : "",
    });
    return [lead, unemployment].filter((s) => s !== null).join(" ");
  }
  const context =
    p && [p.unemployment_rate, p.vacancy_rate, p.lmb_value, p.gdp_rate, p.inflation_rate].some((v) => v !== null);
  const why = t(`why.${noScoreReason(data)}`, {
    name,
    forCountry: countryPhrase(f.locale, data.country.code, "for"),
    period: data.anchorMonth ? f.period(data.anchorMonth) : "",
  });
  return [
    t("descriptionNoScore", { name, inCountry: countryPhrase(f.locale, data.country.code, "in"), year }),
    why,
    unemployment,
    t(context ? "shared.context" : "shared.experiences"),
  ]
    .filter((s) => s !== null)
    .join(" ");
}

/** The share card's alternative text (og:image:alt) in the page's language. */
export function shareCardAltIn(intl: IntlShape, code: string, shown: ShownScore, month: string | null): string {
  const f = formatters(intl);
  const name = f.country(code);
  if (!shown) return intl.formatMessage({ id: "country.meta.imageAlt.noScore" }, { name });
  const values = { name, score: f.score(shown.score), status: f.status(shown.status).toLocaleLowerCase(f.locale) };
  return month
    ? intl.formatMessage({ id: "country.meta.imageAlt" }, { ...values, dataTo: f.dataTo(month) })
    : intl.formatMessage({ id: "country.meta.imageAlt.undated" }, values);
}

/** The title before " | Job Weather Index": "Germany Job Market 2026: Cloudy, 6.9/10". */
export function countryTitle(intl: IntlShape, data: DescribedCountry, headingId = "country.meta.heading"): string {
  const f = formatters(intl);
  const name = f.country(data.country.code);
  const year = new Date(data.now).getUTCFullYear();
  const weather =
    data.score !== null && data.status
      ? intl.formatMessage(
          { id: "country.meta.weather" },
          { status: f.status(data.status), score: f.score(data.score) },
        )
      : intl.formatMessage({ id: `country.noScore.${noScoreReason(data)}.phrase` });
  const head = intl.formatMessage(
    { id: headingId },
    { name, inCountry: countryPhrase(intl.locale, data.country.code, "in"), year: String(year) },
  );
  return intl.formatMessage({ id: "country.meta.title" }, { heading: head, weather });
}

/** The one canonical page of a country (docs/product.md §2): /country/{code}, which /job-market/{name} names too. */
export function countryCanonicalPath(code: string): string {
  return `/country/${code.toLowerCase()}`;
}

/**
 * `heading`: an English page's own heading (/job-market/{name} says "Job Market in Germany 2026"); without it, and in
 * the other languages, the country page's (country.meta.heading).
 */
export function countryMeta(
  args: Args,
  opts: { canonicalOfCountry?: boolean; headingId?: string } = {},
): MetaDescriptor[] {
  const data = args.data as CountryPageData | { notFound: true } | undefined;
  const intl = intlOf(args.matches);
  if (!data || !("country" in data))
    return pageMeta(args, { title: intl.formatMessage({ id: "common.countryNotFound.title" }), noindex: true });
  const year = new Date(data.now).getUTCFullYear();
  const f = formatters(intl);
  const name = f.country(data.country.code);
  const shown = data.score !== null && data.status ? { score: data.score, status: data.status } : null;
  return pageMeta(args, {
    title: countryTitle(intl, data, opts.headingId),
    description: countryDescription(intl, data),
    keywords: intl.formatMessage({ id: "country.meta.keywords" }, { name, year: String(year) }),
    type: "article",
    ...(opts.canonicalOfCountry ? { canonicalPath: countryCanonicalPath(data.country.code) } : {}),
    feeds: [{ code: data.country.code, name }, null],
    // The country's share card (api/routes/share.ts), made at publish time.
    image: shareCardPath(data.country.code),
    imageSize: SHARE_CARD_SIZE,
    imageAlt: shareCardAltIn(intl, data.country.code, shown, data.anchorMonth),
  });
}

/** schema.org Dataset describing one country page (rendered by components/json-ld.tsx), in the page's language. */
export function countryJsonLd(
  data: CountryPageData,
  origin: string,
  url: string,
  intl: IntlShape,
): Record<string, unknown> {
  const f = formatters(intl);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `country.jsonLd.${id}` }, values);
  const name = f.country(data.country.code);
  const first = data.history[0]?.month;
  const last = data.history[data.history.length - 1]?.month;
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: `${PRODUCT_NAME}: ${name}`,
    description: countryDescription(intl, data),
    url,
    inLanguage: intl.locale,
    keywords: [t("keyword.market"), t("keyword.unemployment"), t("keyword.vacancies"), name],
    creator: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
    isBasedOn: "https://ec.europa.eu/eurostat",
    license: "https://ec.europa.eu/eurostat/about-us/policies/copyright",
    spatialCoverage: { "@type": "Place", name },
    ...(first && last ? { temporalCoverage: `${first}/${last}` } : {}),
    ...(data.asOf ? { dateModified: data.asOf } : {}),
    ...(data.score !== null
      ? {
          variableMeasured: {
            "@type": "PropertyValue",
            name: t("score", { product: PRODUCT_NAME }),
            value: Number(formatScore(data.score)),
            minValue: 1,
            maxValue: 10,
            ...(data.label ? { description: f.label(data.label) } : {}),
          },
        }
      : {}),
  };
}
