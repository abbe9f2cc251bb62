// The open data answers that the reader does not keep itself: regions, sources and the CSV downloads, made from
// the reader's current view once per publication and month (ReadModel.derivedBody) with the same ETag prefix as
// every other read of that publication; and the OpenAPI document. The routes (api/routes/v1.ts) and the fast
// path (api/fast-reads.ts) both send these, through the answers of the one v1 table (api/v1/table.ts).
import { countryByCode } from "../../lib/countries.ts";
import { countryNameIn } from "../../product/country-names.ts";
import type { Locale } from "../../product/locales.ts";
import type { RankingType } from "../../product/options.ts";
import { ranking, regions } from "../../product/publication.ts";
import type { RegionRow } from "../../product/shapes.ts";
import { cachedBytes, cachedJson, tagIn, type CachedBody } from "../../server/http/cache.ts";
import { countryBody } from "../country-body.ts";
import type { PublishedView, ReadModel } from "../read-model.ts";
import type { PublishedSnapshot } from "../../pipeline/youth.ts";
import { CSV_TYPE, csvFilename, historyCsv, scoresCsv, sectorsCsv } from "./csv.ts";
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
    countries: (now, lang) =>
      lang === "en"
        ? read.countriesBody(now)
        : namedBody(read, "countries", now, lang, (v, named) => v.items.map(named)),
    country: (code, now, lang) =>
      lang === "en"
        ? read.countryBody(code, now)
        : namedBody(read, `country/${code}`, now, lang, (v) => ({
            ...countryBody(countryByCode(code)!, v.readings.get(code)!),
            name: countryNameIn(lang, code),
          })),
    history: (code, now) => read.historyBody(code, now),
    historyCsv: (code, now) => historyCsvBody(read, code, now),
    ranking: (type, now, lang) => (lang === "en" ? read.rankingBody(type, now) : rankingIn(read, type, now, lang)),
    regions: (now, lang) => regionsBody(read, now, lang),
    sources: (now) => sourcesBody(read, now),
    scoresCsv: (now, lang) => scoresCsvBody(read, now, lang),
    sectorsCsv: (now, lang) => sectorsCsvBody(read, now, lang),
    personalScores: (query, now, lang) => personalScoresBody(read.publishedView(now), stepsOfQuery(query), lang),
    personalScoresCsv: (query, now, lang) => personalScoresCsvBody(read.publishedView(now), stepsOfQuery(query), lang),
  };
}

type Named = <T extends { code: string; name: string }>(item: T) => T;

/** A JSON body whose country names are in `lang` (not English), made once per publication, month and language. */
function namedBody(
  read: ReadModel,
  key: string,
  now: Date,
  lang: Locale,
  make: (v: PublishedView, named: Named) => unknown,
): CachedBody {
  const named: Named = (item) => ({ ...item, name: countryNameIn(lang, item.code) });
  return read.derivedBody(`v1/${key}@${lang}`, now, (v) => cachedJson(make(v, named), tagIn(v.tag, lang)));
}

function rankingIn(read: ReadModel, type: RankingType, now: Date, lang: Locale): CachedBody {
  return namedBody(read, `rankings/${type}`, now, lang, (v, named) => ({
    type,
    items: ranking(type, v.items).map(named),
  }));
}

/** The regions in the order and with the members English gives them, the countries' names in `lang`. */
function regionsBody(read: ReadModel, now: Date, lang: Locale = "en"): CachedBody {
  if (lang === "en") return read.derivedBody("v1/regions", now, (v) => cachedJson(regions(v.items), v.tag));
  return namedBody(read, "regions", now, lang, (v, named) =>
    regions(v.items).map((r): RegionRow => ({
      ...r,
      best: r.best && named(r.best),
      worst: r.worst && named(r.worst),
      countries: r.countries.map(named),
    })),
  );
}

function sourcesBody(read: ReadModel, now: Date): CachedBody {
  return read.derivedBody("v1/sources", now, (v) => cachedJson(v.sources, v.tag));
}

function scoresCsvBody(read: ReadModel, now: Date, lang: Locale = "en"): CachedBody {
  return read.derivedBody(lang === "en" ? "v1/scores.csv" : `v1/scores.csv@${lang}`, now, (v) => {
    const items = lang === "en" ? v.items : v.items.map((item) => ({ ...item, name: countryNameIn(lang, item.code) }));
    return cachedBytes(Buffer.from(scoresCsv(items, v.publication, v.readings)), tagIn(v.tag, lang), {
      type: CSV_TYPE,
      filename: csvFilename("scores", v.publication),
    });
  });
}

/** Every country's sector rates (model v2.3), as the snapshot publishes them, one line per country and sector. */
function sectorsCsvBody(read: ReadModel, now: Date, lang: Locale = "en"): CachedBody {
  return read.derivedBody(lang === "en" ? "v1/sectors.csv" : `v1/sectors.csv@${lang}`, now, (v) => {
    const items = lang === "en" ? v.items : v.items.map((item) => ({ ...item, name: countryNameIn(lang, item.code) }));
    const sectorsOf = (code: string) => (v.readings.get(code)?.snapshot as PublishedSnapshot | null)?.sectors ?? [];
    return cachedBytes(Buffer.from(sectorsCsv(items, v.publication, sectorsOf)), tagIn(v.tag, lang), {
      type: CSV_TYPE,
      filename: csvFilename("sectors", v.publication),
    });
  });
}

/** `code`: an upper-case covered code (countryFromParam / countryByCode). */
function historyCsvBody(read: ReadModel, code: string, now: Date): CachedBody {
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
