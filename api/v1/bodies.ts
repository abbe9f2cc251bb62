// The open data answers that the reader does not keep itself: regions, sources and the CSV downloads, made from
// the reader's current view once per publication and month (ReadModel.derivedBody) with the same ETag prefix as
// every other read of that publication; and the OpenAPI document. The routes (api/routes/v1.ts) and the fast
// path (api/fast-reads.ts) both send these, through the answers of the one v1 table (api/v1/table.ts).
import { regions } from "../../product/publication.ts";
import { cachedBytes, cachedJson, type CachedBody } from "../http.ts";
import type { ReadModel } from "../read-model.ts";
import { CSV_TYPE, csvFilename, historyCsv, scoresCsv } from "./csv.ts";
import { openApiDocument } from "./openapi.ts";
import { personalScoresBody, personalScoresCsvBody, stepsOfQuery } from "./personal.ts";
import type { V1Reads } from "./table.ts";

const readsOf = new WeakMap<ReadModel, V1Reads>();

/** The bodies the v1 table's answers are made of (api/v1/table.ts), from the one reader (made once per reader). */
export function v1Reads(read: ReadModel): V1Reads {
  let reads = readsOf.get(read);
  if (!reads) readsOf.set(read, (reads = makeV1Reads(read)));
  return reads;
}

function makeV1Reads(read: ReadModel): V1Reads {
  return {
    countries: (now) => read.countriesBody(now),
    country: (code, now) => read.countryBody(code, now),
    history: (code, now) => read.historyBody(code, now),
    historyCsv: (code, now) => historyCsvBody(read, code, now),
    ranking: (type, now) => read.rankingBody(type, now),
    regions: (now) => regionsBody(read, now),
    sources: (now) => sourcesBody(read, now),
    scoresCsv: (now) => scoresCsvBody(read, now),
    personalScores: (query, now) => personalScoresBody(read.publishedView(now), stepsOfQuery(query)),
    personalScoresCsv: (query, now) => personalScoresCsvBody(read.publishedView(now), stepsOfQuery(query)),
  };
}

export function regionsBody(read: ReadModel, now: Date): CachedBody {
  return read.derivedBody("v1/regions", now, (v) => cachedJson(regions(v.items), v.tag));
}

export function sourcesBody(read: ReadModel, now: Date): CachedBody {
  return read.derivedBody("v1/sources", now, (v) => cachedJson(v.sources, v.tag));
}

export function scoresCsvBody(read: ReadModel, now: Date): CachedBody {
  return read.derivedBody("v1/scores.csv", now, (v) =>
    cachedBytes(Buffer.from(scoresCsv(v.items, v.publication, v.readings)), v.tag, { type: CSV_TYPE, filename: csvFilename("scores", v.publication) }),
  );
}

/** `code`: an upper-case covered code (countryFromParam / countryByCode). */
export function historyCsvBody(read: ReadModel, code: string, now: Date): CachedBody {
  return read.derivedBody(`v1/history.csv/${code}`, now, (v) =>
    cachedBytes(Buffer.from(historyCsv(code, v.readings.get(code)!.history)), v.tag, {
      type: CSV_TYPE,
      filename: csvFilename(`${code}-history`, v.publication),
    }),
  );
}

const openApiBodies = new Map<string, CachedBody>();

/** The OpenAPI document, ready to send: its ETag is a hash of the content (it changes with a release, not a publication). */
export function openApiBody(origin: string): CachedBody {
  let body = openApiBodies.get(origin);
  if (!body) {
    body = cachedJson(openApiDocument(origin), "openapi");
    openApiBodies.set(origin, body);
  }
  return body;
}
