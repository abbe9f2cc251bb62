// "Your Next Moves" of /job-market/{name} as a static part (components/static-part.tsx): the browser hydrates the page
// without the advice's code and loads it only to show another country's (the route's clientLoader preloads it). Apart
// from country-static-parts.ts so that the country page's code never reaches the job-market page's messages.
import { staticPart } from "../static-part.tsx";

export const NextMoves = staticPart("NextMoves", () => import("./next-moves.tsx").then((m) => m.NextMoves));
