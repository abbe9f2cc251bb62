// The one table of the public API v1 (docs/open-data.md): each route's OpenAPI description, the path parameters it
// takes and the answer it sends. The OpenAPI document (api/v1/openapi.ts), the Express routes (api/routes/v1.ts)
// and the fast path (api/fast-reads.ts) are all made from it, so a route added here is documented, routed and
// answered before Express at once, and a route cannot be in one of them without the others.
// Kept free of the HTTP plumbing and of the reader's code (the site's /open-data/api page reads the document):
// an answer is a function of the `V1Reads` the routes hand it (api/v1/bodies.ts `v1Reads`).
import type { ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../product/locales.ts";
import type { RankingType } from "../../product/options.ts";
import { API_V1_BASE } from "../../product/open-data.ts";
import { HttpError } from "../../server/http/errors.ts";
import { type CachedBody } from "../../server/http/cache.ts";
import { API_DOC_VALUES } from "./doc-values.ts";
import { HISTORY_CSV, SCORES_CSV, SECTORS_CSV, type CsvFormat } from "./csv.ts";
import { personalRoutes } from "./personal.ts";
import { healthSchema, sourcesSchema } from "./schemas/about.ts";
import { countriesSchema, rankingSchema, regionsSchema } from "./schemas/countries.ts";
import { countrySchema } from "./schemas/country.ts";
import { errorSchema } from "./schemas/errors.ts";
import { historySchema } from "./schemas/history.ts";
import { countryParams, rankingParams } from "./schemas/params.ts";

/**
 * The cached bodies of the current publication a v1 answer is made of (api/v1/bodies.ts `v1Reads`). `lang` names
 * the language of the country names (English keeps the bodies every other read shares).
 */
export interface V1Reads {
  countries(now: Date, lang: Locale): CachedBody;
  country(code: string, now: Date, lang: Locale): CachedBody;
  history(code: string, now: Date): CachedBody;
  historyCsv(code: string, now: Date): CachedBody;
  ranking(type: RankingType, now: Date, lang: Locale): CachedBody;
  regions(now: Date, lang: Locale): CachedBody;
  sources(now: Date): CachedBody;
  scoresCsv(now: Date, lang: Locale): CachedBody;
  sectorsCsv(now: Date, lang: Locale): CachedBody;
  /** A personal ranking under the weights of the request's query (api/v1/personal.ts); a 400 for bad weights. */
  personalScores(query: unknown, now: Date, lang: Locale): CachedBody;
  personalScoresCsv(query: unknown, now: Date, lang: Locale): CachedBody;
}

/** A route's parameters once checked: `code` upper-case and covered, `type` a ranking, `lang` the names' language. */
export interface V1Params {
  code?: string;
  type?: RankingType;
  /** The language of the country names: the query's `lang` on a route that takes it, else English. */
  lang: Locale;
}

export interface V1Route {
  /** The OpenAPI operation (path in OpenAPI form, `{code}`), before the general errors (api/v1/openapi.ts). */
  doc: RouteConfig;
  /** Which path parameters it takes (checked by `v1Params`); null: none. */
  params: "country" | "ranking" | null;
  /**
   * Its answer: a cached body of the publication (sent with the publication's Cache-Control and ETag, 304 on a
   * match; the fast path may send it too), or "health" (never cached: api/routes/public.ts sendHealth).
   */
  answer: ((reads: V1Reads, now: Date, params: V1Params, query: unknown) => CachedBody) | "health";
  /** Its answer depends on the query string (a visitor's weights): the fast path, which reads paths only, leaves it to Express. */
  readsQuery?: true;
  /**
   * Its answer carries country names: it takes `lang` (documented by `langRequest`), and answers each language with
   * its own body and ETag. The fast path reads `lang` like Express does (api/fast-reads.ts).
   */
  names?: true;
}

const LANG_LIST = API_DOC_VALUES.languages;

/** `?lang=`: the language of the country names of an answer (docs/open-data.md). */
const langQuery = z.object({
  lang: z
    .enum(LOCALES)
    .optional()
    .meta({
      description: `The language of the country names (\`name\`, and the countries' names inside regions): one of ${API_DOC_VALUES.languageCodes}; English (\`en\`) without it. Names other than English are the Unicode CLDR's (as the site shows them). Keys and every other value stay as they are.`,
      example: "de",
    }),
});

/**
 * The language a request's query asks for on a route that takes `lang` (English without it, and on other routes);
 * a 400 that says what is accepted for anything else (`lang=xx`, `lang` twice).
 */
export function v1Lang(route: V1Route, query: unknown): Locale {
  if (!route.names) return DEFAULT_LOCALE;
  const parsed = langQuery.safeParse(query ?? {});
  if (parsed.success) return parsed.data.lang ?? DEFAULT_LOCALE;
  const raw = (query as { lang?: unknown }).lang;
  throw new HttpError(
    400,
    "invalid_lang",
    typeof raw === "string"
      ? `Unknown language "${raw.slice(0, 12)}": lang must be one of ${LANG_LIST}.`
      : `lang must be given once, as one of ${LANG_LIST}.`,
  );
}

const etagHeader = {
  description: "Names the publication and the content; send it back in If-None-Match.",
  schema: { type: "string" as const },
};
const cacheHeader = (value: string) => ({ description: `\`${value}\``, schema: { type: "string" as const } });
const CACHE_PUBLISHED_TEXT = "public, max-age=60, stale-while-revalidate=300";

const conditional = {
  headers: z.object({
    "if-none-match": z
      .string()
      .optional()
      .meta({ description: "An ETag of an earlier answer: 304 Not Modified while it is still current." }),
  }),
};

/** The 400 of a route that takes `lang`: an unknown language, besides the general cases. */
const badLang = (): ResponseConfig =>
  errorAnswer(
    `Bad Request: \`lang\` is not one of ${LANG_LIST} (\`invalid_lang\`); or the URL's path has broken percent-encoding (\`invalid_url\`), or the request is not valid HTTP/1.1 (\`bad_request\`).`,
  );
/** The request of a route that takes `lang`. */
const langRequest = { query: langQuery, ...conditional };

const notModified: ResponseConfig = {
  description: "Not Modified: the ETag sent in If-None-Match is still current (no body).",
};
const notFound = (what: string): ResponseConfig => errorAnswer(`Not Found (\`not_found\`): ${what}.`);

export const noStore = { "Cache-Control": cacheHeader("no-store") };
export const requestIdHeader = {
  description: "Names the request; a 5xx names it in `details.request_id` too, and the server's log holds the details.",
  schema: { type: "string" as const },
};
const errorAnswer = (description: string): ResponseConfig => ({
  description,
  headers: { ...noStore, "X-Request-Id": requestIdHeader },
  content: { "application/json": { schema: errorSchema } },
});

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
      "Content-Disposition": {
        description: 'attachment; filename="job-weather-index-….csv"',
        schema: { type: "string" },
      },
    },
    content: { "text/csv": { schema: z.string().meta({ description: columns }) } },
  };
}

/** Every v1 route, in the order the document lists them and Express matches them. */
export const V1_TABLE: readonly V1Route[] = [
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/countries`,
      operationId: "listCountries",
      tags: ["Scores"],
      summary: "Every covered country with today's score",
      description:
        "The 31 covered countries in the product's fixed order, each with its score as lists show it (null when none may be shown today).",
      request: langRequest,
      responses: { 200: jsonAnswer(countriesSchema, "The countries."), 304: notModified, 400: badLang() },
    },
    params: null,
    names: true,
    answer: (r, now, p) => r.countries(now, p.lang),
  },
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/countries/{code}`,
      operationId: "getCountry",
      tags: ["Scores"],
      summary: "One country in full",
      description:
        "The country's published snapshot: score, status, label, confidence, the five sub-scores with their inputs, periods and freshness, the source figures, the year-on-year change and why the score changed, with the country page's market panel.",
      request: { params: countryParams, ...langRequest },
      responses: {
        200: jsonAnswer(countrySchema, "The country."),
        304: notModified,
        400: badLang(),
        404: notFound("not one of the 31 covered countries"),
      },
    },
    params: "country",
    names: true,
    answer: (r, now, p) => r.country(p.code!, now, p.lang),
  },
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/countries/{code}/history`,
      operationId: "getCountryHistory",
      tags: ["Scores"],
      summary: "One country's monthly score history",
      description: "Every month from the first with any scoring input to the publication's as-of month, oldest first.",
      request: { params: countryParams, ...conditional },
      responses: {
        200: jsonAnswer(historySchema, "The history."),
        304: notModified,
        404: notFound("not one of the 31 covered countries"),
      },
    },
    params: "country",
    answer: (r, now, p) => r.history(p.code!, now),
  },
  {
    doc: {
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
    params: "country",
    answer: (r, now, p) => r.historyCsv(p.code!, now),
  },
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/rankings/{type}`,
      operationId: "getRanking",
      tags: ["Scores"],
      summary: "The brightest or stormiest job markets",
      description: "Only scores that may be shown today; sorted by the unrounded score, then by country code.",
      request: { params: rankingParams, ...langRequest },
      responses: {
        200: jsonAnswer(rankingSchema, "The ranking."),
        304: notModified,
        400: badLang(),
        404: notFound("not brightest or stormiest"),
      },
    },
    params: "ranking",
    names: true,
    answer: (r, now, p) => r.ranking(p.type!, now, p.lang),
  },
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/regions`,
      operationId: "listRegions",
      tags: ["Scores"],
      summary: "European regions with their average score",
      description:
        "Nordic, Baltic, Western, Central and Eastern, Southern: the mean of their countries' scores shown today, the best and worst country.",
      request: langRequest,
      responses: { 200: jsonAnswer(regionsSchema, "The regions."), 304: notModified, 400: badLang() },
    },
    params: null,
    names: true,
    answer: (r, now, p) => r.regions(now, p.lang),
  },
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/sources`,
      operationId: "listSources",
      tags: ["About the data"],
      summary: "The source tables behind the scores",
      description: "Each table of the current publication with its newest period, size and dates.",
      request: conditional,
      responses: { 200: jsonAnswer(sourcesSchema, "The sources."), 304: notModified },
    },
    params: null,
    answer: (r, now) => r.sources(now),
  },
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/scores.csv`,
      operationId: "downloadScores",
      tags: ["Downloads"],
      summary: "Today's scores of every country as CSV",
      description:
        "The list of /countries as a CSV download, with the publication's as-of date and model on every line.",
      request: langRequest,
      responses: {
        200: csvAnswer(SCORES_CSV as CsvFormat<never>, "The scores as CSV."),
        304: notModified,
        400: badLang(),
      },
    },
    params: null,
    names: true,
    answer: (r, now, p) => r.scoresCsv(now, p.lang),
  },
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/sectors.csv`,
      operationId: "downloadSectors",
      tags: ["Downloads"],
      summary: "Where the openings are: every country's job vacancy rate by sector, as CSV",
      description:
        "The `sectors` of every country's snapshot as a CSV download: each sector's trend, one line per quarter with its job vacancy rate (`current` marks its newest quarter within 24 months, the figure the pages show), beside the country's rate for all sectors and the EU-27 rate of the same quarter. Context only: never in any score, ranking or weather.",
      request: langRequest,
      responses: {
        200: csvAnswer(SECTORS_CSV as CsvFormat<never>, "The sectors as CSV."),
        304: notModified,
        400: badLang(),
      },
    },
    params: null,
    names: true,
    answer: (r, now, p) => r.sectorsCsv(now, p.lang),
  },
  ...personalDocs().map((doc, i): V1Route => ({
    doc,
    params: null,
    readsQuery: true,
    names: true,
    answer:
      i === 0
        ? (r, now, p, query) => r.personalScores(query, now, p.lang)
        : (r, now, p, query) => r.personalScoresCsv(query, now, p.lang),
  })),
  {
    doc: {
      method: "get",
      path: `${API_V1_BASE}/health`,
      operationId: "getHealth",
      tags: ["About the data"],
      summary: "Whether the service runs and what it serves",
      description: "A probe: never cached (Cache-Control: no-store), so that it always tells the truth.",
      responses: {
        200: {
          description: "The service answers.",
          headers: noStore,
          content: { "application/json": { schema: healthSchema } },
        },
      },
    },
    params: null,
    answer: "health",
  },
];

/** The two routes of a personal ranking (`/scores`, then `/scores/personal.csv`), documented by api/v1/personal.ts. */
function personalDocs(): RouteConfig[] {
  const docs = personalRoutes({
    json: (schema, description) => jsonAnswer(schema, description),
    csv: (description) => csvText(description, "Your ranking as CSV."),
    error: errorAnswer,
    conditional,
    langQuery,
    notModified,
  });
  if (docs.length !== 2 || !docs[0]!.path.endsWith("/scores") || !docs[1]!.path.endsWith("/scores/personal.csv")) {
    throw new Error("api/v1/personal.ts must document /scores, then /scores/personal.csv");
  }
  return docs;
}
