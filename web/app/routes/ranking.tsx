// /brightest and /stormiest (docs/product.md §2 "Ranking pages"; docs/product.md: the canonical ranking paths).
import { useLoaderData, type MetaFunction } from "react-router";
import { RANKING_SIZE, type RankingType } from "../../../product/options.ts";
import { getOverview, rankingOf } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { extremeNoticeMessage, statusCounts } from "../lib/ranking-notice.ts";
import { FormattedMessage, useIntl } from "react-intl";
import { intlOf } from "../i18n/meta-intl.ts";
import { useFormat } from "../i18n/format.ts";
import { PAUSED_RANKING, RankingLegend, RankingList } from "../components/ranking-list.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { RankingWeightsPanel } from "../components/ranking-weights-panel.tsx";
import { personalInputs } from "../lib/personal.server.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";

/** The page's texts: message ids of the rankings namespace, with RANKING_SIZE as {size}. */
const TEXT = (type: RankingType) => ({
  title: `rankings.${type}.title`,
  subtitle: `rankings.${type}.subtitle`,
  description: `rankings.${type}.description`,
});

function typeOf(pathname: string): RankingType {
  return pathname.replace(/\/+$/, "").endsWith("/brightest") ? "brightest" : "stormiest";
}

export function loader({ request, context }: SiteLoaderArgs) {
  const type = typeOf(new URL(request.url).pathname);
  const overview = getOverview(context.read, context.now);
  const rows = rankingOf(context.read, type, context.now).map(
    ({ code, name, score, status, label, confidence, evidence }) => ({
      code,
      name,
      score,
      status,
      label,
      confidence,
      evidence,
    }),
  );
  return {
    type,
    rows,
    counts: statusCounts(overview.countries),
    publishedAt: overview.publication?.published_at ?? null,
    paused: overview.paused,
    // The weights panel re-ranks in the browser from these (docs/decisions/020-personal-weights.md).
    personal: overview.paused ? [] : personalInputs(context.read, context.now),
    messages: pageMessages(request, "ranking"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) => {
  const t = TEXT(typeOf(args.location.pathname));
  const intl = intlOf(args.matches);
  return pageMeta(args, {
    title: intl.formatMessage({ id: t.title }, { size: RANKING_SIZE }),
    description: intl.formatMessage({ id: t.description }, { size: RANKING_SIZE }),
  });
};

export default function RankingPage() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  const f = useFormat();
  const t = TEXT(data.type);
  const message = data.rows.length > 0 ? extremeNoticeMessage(data.type, data.counts, data.rows.length) : null;
  const notice = message ? intl.formatMessage({ id: message.id }, message.values) : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        <FormattedMessage id={t.title} values={{ size: RANKING_SIZE }} />
      </h1>
      <p className="mt-2 text-lg text-slate-700">
        <FormattedMessage id={t.subtitle} />
      </p>
      <div className="mt-6">
        <RankingLegend />
      </div>
      {notice ? (
        <p
          className="mt-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-800"
          data-testid="ranking-notice"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-4">
        <RankingList rows={data.rows} empty={data.paused ? PAUSED_RANKING : undefined} />
      </div>
      <div className="mt-6">
        <RankingWeightsPanel
          type={data.type}
          inputs={data.personal}
          size={RANKING_SIZE}
          codes={data.rows.slice(0, 2).map((r) => r.code)}
        />
      </div>
      {data.publishedAt && !data.paused ? (
        <p className="mt-4 text-sm text-slate-600">
          <FormattedMessage id="rankings.footnote" values={{ published: f.published(data.publishedAt) }} />
        </p>
      ) : null}
    </div>
  );
}
