// Every public route at 390 and 1280 px in Spanish, Italian and Polish (tests/e2e/i18n-routes.ts).
import { describeRoutesIn } from "./i18n-routes.ts";

describeRoutesIn(["es", "it", "pl"]);
