// Public reads: countries, one country, history, rankings, experiences, health. Answered from the in-memory
// read model (one SQLite lookup per request), with ETag and Cache-Control.
import { Router, type Response } from "express";
import { countryByCode, type Country } from "../../lib/countries.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { CACHE_NEVER, CACHE_PUBLISHED, CACHE_REVALIDATE, jsonText, sendCached } from "../../server/http/cache.ts";
import { RANKING_TYPES, type RankingType } from "../../product/options.ts";
import type { ReadModel } from "../read-model.ts";

/** A covered country from a path segment (two letters, any case); 404 otherwise. */
export function countryFromParam(raw: unknown): Country {
  const code = typeof raw === "string" ? raw : "";
  const c = /^[A-Za-z]{2}$/.test(code) ? countryByCode(code) : undefined;
  if (!c) throw new NotFoundError(`Unknown country code "${code.slice(0, 12)}": not one of the 31 covered countries.`);
  return c;
}

/**
 * Answers a health probe: never stored, no ETag, and always the body, whatever the request's If-None-Match or
 * If-Modified-Since (res.json would answer 304 to `If-None-Match: *`, which tells a prober nothing).
 */
export function sendHealth(res: Response, body: ReturnType<typeof healthBody>): void {
  const json = jsonText(body);
  res.status(200);
  res.setHeader("Cache-Control", CACHE_NEVER);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(json); // not res.send: it would check freshness
}

/** What /api/health and /api/v1/health answer: a probe, never cached. */
export function healthBody(read: ReadModel, now: Date) {
  const pub = read.publication();
  const state = read.publicationState(now);
  return {
    ok: true as const,
    model: pub?.model ?? null,
    as_of: pub?.as_of ?? null,
    published_at: pub?.published_at ?? null,
    countries_scored: pub?.countries_scored ?? 0,
    paused: state.paused,
    paused_reason: state.reason,
  };
}

export function publicRoutes(read: ReadModel, now: () => Date): Router {
  const r = Router();

  r.get("/health", (_req, res) => sendHealth(res, healthBody(read, now())));

  r.get("/countries", (req, res) => {
    sendCached(req, res, read.countriesBody(now()), CACHE_PUBLISHED);
  });

  r.get("/countries/:code", (req, res) => {
    const c = countryFromParam(req.params.code);
    sendCached(req, res, read.countryBody(c.code, now()), CACHE_PUBLISHED);
  });

  r.get("/countries/:code/history", (req, res) => {
    const c = countryFromParam(req.params.code);
    sendCached(req, res, read.historyBody(c.code, now()), CACHE_PUBLISHED);
  });

  r.get("/countries/:code/experiences", (req, res) => {
    const c = countryFromParam(req.params.code);
    sendCached(req, res, read.experiencesBody(c.code), CACHE_REVALIDATE);
  });

  r.get("/rankings/:type", (req, res) => {
    const type = req.params.type;
    if (!(RANKING_TYPES as readonly string[]).includes(type)) {
      throw new NotFoundError(`Unknown ranking "${type.slice(0, 40)}": use brightest or stormiest.`);
    }
    sendCached(req, res, read.rankingBody(type as RankingType, now()), CACHE_PUBLISHED);
  });

  return r;
}
