// The public API v1 (docs/open-data.md), mounted at /api/v1, and its OpenAPI document at /api/openapi.json.
// Read-only; answers the one reader's data (api/read-model.ts) with the publication's ETag. The routes are made
// from the one v1 table (api/v1/table.ts), like the OpenAPI document and the fast path (api/fast-reads.ts): path
// parameters are validated with the zod schemas the document is generated from; a parameter that names nothing
// is a 404 in the contract's error shape (tests/api/open-data.test.ts compares both paths).
import { Router } from "express";
import { NotFoundError } from "../../lib/errors.ts";
import { CACHE_PUBLISHED, CACHE_STATIC, cachedJson, sendCached, type CachedBody } from "../../server/http/cache.ts";
import { requestOrigin } from "../../server/http/request.ts";
import type { ReadModel } from "../read-model.ts";
import { openApiBody, v1Reads } from "../v1/bodies.ts";
import { openApiDocument } from "../v1/openapi.ts";
import { expressPath, v1Params } from "../v1/paths.ts";
import { V1_TABLE, v1Lang } from "../v1/table.ts";
import { healthBody, sendHealth } from "./public.ts";

/** Every route of the v1 table (api/v1/table.ts), in its order. */
export function v1Routes(read: ReadModel, now: () => Date): Router {
  const r = Router();
  const reads = v1Reads(read);
  for (const route of V1_TABLE) {
    const { answer } = route;
    if (answer === "health") {
      r.get(expressPath(route), (_req, res) => sendHealth(res, healthBody(read, now())));
      continue;
    }
    r.get(expressPath(route), (req, res) => {
      const checked = v1Params(route, req.params as Record<string, string>);
      if (!checked.ok) throw new NotFoundError(checked.notFound);
      const params = { ...checked.params, lang: v1Lang(route, req.query) };
      sendCached(req, res, answer(reads, now(), params, req.query), CACHE_PUBLISHED);
    });
  }
  return r;
}

/** Documents kept per request origin at most (only without a configured public origin: development). */
const MAX_ORIGINS = 20;

/**
 * `/api/openapi.json`: the document for the configured public origin, generated here, at start-up. Without one
 * (development), its `servers` entry names the origin of each request (server/http/request.ts requestOrigin), like the pages.
 */
export function openApiRoute(
  configuredOrigin: string | null,
  vary: string | null = "Host, X-Forwarded-Host, X-Forwarded-Proto",
): Router {
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
