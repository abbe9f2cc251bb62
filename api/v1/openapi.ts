// The OpenAPI 3.1 document of the public API v1, generated from the zod schemas that validate it (api/v1/schemas/)
// by @asteasolutions/zod-to-openapi: nothing here is hand-written JSON Schema. Served at /api/openapi.json and
// rendered for people by the site's /open-data/api page, which reads it through openApiDocument() (so this module
// stays free of the HTTP plumbing: the served body is api/v1/bodies.ts `openApiBody`).
// Every v1 route of the one table (api/v1/table.ts) is registered here; the contract test
// (tests/api/open-data.test.ts) calls each one and checks its answer against this document.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import {
  CACHING_NOTE,
  DERIVATION_NOTE,
  INDEX_LICENCE,
  SOURCE_TERMS,
  SUGGESTED_CREDIT,
} from "../../product/open-data.ts";
import { noStore, requestIdHeader, V1_TABLE } from "./table.ts";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** The version of the API (its contract), not of the product: bumped by a change of v1's shapes. */
const API_V1_VERSION = "1.0.0";

/**
 * What any request can be answered besides its route's own answers (server/http/request-limits.ts, server/http/errors.ts): a target no route can read, a
 * request Node's parser refuses, a failure of the server. Shared components (components/responses), referenced by
 * every operation. Public reads are not rate limited (no 429) and write nothing (no 507).
 */
const GENERAL_ERRORS = {
  400: {
    name: "BadRequest",
    description:
      "Bad Request: the URL's path has broken percent-encoding (`invalid_url`: every % must start two hex digits, and they must spell UTF-8), the Host header (or a trusted proxy's X-Forwarded-Host) is not a host a URL can be made of (`invalid_host`: a port over 65535), or the request is not valid HTTP/1.1 (`bad_request`).",
  },
  408: {
    name: "RequestTimeout",
    description:
      "Request Timeout: the request took too long to arrive, its headers over 10 s by default (`request_timeout`); the connection is closed.",
  },
  414: { name: "UriTooLong", description: "URI Too Long: the URL is longer than 8 KB (`uri_too_long`)." },
  431: {
    name: "HeadersTooLarge",
    description:
      "Request Header Fields Too Large: the headers, cookies included, are over 16 KB (`headers_too_large`).",
  },
  500: {
    name: "InternalError",
    description: "Internal Server Error (`internal_error`): `details.request_id` names the request.",
  },
  503: {
    name: "StorageUnavailable",
    description:
      "Service Unavailable: the server cannot reach its data right now (`storage_unavailable`); try again later.",
  },
} as const;

/** Public reads: no key, no cookie (an explicit empty `security`), and the general errors beside the route's own. */
function publicRead(route: RouteConfig): RouteConfig {
  const general = Object.fromEntries(
    Object.entries(GENERAL_ERRORS).map(([status, e]) => [status, { $ref: `#/components/responses/${e.name}` }]),
  );
  // A route's own 400 (e.g. bad weights, which also names the general cases) replaces the general one.
  return { ...route, security: [], responses: { ...general, ...route.responses } };
}

/** Every v1 route, as the document lists it: a public read, with the general errors. */
export const V1_ROUTES: readonly RouteConfig[] = V1_TABLE.map((r) => publicRead(r.doc));

function describeApi(): string {
  const terms = SOURCE_TERMS.map((s) => `- **${s.source}** ("${s.credit}"): ${s.terms} <${s.url}>`).join("\n");
  return [
    "Scores of the job markets of 31 European countries, 1 (very tough) to 10 (very favourable), computed from official statistics. Read-only, no key, JSON and CSV. How the score is made: the site's /methodology page.",
    `**Licence.** The index's own numbers (scores, sub-scores, statuses, labels, changes and their explanation) are published under ${INDEX_LICENCE.name}: <${INDEX_LICENCE.url}>. Credit: "${SUGGESTED_CREDIT}"`,
    `**Sources.** ${DERIVATION_NOTE}\n\n${terms}`,
    `**Caching.** ${CACHING_NOTE}`,
    "**Withheld scores.** A score is shown only while one of its inputs is within its cut-off; otherwise it is null here exactly as on the site, and empty in the CSV files.",
    '**Errors** answer `{"error": {"code", "message", "details"?}}` with a fitting status and an `X-Request-Id` header; each operation lists the statuses it can answer. A URL over 8 KB answers 414, headers over 16 KB 431, a path with broken percent-encoding 400.',
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
