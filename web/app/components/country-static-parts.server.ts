// The server's side of country-static-parts.ts (and of job-market/next-moves-part.ts): the static parts' components, for the server to render them
// (components/static-part.tsx). Imported by entry.server.tsx only.
import { AdviceList } from "./market-advice.tsx";
import { ComparisonInsights } from "./comparison-insights.tsx";
import { WhereOpenings } from "./sector-context.tsx";
import { WhyChanged } from "./why-changed.tsx";
import { FollowLinks } from "./follow-links.tsx";
import { NextMoves } from "./job-market/next-moves.tsx";
import { serverPart } from "./static-part.tsx";

serverPart("AdviceList", AdviceList);
serverPart("ComparisonInsights", ComparisonInsights);
serverPart("WhereOpenings", WhereOpenings);
serverPart("WhyChanged", WhyChanged);
serverPart("FollowLinks", FollowLinks);
serverPart("NextMoves", NextMoves);
