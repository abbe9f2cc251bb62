// The route matrix (tests/e2e/route-matrix.ts) in English:
// every public route loaded once, checked at 320, 390 and 1280 px.
import { describeRouteMatrix } from "./route-matrix.ts";

describeRouteMatrix(["en"]);
