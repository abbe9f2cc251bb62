// The country page's panels (components/country-view.tsx; docs/product.md §2 "Country page"): market conditions,
// market sentiment and what to do now, each only when it has figures (web/app/lib/availability.ts). Wide screens show
// them as cards in two columns that fill evenly; small screens as collapsible sections, the first one open: one copy
// in the page for both.
import type { ReactNode } from "react";
import type { CountryPageData } from "../lib/country.server.ts";
import { hasConditions, type Availability } from "../lib/availability.ts";
import { AdviceList } from "./country-static-parts.ts";
import { Section } from "./page-parts.tsx";
import { MarketConditions } from "./market-conditions.tsx";
import { MarketSentiment, hasSentiment } from "./market-sentiment.tsx";

interface Panel {
  id: "conditions" | "sentiment" | "advice";
  /** Card title on wide screens, section title on small ones (docs/product.md §2). */
  wide: string;
  narrow: string;
  body: ReactNode;
}

/** The panels the country's figures fill, in the page's order; the advice always. */
export function countryPanels(data: CountryPageData, available: Availability, t: (id: string) => string): Panel[] {
  const { panel, community } = data;
  const panels: Panel[] = [];
  if (hasConditions(available)) {
    panels.push({
      id: "conditions",
      wide: t("country.panel.conditions"),
      narrow: t("country.panel.conditions"),
      body: <MarketConditions panel={panel} available={available.conditions} />,
    });
  }
  if (hasSentiment(available.sentiment, community.summary)) {
    panels.push({
      id: "sentiment",
      wide: t("country.panel.sentiment"),
      narrow: t("country.panel.sentiment"),
      body: (
        <MarketSentiment
          panel={panel}
          available={available.sentiment}
          summary={community.summary}
          yoyFrom={data.yoyFrom}
          yoyChange={data.whyChanged?.year_before ?? null}
          monthChange={data.whyChanged?.previous_month ?? null}
        />
      ),
    });
  }
  panels.push({
    id: "advice",
    wide: t("country.panel.adviceWide"),
    narrow: t("country.panel.adviceNarrow"),
    body: <AdviceList status={data.status} facts={data.adviceFacts} paused={data.paused} />,
  });
  return panels;
}

/**
 * The panels, one copy for every width: collapsible sections, the first one ("Market conditions" when it exists) open,
 * on small screens; on large ones cards in two columns that fill evenly: the sentiment card (the longest) on the right
 * beside the other two stacked, or the second of two beside the first. The page's order stays the reading order.
 */
export function Panels({ panels }: { panels: readonly Panel[] }) {
  const three = panels.length === 3;
  const place = (i: number) =>
    three
      ? [
          "lg:col-start-1 lg:row-start-1",
          "lg:col-start-2 lg:row-start-1 lg:row-span-2",
          "lg:col-start-1 lg:row-start-2",
        ][i]
      : "";
  const columns = three ? "lg:grid-cols-2 lg:grid-rows-[auto_1fr]" : panels.length > 1 ? "lg:grid-cols-2" : "";
  return (
    <div className={`mt-6 space-y-3 lg:grid lg:items-start lg:gap-6 lg:space-y-0 ${columns}`} data-testid="panels">
      {panels.map((p, i) => (
        <Section key={p.id} title={p.narrow} wideTitle={p.wide} defaultOpen={i === 0} className={place(i)}>
          {p.body}
        </Section>
      ))}
    </div>
  );
}
