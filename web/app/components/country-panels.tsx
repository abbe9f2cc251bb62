// The country page's panels (components/country-view.tsx; docs/product.md §2 "Country page"): market conditions,
// market sentiment and what to do now, each only when it has figures (web/app/lib/availability.ts). Wide screens show
// them as cards in two columns that fill evenly; small screens as collapsible sections, the first one open.
import type { ReactNode } from "react";
import type { CountryPageData } from "../lib/country.server.ts";
import { hasConditions, type Availability } from "../lib/availability.ts";
import { AdviceList } from "./country-static-parts.ts";
import { Card, Section } from "./page-parts.tsx";
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

/** Large screens: the cards in two columns that flow (one column when only the advice is left). */
export function WidePanels({ panels }: { panels: readonly Panel[] }) {
  // Two columns that fill evenly: the sentiment card (the longest) on the right, the others stacked on the left.
  const right = panels.length === 3 ? panels.filter((p) => p.id === "sentiment") : panels.slice(1);
  const left = panels.filter((p) => !right.includes(p));
  const card = (p: Panel) => (
    <Card key={p.id} title={p.wide}>
      {p.body}
    </Card>
  );
  return (
    <div
      className={`mt-6 hidden gap-6 lg:grid lg:items-start ${panels.length > 1 ? "lg:grid-cols-2" : ""}`}
      data-testid="panels-wide"
    >
      <div className="space-y-6">{left.map(card)}</div>
      {right.length > 0 ? <div className="space-y-6">{right.map(card)}</div> : null}
    </div>
  );
}

/** Small screens: collapsible sections, the first one ("Market conditions" when it exists) open. */
export function NarrowPanels({ panels }: { panels: readonly Panel[] }) {
  return (
    <div className="mt-6 space-y-3 lg:hidden">
      {panels.map((p, i) => (
        <Section key={p.id} title={p.narrow} defaultOpen={i === 0}>
          {p.body}
        </Section>
      ))}
    </div>
  );
}
