// The body of /job-market/{name} (docs/product.md §2 second country layout): gauge, "Why the Job Market Score is X" with
// the breakdown cards, expert help, "Current Market Snapshot", "Your Next Moves" and the community section. It
// tells the story of /country/{code} in another layout: the same figures, comparisons (useComparisonRows), advice
// rules and evidence, no baselines of its own and no placeholders. Like /country/{code}, it shows only the
// figures that exist and names the missing ones once. Each section is its own component (components/job-market/);
// this view only lays them out.
import { FollowLinks, WhereOpenings, WhyChanged } from "./country-static-parts.ts";
import { NextMoves } from "./job-market/next-moves-part.ts";
import type { CountryPageData } from "../lib/country.server.ts";
import { PopoverGroup } from "./info.tsx";
import { CommunitySection } from "./community.tsx";
import { availabilityOf } from "../lib/availability.ts";
import { JobMarketHeader } from "./job-market/header.tsx";
import { ScorePanel } from "./job-market/gauge.tsx";
import { WhySection } from "./job-market/breakdown.tsx";
import { ExpertHelp } from "./job-market/expert-help.tsx";
import { SnapshotSection, hasSnapshot } from "./job-market/snapshot.tsx";
import { useNoScore } from "./job-market/text.ts";
import { useFormat } from "../i18n/format.ts";
import { FlagLegend, pageFlags } from "./flag-mark.tsx";
import { PageSourcesProvider } from "./source-check.tsx";

export function JobMarketView({ data }: { data: CountryPageData }) {
  const { country, panel } = data;
  const hasScore = data.score !== null;
  const none = useNoScore(data);
  const f = useFormat();
  const available = availabilityOf(panel, hasScore);
  const snapshot = hasSnapshot(available);
  return (
    <PageSourcesProvider value={data.sources}>
      <PopoverGroup>
        <div className="mx-auto max-w-6xl px-4 py-6">
          <JobMarketHeader data={data} />

          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">
            <ScorePanel data={data} none={none} />
            <WhySection data={data} available={available} none={none} />
          </div>

          <WhyChanged views={data.whyChanged} asOf={data.asOf} />

          <ExpertHelp code={country.code} />

          <div className={`mt-8 grid grid-cols-1 gap-6 lg:items-start ${snapshot ? "lg:grid-cols-2" : ""}`}>
            {snapshot ? <SnapshotSection panel={panel} /> : null}
            <NextMoves data={data} />
          </div>

          {/* The flags beside the figures above and the sectors' below, named once (docs/data-sources.md §8). */}
          {data.paused ? null : <FlagLegend flags={pageFlags(data)} className="mt-4" />}

          <WhereOpenings sectors={data.sectors} code={country.code} paused={data.paused} />

          <CommunitySection
            countryCode={country.code}
            countryName={f.country(country.code)}
            items={data.community.items}
            summary={data.community.summary}
            now={data.now}
          />

          <FollowLinks code={country.code} name={country.name} />
        </div>
      </PopoverGroup>
    </PageSourcesProvider>
  );
}
