// The server's side of the parts that hydrate when near (components/static-part.tsx `nearPart`): their components,
// for the server to render them whole. Imported by entry.server.tsx only, so that no static import puts their code
// into the pages' first load.
import { CommunitySection } from "./community-live.tsx";
import { EmbedBadge } from "./embed-badge-live.tsx";
import { EuropeMap } from "./europe-map-live.tsx";
import { MarketSentiment } from "./market-sentiment-live.tsx";
import { HistoryChart } from "./history-chart-live.tsx";
import { serverPart } from "./static-part.tsx";

serverPart("CommunitySection", CommunitySection);
serverPart("EmbedBadge", EmbedBadge);
serverPart("EuropeMap", EuropeMap);
serverPart("MarketSentiment", MarketSentiment);
serverPart("HistoryChart", HistoryChart);
