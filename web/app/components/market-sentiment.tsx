// The country page's market sentiment (market-sentiment-live.tsx) as a part that hydrates when near
// (components/static-part.tsx `nearPart`): the server renders it whole (registered in near-parts.server.ts); the
// browser loads its code (the sources, the signal's parts, their info buttons) when the panel comes within a screen
// of the viewport or is reached for.
import type { ComponentProps } from "react";
import { nearPart } from "./static-part.tsx";
import type { MarketSentiment as Live } from "./market-sentiment-live.tsx";

export { hasSentiment } from "../lib/availability.ts";

export const MarketSentiment = nearPart<ComponentProps<typeof Live>>("MarketSentiment", () =>
  import("./market-sentiment-live.tsx").then((m) => m.MarketSentiment),
);
