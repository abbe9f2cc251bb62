// The OpenAPI 3.1 document of the public API v1, generated from the zod schemas that validate it (api/v1/schemas.ts)
// by @asteasolutions/zod-to-openapi: nothing here is hand-written JSON Schema. Served at /api/openapi.json and
// rendered for people by the site's /open-data/api page, which reads it through openApiDocument() (so this module
// stays free of the HTTP plumbing: the served body is api/v1/bodies.ts `openApiBody`).
// Every v1 route is registered here; the contract test (tests/api/open-data.test.ts) calls each one and checks its
// answer against this document.
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { API_V1_BASE, CACHING_NOTE, DERIVATION_NOTE, INDEX_LICENCE, SOURCE_TERMS, SUGGESTED_CREDIT } from "../../product/open-data.ts";
import { HISTORY_CSV, SCORES_CSV, type CsvFormat } from "./csv.ts";
import { personalRoutes } from "./personal.ts";
import {
  countriesSchema,
  countryParams,
  countrySchema,
  errorSchema,
  healthSchema,
  historySchema,
  rankingParams,
  rankingSchema,
  regionsSchema,
  sourcesSchema,
} from "./schemas.ts";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** The version of the API (its contract), not of the product: bumped by a change of v1's shapes. */
export const API_V1_VERSION = "1.0.0";

const etagHeader = { description: "Names the publication and the content; send it back in If-None-Match.", schema: { type: "string" as const } };
const cacheHeader = (value: string) => ({ description: `\`${value}\``, schema: { type: "string" as const } });
const CACHE_PUBLISHED_TEXT = "public, max-age=60, stale-while-revalidate=300";

const conditional = {
  headers: z.object({
    "if-none-match": z.string().optional().meta({ description: "An ETag of an earlier answer: 304 Not Modified while it is still current." }),
  }),
};

const notModified: ResponseConfig = { description: "Not Modified: the ETag sent in If-None-Match is still current (no body)." };
const notFound = (what: string): ResponseConfig => errorAnswer(`Not Found (\`not_found\`): ${what}.`);

const noStore = { "Cache-Control": cacheHeader("no-store") };
const requestIdHeader = {
  description: "Names the request; a 5xx names it in `details.request_id` too, and the server's log holds the details.",
  schema: { type: "string" as const },
};
const errorAnswer = (description: string): ResponseConfig => ({
  description,
  headers: { ...noStore, "X-Request-Id": requestIdHeader },
  content: { "application/json": { schema: errorSchema } },
});

/**
 * What any request can be answered besides its route's own answers (api/http.ts): a target no route can read, a
 * request Node's parser refuses, a failure of the server. Shared components (components/responses), referenced by
 * every operation. Public reads are not rate limited (no 429) and write nothing (no 507).
 */
const GENERAL_ERRORS = {
  400: {
    name: "BadRequest",
    description:
      "Bad Request: the URL's path has broken percent-encoding (`invalid_url`: every % must start two hex digits, and they must spell UTF-8), or the request is not valid HTTP/1.1 (`bad_request`).",
  },
  408: {
    name: "RequestTimeout",
    description: "Request Timeout: the request took too long to arrive, its headers over 10 s by default (`request_timeout`); the connection is closed.",
  },
  414: { name: "UriTooLong", description: "URI Too Long: the URL is longer than 8 KB (`uri_too_long`)." },
  431: { name: "HeadersTooLarge", description: "Request Header Fields Too Large: the headers, cookies included, are over 16 KB (`headers_too_large`)." },
  500: { name: "InternalError", description: "Internal Server Error (`internal_error`): `details.request_id` names the request." },
  503: { name: "StorageUnavailable", description: "Service Unavailable: the server cannot reach its data right now (`storage_unavailable`); try again later." },
} as const;

/** Public reads: no key, no cookie (an explicit empty `security`), and the general errors beside the route's own. */
function publicRead(route: RouteConfig): RouteConfig {
  const general = Object.fromEntries(Object.entries(GENERAL_ERRORS).map(([status, e]) => [status, { $ref: `#/components/responses/${e.name}` }]));
  // A route's own 400 (e.g. bad weights, which also names the general cases) replaces the general one.
  return { ...route, security: [], responses: { ...general, ...route.responses } };
}

function jsonAnswer(schema: z.ZodType, description: string, cacheControl = CACHE_PUBLISHED_TEXT): ResponseConfig {
  return {
    description,
    headers: { ETag: etagHeader, "Cache-Control": cacheHeader(cacheControl) },
    content: { "application/json": { schema } },
  };
}

function csvDescription(format: CsvFormat<never>): string {
  const columns = format.columns.map((c) => `- \`${c.name}\`: ${c.description}`).join("\n");
  return `RFC 4180 CSV, UTF-8 without a byte order mark, CRLF line ends, a header row, then ${format.line}. Columns:\n\n${columns}`;
}

function csvAnswer(format: CsvFormat<never>, description: string): ResponseConfig {
  return csvText(csvDescription(format), description);
}

function csvText(columns: string, description: string): ResponseConfig {
  return {
    description,
    headers: {
      ETag: etagHeader,
      "Cache-Control": cacheHeader(CACHE_PUBLISHED_TEXT),
      "Content-Disposition": { description: 'attachment; filename="job-weather-index-….csv"', schema: { type: "string" } },
    },
    content: { "text/csv": { schema: z.string().meta({ description: columns }) } },
  };
}

/** Every v1 route with its own answers (paths in OpenAPI form: `{code}`). */
const ROUTES: RouteConfig[] = [
  {
    method: "get",
    path: `${API_V1_BASE}/countries`,
    operationId: "listCountries",
    tags: ["Scores"],
    summary: "Every covered country with today's score",
    description: "The 31 covered countries in the product's fixed order, each with its score as lists show it (null when none may be shown today).",
    request: conditional,
    responses: { 200: jsonAnswer(countriesSchema, "The countries."), 304: notModified },
  },
  {
    method: "get",
    path: `${API_V1_BASE}/countries/{code}`,
    operationId: "getCountry",
    tags: ["Scores"],
    summary: "One country in full",
    description:
      "The country's published snapshot: score, status, label, confidence, the five sub-scores with their inputs, periods and freshness, the source figures, the year-on-year change and why the score changed, with the country page's market panel.",
    request: { params: countryParams, ...conditional },
    responses: { 200: jsonAnswer(countrySchema, "The country."), 304: notModified, 404: notFound("not one of the 31 covered countries") },
  },
  {
    method: "get",
    path: `${API_V1_BASE}/countries/{code}/history`,
    operationId: "getCountryHistory",
    tags: ["Scores"],
    summary: "One country's monthly score history",
    description: "Every month from the first with any scoring input to the publication's as-of month, oldest first.",
    request: { params: countryParams, ...conditional },
    responses: { 200: jsonAnswer(historySchema, "The history."), 304: notModified, 404: notFound("not one of the 31 covered countries") },
  },
  {
    method: "get",
    path: `${API_V1_BASE}/countries/{code}/history.csv`,
    operationId: "downloadCountryHistory",
    tags: ["Downloads"],
    summary: "One country's history as CSV",
    description: "The history of /countries/{code}/history as a CSV download.",
    request: { params: countryParams, ...conditional },
    responses: {
      200: csvAnswer(HISTORY_CSV as CsvFormat<never>, "The history as CSV."),
      304: notModified,
      404: notFound("not one of the 31 covered countries"),
    },
  },
  {
    method: "get",
    path: `${API_V1_BASE}/rankings/{type}`,
    operationId: "getRanking",
    tags: ["Scores"],
    summary: "The brightest or stormiest job markets",
    description: "Only scores that may be shown today; sorted by the unrounded score, then by country code.",
    request: { params: rankingParams, ...conditional },
    responses: { 200: jsonAnswer(rankingSchema, "The ranking."), 304: notModified, 404: notFound("not brightest or stormiest") },
  },
  {
    method: "get",
    path: `${API_V1_BASE}/regions`,
    operationId: "listRegions",
    tags: ["Scores"],
    summary: "European regions with their average score",
    description: "Nordic, Baltic, Western, Central and Eastern, Southern: the mean of their countries' scores shown today, the best and worst country.",
    request: conditional,
    responses: { 200: jsonAnswer(regionsSchema, "The regions."), 304: notModified },
  },
  {
    method: "get",
    path: `${API_V1_BASE}/sources`,
    operationId: "listSources",
    tags: ["About the data"],
    summary: "The source tables behind the scores",
    description: "Each table of the current publication with its newest period, size and dates.",
    request: conditional,
    responses: { 200: jsonAnswer(sourcesSchema, "The sources."), 304: notModified },
  },
  {
    method: "get",
    path: `${API_V1_BASE}/scores.csv`,
    operationId: "downloadScores",
    tags: ["Downloads"],
    summary: "Today's scores of every country as CSV",
    description: "The list of /countries as a CSV download, with the publication's as-of date and model on every line.",
    request: conditional,
    responses: { 200: csvAnswer(SCORES_CSV as CsvFormat<never>, "The scores as CSV."), 304: notModified },
  },
  ...personalRoutes({
    json: (schema, description) => jsonAnswer(schema, description),
    csv: (description) => csvText(description, "Your ranking as CSV."),
    error: errorAnswer,
    conditional,
    notModified,
  }),
  {
    method: "get",
    path: `${API_V1_BASE}/health`,
    operationId: "getHealth",
    tags: ["About the data"],
    summary: "Whether the service runs and what it serves",
    description: "A probe: never cached (Cache-Control: no-store), so that it always tells the truth.",
    responses: {
      200: { description: "The service answers.", headers: noStore, content: { "application/json": { schema: healthSchema } } },
    },
  },
];

/** Every v1 route, as the document lists it: a public read, with the general errors. */
export const V1_ROUTES: readonly RouteConfig[] = ROUTES.map(publicRead);

function describeApi(): string {
  const terms = SOURCE_TERMS.map((s) => `- **${s.source}** ("${s.credit}"): ${s.terms} <${s.url}>`).join("\n");
  return [
    "Scores of the job markets of 31 European countries, 1 (very tough) to 10 (very favourable), computed from official statistics. Read-only, no key, JSON and CSV. How the score is made: the site's /methodology page.",
    `**Licence.** The index's own numbers (scores, sub-scores, statuses, labels, changes and their explanation) are published under ${INDEX_LICENCE.name}: <${INDEX_LICENCE.url}>. Credit: "${SUGGESTED_CREDIT}"`,
    `**Sources.** ${DERIVATION_NOTE}\n\n${terms}`,
    `**Caching.** ${CACHING_NOTE}`,
    "**Withheld scores.** A score is shown only while one of its inputs is within its cut-off; otherwise it is null here exactly as on the site, and empty in the CSV files.",
    "**Errors** answer `{\"error\": {\"code\", \"message\", \"details\"?}}` with a fitting status and an `X-Request-Id` header; each operation lists the statuses it can answer. A URL over 8 KB answers 414, headers over 16 KB 431, a path with broken percent-encoding 400.",
  ].join("\n\n");
}

function generate(origin: string): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  for (const e of Object.values(GENERAL_ERRORS)) {
    registry.registerComponent("responses", e.name, {
      description: e.description,
      headers: { ...noStore, "X-Request-Id": requestIdHeader },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
  }
  for (const route of V1_ROUTES) registry.registerPath(route);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Job Weather Index open data API",
      version: API_V1_VERSION,
      description: describeApi(),
      license: { name: INDEX_LICENCE.name, identifier: INDEX_LICENCE.spdx },
    },
    servers: [{ url: origin, description: "This service" }],
    tags: [
      { name: "Scores", description: "Today's scores, one country in full, its history, rankings and regions." },
      { name: "Downloads", description: "The same data as CSV files." },
      { name: "About the data", description: "Sources and the service's state." },
    ],
  });
}

const documents = new Map<string, OpenApiDocument>();
/**
 * Documents kept at most: one origin in production (JWI_PUBLIC_ORIGIN is required there); without it each request
 * names its own (the /open-data/api page), and no stream of made-up hosts may grow this without end.
 */
const MAX_DOCUMENTS = 20;

/** The document for a public origin (its `servers` entry), generated once per origin. */
export function openApiDocument(origin: string): OpenApiDocument {
  let doc = documents.get(origin);
  if (!doc) {
    if (documents.size >= MAX_DOCUMENTS) documents.clear();
    doc = generate(origin);
    documents.set(origin, doc);
  }
  return doc;
}
