// /methodology (docs/product.md §2): model v2.1 in plain words with its parameters (read from the current model),
// the two sentiment sources and how they blend, the rounded-status rule, every accepted source table, the data
// sources with their update dates (source_status of the current publication), and the licences. Its words are the
// methodology catalogue's (docs/i18n-pages.md); the tables' names the sources catalogue's; status names and rating labels are English.
import { useLoaderData, type MetaFunction } from "react-router";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import { countingToday, getOverview, sourceTables } from "../lib/data.server.ts";
import { CountingToday } from "../components/counting-today.tsx";
import { pageMeta } from "../lib/meta.ts";
import { dayIn } from "../lib/intl-numbers.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { useMethodologyText } from "../components/methodology/text.tsx";
import {
  BlendSection,
  FreshnessSection,
  PlainWordsSection,
  SentimentSection,
} from "../components/methodology/model-sections.tsx";
import { SubScoresSection } from "../components/methodology/sub-scores.tsx";
import { WeatherSection } from "../components/methodology/weather-section.tsx";
import { LicencesSection, SourcesSection } from "../components/methodology/sources-section.tsx";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";

export function loader({ context, request }: SiteLoaderArgs) {
  const overview = getOverview(context.read, context.now);
  const t = pageTextOf(request);
  return {
    meta: {
      title: t("methodology.meta.title"),
      description: t("methodology.meta.description", { product: PRODUCT_NAME, model: CURRENT_PARAMS.id }),
    },
    sources: context.read.sources(),
    /** Every table the pipeline reads, with what it feeds and its links (pipeline/provenance.ts). */
    tables: sourceTables(),
    publication: overview.publication,
    scoredCount: overview.scoredCount,
    total: overview.countries.length,
    counting: countingToday(context.read, context.now),
    messages: pageMessages(request, "methodology"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.meta.title,
    description: args.data?.meta.description,
  });

export default function Methodology() {
  const { sources, tables, publication, scoredCount, total, counting } = useLoaderData<typeof loader>();
  const { intl, t } = useMethodologyText();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title", { product: PRODUCT_NAME })}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("intro", { total, model: CURRENT_PARAMS.id })}</p>
      {publication ? (
        <p className="mt-3 text-sm text-slate-600">
          {t("current", { model: publication.model, date: dayIn(intl, publication.as_of), scored: scoredCount, total })}
        </p>
      ) : null}
      <PlainWordsSection />
      <CountingToday counts={counting} className="mt-3 text-slate-800" />
      <SubScoresSection />
      <FreshnessSection />
      <SentimentSection />
      <BlendSection />
      <WeatherSection />
      <SourcesSection sources={sources} tables={tables} />
      <LicencesSection />
    </article>
  );
}
