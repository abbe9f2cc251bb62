// /brightest and /stormiest (docs/product.md §2 "Ranking pages"; docs/product.md: the canonical ranking paths).
import { useLoaderData, type MetaFunction } from "react-router";
import { RANKING_SIZE, type RankingType } from "../../../product/options.ts";
import { getOverview, rankingOf } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { publishedText } from "../../../product/format.ts";
import { extremeNotice, statusCounts } from "../lib/ranking-notice.ts";
import { PAUSED_RANKING, RankingLegend, RankingList } from "../components/ranking-list.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { RankingWeightsPanel } from "../components/ranking-weights-panel.tsx";
import { personalInputs } from "../lib/personal.server.ts";

const TEXT: Record<RankingType, { title: string; subtitle: string; description: string }> = {
  brightest: {
    title: `Top ${RANKING_SIZE} Brightest Markets in Europe`,
    subtitle: "Countries with the most favorable job market conditions right now",
    description: `The top ${RANKING_SIZE} brightest markets in Europe: the European countries where job seekers have the best chances right now, scored from official Eurostat data.`,
  },
  stormiest: {
    title: `Top ${RANKING_SIZE} Stormiest Markets in Europe`,
    subtitle: "Countries with the toughest job market conditions right now",
    description: `The top ${RANKING_SIZE} stormiest markets in Europe: the European countries with the toughest job market conditions right now, scored from official Eurostat data.`,
  },
};

function typeOf(pathname: string): RankingType {
  return pathname.replace(/\/+$/, "").endsWith("/brightest") ? "brightest" : "stormiest";
}

export function loader({ request, context }: SiteLoaderArgs) {
  const type = typeOf(new URL(request.url).pathname);
  const overview = getOverview(context.read, context.now);
  const rows = rankingOf(context.read, type, context.now).map(({ code, name, score, status, label, confidence, evidence }) => ({
    code,
    name,
    score,
    status,
    label,
    confidence,
    evidence,
  }));
  return {
    type,
    rows,
    counts: statusCounts(overview.countries),
    publishedAt: overview.publication?.published_at ?? null,
    paused: overview.paused,
    // The weights panel re-ranks in the browser from these (docs/decisions/020-personal-weights.md).
    personal: overview.paused ? [] : personalInputs(context.read, context.now),
  };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const t = TEXT[typeOf(args.location.pathname)];
  return pageMeta(args, { title: t.title, description: t.description });
};

export default function RankingPage() {
  const data = useLoaderData<typeof loader>();
  const t = TEXT[data.type];
  const notice = data.rows.length > 0 ? extremeNotice(data.type, data.counts, data.rows.length) : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t.title}</h1>
      <p className="mt-2 text-lg text-slate-700">{t.subtitle}</p>
      <div className="mt-6">
        <RankingLegend />
      </div>
      {notice ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-800" data-testid="ranking-notice">
          {notice}
        </p>
      ) : null}
      <div className="mt-4">
        <RankingList rows={data.rows} empty={data.paused ? PAUSED_RANKING : undefined} />
      </div>
      <div className="mt-6">
        <RankingWeightsPanel type={data.type} inputs={data.personal} size={RANKING_SIZE} codes={data.rows.slice(0, 2).map((r) => r.code)} />
      </div>
      {data.publishedAt && !data.paused ? (
        <p className="mt-4 text-sm text-slate-600">Scores {publishedText(data.publishedAt)}. Countries without enough recent data are not ranked.</p>
      ) : null}
    </div>
  );
}
