// Writes the English `api` catalogue (web/app/i18n/messages/en/api.json) from the OpenAPI document, its one English
// source (web/app/lib/api-catalogue.ts): `npm run api:catalogue` after changing a text of the document (api/v1/).
// The other languages' api.json are translated by hand: tests/i18n-api-catalogue.test.ts names the ids they lack.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "../api/v1/openapi.ts";
import { englishApiCatalogue } from "../web/app/lib/api-catalogue.ts";
import type { OpenApiLike } from "../web/app/lib/api-reference-types.ts";
import { CSV_LINES } from "../web/app/lib/open-data.server.ts";

const target = path.join(import.meta.dirname, "..", "web", "app", "i18n", "messages", "en", "api.json");
const catalogue = englishApiCatalogue(openApiDocument("https://jobweather.example") as OpenApiLike, CSV_LINES);
writeFileSync(target, `${JSON.stringify(catalogue, null, 2)}\n`);
console.log(`wrote ${Object.keys(catalogue).length} messages to ${path.relative(process.cwd(), target)}`);
