// The public API v1 (docs/open-data.md), mounted at /api/v1, and its OpenAPI document at /api/openapi.json.
// Read-only; answers the one reader's data (api/read-model.ts) with the publication's ETag. Path parameters are
// validated with the zod schemas the OpenAPI document is generated from (api/v1/schemas.ts); a parameter that
// names nothing is a 404 in the contract's error shape. The cached GETs are also answered by the fast path
// (api/fast-reads.ts), which must answer exactly what these routes answer (tests/api/open-data.test.ts).
import { Router } from "express";
import type { z } from "zod";
import { countryByCode, type Country } from "../../pipeline/countries.ts";
import { NotFoundError } from "../../pipeline/errors.ts";
import type { RankingType } from "../../product/options.ts";
import { CACHE_PUBLISHED, CACHE_STATIC, cachedJson, requestOrigin, sendCached, type CachedBody } from "../http.ts";
import type { ReadModel } from "../read-model.ts";
import { historyCsvBody, openApiBody, regionsBody, scoresCsvBody, sourcesBody } from "../v1/bodies.ts";
import { openApiDocument } from "../v1/openapi.ts";
import { personalScoresBody, personalScoresCsvBody, stepsOfQuery } from "../v1/personal.ts";
import { countryParams, rankingParams } from "../v1/schemas.ts";
import { healthBody, sendHealth } from "./public.ts";

/** Path parameters through their schema; anything that does not name a resource is a 404. */
function params<S extends z.ZodType>(schema: S, raw: unknown, notFound: (raw: Record<string, string>) => string): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new NotFoundError(notFound(raw as Record<string, string>));
  return parsed.data;
}

const unknownCountry = (raw: Record<string, string>) =>
  `Unknown country code "${String(raw.code ?? "").slice(0, 12)}": not one of the 31 covered countries.`;

function country(raw: unknown): Country {
  const { code } = params(countryParams, raw, unknownCountry);
  const c = countryByCode(code);
  if (!c) throw new NotFoundError(unknownCountry({ code }));
  return c;
}

export function v1Routes(read: ReadModel, now: () => Date): Router {
  const r = Router();

  r.get("/countries", (req, res) => {
    sendCached(req, res, read.countriesBody(now()), CACHE_PUBLISHED);
  });

  r.get("/countries/:code", (req, res) => {
    sendCached(req, res, read.countryBody(country(req.params).code, now()), CACHE_PUBLISHED);
  });

  r.get("/countries/:code/history", (req, res) => {
    sendCached(req, res, read.historyBody(country(req.params).code, now()), CACHE_PUBLISHED);
  });

  r.get("/countries/:code/history.csv", (req, res) => {
    sendCached(req, res, historyCsvBody(read, country(req.params).code, now()), CACHE_PUBLISHED);
  });

  r.get("/rankings/:type", (req, res) => {
    const { type } = params(rankingParams, req.params, (raw) => `Unknown ranking "${String(raw.type ?? "").slice(0, 40)}": use brightest or stormiest.`);
    sendCached(req, res, read.rankingBody(type as RankingType, now()), CACHE_PUBLISHED);
  });

  r.get("/regions", (req, res) => {
    sendCached(req, res, regionsBody(read, now()), CACHE_PUBLISHED);
  });

  r.get("/sources", (req, res) => {
    sendCached(req, res, sourcesBody(read, now()), CACHE_PUBLISHED);
  });

  r.get("/scores.csv", (req, res) => {
    sendCached(req, res, scoresCsvBody(read, now()), CACHE_PUBLISHED);
  });

  // A personal ranking under the visitor's weights (never the index): made per request, from the reader's view.
  r.get("/scores", (req, res) => {
    const steps = stepsOfQuery(req.query);
    sendCached(req, res, personalScoresBody(read.publishedView(now()), steps), CACHE_PUBLISHED);
  });

  r.get("/scores/personal.csv", (req, res) => {
    const steps = stepsOfQuery(req.query);
    sendCached(req, res, personalScoresCsvBody(read.publishedView(now()), steps), CACHE_PUBLISHED);
  });

  r.get("/health", (_req, res) => sendHealth(res, healthBody(read, now())));

  return r;
}

/** Documents kept per request origin at most (only without a configured public origin: development). */
const MAX_ORIGINS = 20;

/**
 * `/api/openapi.json`: the document for the configured public origin, generated here, at start-up. Without one
 * (development), its `servers` entry names the origin of each request (api/http.ts requestOrigin), like the pages.
 */
export function openApiRoute(configuredOrigin: string | null, vary: string | null = "Host, X-Forwarded-Host, X-Forwarded-Proto"): Router {
  const r = Router();
  if (configuredOrigin !== null) {
    const body = openApiBody(configuredOrigin);
    r.get("/openapi.json", (req, res) => {
      sendCached(req, res, body, CACHE_STATIC);
    });
    return r;
  }
  const template = openApiDocument("http://localhost");
  const made = new Map<string, CachedBody>();
  r.get("/openapi.json", (req, res) => {
    const origin = requestOrigin(req);
    let body = made.get(origin);
    if (!body) {
      if (made.size >= MAX_ORIGINS) made.clear();
      body = cachedJson({ ...template, servers: [{ url: origin, description: "This service" }] }, "openapi");
      made.set(origin, body);
    }
    if (vary !== null) res.setHeader("Vary", vary);
    sendCached(req, res, body, CACHE_STATIC);
  });
  return r;
}
