// `lang` on the v1 reads that carry country names (docs/open-data.md), against the real server over the bundled
// data, through the fast path (startServer) and through Express alone: names in the asked language (Intl.DisplayNames),
// keys and every other value as in English, a 400 in the API's error shape for a language it does not know, and
// ETags of their own per language, so that a cache never answers an English request with a German body.
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { V1_TABLE } from "../../api/v1/table.ts";
import { COUNTRIES } from "../../lib/countries.ts";
import { LOCALES } from "../../product/locales.ts";
import { validate } from "../helpers/json-schema.ts";
import { listenLocal, origin } from "../helpers/listen.ts";
import { getJson, startTestServer, type TestServer } from "./helpers.ts";

let s: TestServer;
let express: Server;
let viaExpress: string;
let served: any;

beforeAll(async () => {
  s = await startTestServer();
  served = (await getJson(`${s.url}/api/openapi.json`)).body;
  express = await listenLocal(createApp({ db: s.db, pipeline: s.pipeline, logger: s.logger, config: s.config }));
  viaExpress = origin(express);
});
afterAll(async () => {
  await new Promise((r) => express?.close(r));
  await s?.stop();
});

/** Every route that takes `lang`, with an example path. */
const NAMED = V1_TABLE.filter((r) => r.names).map((r) =>
  r.doc.path.replace("{code}", "cz").replace("{type}", "brightest"),
);
const JSON_NAMED = NAMED.filter((p) => !p.endsWith(".csv"));

const withoutNames = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, v) => (key === "name" && typeof v === "string" ? "·" : v));

/** Every `{code, name}` object of a body, wherever it is. */
function named(value: unknown, out: Array<{ code: string; name: string }> = []): Array<{ code: string; name: string }> {
  if (Array.isArray(value)) value.forEach((v) => named(v, out));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.code === "string" && typeof o.name === "string") out.push({ code: o.code, name: o.name });
    Object.values(o).forEach((v) => named(v, out));
  }
  return out;
}

const csvRows = (text: string) =>
  text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));

describe("lang", () => {
  it("is documented on exactly the reads that carry country names", () => {
    expect(NAMED.map((p) => p.replace("cz", "{code}").replace("brightest", "{type}")).sort()).toEqual(
      [
        "/api/v1/countries",
        "/api/v1/countries/{code}",
        "/api/v1/rankings/{type}",
        "/api/v1/regions",
        "/api/v1/scores",
        "/api/v1/scores.csv",
        "/api/v1/scores/personal.csv",
        "/api/v1/sectors.csv", // model v2.3: a country column, named (docs/open-data.md)
      ].sort(),
    );
    for (const [path, item] of Object.entries(served.paths) as Array<[string, any]>) {
      const lang = (item.get.parameters ?? []).find((p: any) => p.name === "lang");
      const takes = V1_TABLE.find((r) => r.doc.path === path)!.names === true;
      expect(Boolean(lang), path).toBe(takes);
      if (!lang) continue;
      expect(lang).toMatchObject({ in: "query", required: false, schema: { type: "string", enum: [...LOCALES] } });
      expect(item.get.responses["400"].description, path).toMatch(/`invalid_lang`/);
    }
  });

  it("names the countries in German and Polish; every key and every other value is English's", async () => {
    for (const path of JSON_NAMED) {
      const en = await getJson(`${s.url}${path}`);
      for (const lang of ["de", "pl"]) {
        const { status, body, headers } = await getJson(`${s.url}${path}?lang=${lang}`);
        expect(status, `${path} ${lang}`).toBe(200);
        expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(
          validate(
            served.paths[path.replace("cz", "{code}").replace("brightest", "{type}")].get.responses["200"].content[
              "application/json"
            ].schema,
            body,
            served,
          ),
          path,
        ).toEqual([]);
        expect(withoutNames(body), `${path} ${lang}`).toEqual(withoutNames(en.body));
        const names = named(body).filter((x) => /^[A-Z]{2}$/.test(x.code));
        expect(names.length, path).toBeGreaterThan(0);
        const display = new Intl.DisplayNames([lang], { type: "region" });
        for (const x of names) expect(x.name, `${path} ${lang} ${x.code}`).toBe(display.of(x.code));
      }
    }
    const cz = (await getJson(`${s.url}/api/v1/countries/CZ?lang=de`)).body;
    expect(cz.name).toBe("Tschechien");
    expect(cz.slug).toBe("czechia");
    expect((await getJson(`${s.url}/api/v1/countries/de?lang=pl`)).body.name).toBe("Niemcy");
    // Regions keep their English names and members' order; only the countries' names change.
    const [en, de] = await Promise.all([
      getJson(`${s.url}/api/v1/regions`),
      getJson(`${s.url}/api/v1/regions?lang=de`),
    ]);
    expect(de.body.map((r: any) => r.name)).toEqual(en.body.map((r: any) => r.name));
    expect(de.body.map((r: any) => r.countries.map((c: any) => c.code))).toEqual(
      en.body.map((r: any) => r.countries.map((c: any) => c.code)),
    );
    const withBest = de.body.find((r: any) => r.best && r.worst);
    expect(withBest.best.name).toBe(new Intl.DisplayNames(["de"], { type: "region" }).of(withBest.best.code));
    expect(withBest.worst.name).toBe(new Intl.DisplayNames(["de"], { type: "region" }).of(withBest.worst.code));
  });

  it("English is the default: lang=en is the same answer, with the same ETag, as no lang", async () => {
    for (const path of NAMED) {
      const [a, b] = await Promise.all([fetch(`${s.url}${path}`), fetch(`${s.url}${path}?lang=en`)]);
      expect(await b.text(), path).toBe(await a.text());
      expect(b.headers.get("etag"), path).toBe(a.headers.get("etag"));
    }
    const list = (await getJson(`${s.url}/api/v1/countries?lang=en`)).body as Array<{ code: string; name: string }>;
    expect(list.map((c) => c.name)).toEqual(COUNTRIES.map((c) => c.name));
  });

  it("the CSV files keep their header and English values; only the name column follows lang", async () => {
    for (const path of NAMED.filter((p) => p.endsWith(".csv"))) {
      const [en, pl] = await Promise.all([fetch(`${s.url}${path}`), fetch(`${s.url}${path}?lang=pl`)]);
      expect(pl.status, path).toBe(200);
      expect(pl.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(pl.headers.get("content-disposition")).toBe(en.headers.get("content-disposition"));
      const [a, b] = [csvRows(await en.text()), csvRows(await pl.text())];
      expect(b[0], path).toEqual(a[0]);
      const nameCol = a[0]!.indexOf("name");
      const codeCol = a[0]!.indexOf("code");
      expect(b.length).toBe(a.length);
      for (let i = 1; i < a.length; i++) {
        const code = a[i]![codeCol]!;
        expect(b[i]![nameCol], `${path} ${code}`).toBe(new Intl.DisplayNames(["pl"], { type: "region" }).of(code));
        expect(
          b[i]!.filter((_, j) => j !== nameCol),
          path,
        ).toEqual(a[i]!.filter((_, j) => j !== nameCol));
      }
    }
  });

  it("answers 400 in the API's error shape for a language it does not have, or lang given twice", async () => {
    for (const base of [s.url, viaExpress]) {
      for (const path of NAMED) {
        for (const [query, message] of [
          ["lang=xx", `Unknown language "xx": lang must be one of ${LOCALES.join(", ")}.`],
          ["lang=DE", `Unknown language "DE": lang must be one of ${LOCALES.join(", ")}.`],
          ["lang=", `Unknown language "": lang must be one of ${LOCALES.join(", ")}.`],
          ["lang=de&lang=fr", `lang must be given once, as one of ${LOCALES.join(", ")}.`],
        ] as const) {
          const { status, body, headers } = await getJson(`${base}${path}?${query}`);
          expect(status, `${path}?${query}`).toBe(400);
          expect(body, `${path}?${query}`).toEqual({ error: { code: "invalid_lang", message } });
          expect(headers.get("cache-control")).toBe("no-store");
          const doc = served.paths[path.replace("cz", "{code}").replace("brightest", "{type}")].get.responses["400"];
          expect(validate(doc.content["application/json"].schema, body, served)).toEqual([]);
        }
      }
      // A path that names nothing is still a 404 first.
      expect((await getJson(`${base}/api/v1/countries/xx?lang=xx`)).status).toBe(404);
      // Reads without country names ignore it, as they ignore any other query parameter.
      expect((await getJson(`${base}/api/v1/sources?lang=xx`)).status).toBe(200);
      expect((await getJson(`${base}/api/v1/countries/de/history?lang=xx`)).status).toBe(200);
    }
  });

  it("gives each language its own ETag and answers 304 only to that language's", async () => {
    for (const path of NAMED) {
      const tags = new Map<string, string>();
      for (const lang of LOCALES) {
        const res = await fetch(`${s.url}${path}?lang=${lang}`, { headers: { "accept-encoding": "identity" } });
        tags.set(lang, res.headers.get("etag")!);
      }
      expect(new Set(tags.values()).size, path).toBe(LOCALES.length);
      expect(tags.get("de"), path).toMatch(/^"p\d+-\d{4}-\d{2}-de-[\w-]{16}"$/);
      for (const lang of ["de", "pl"]) {
        const again = await fetch(`${s.url}${path}?lang=${lang}`, { headers: { "if-none-match": tags.get(lang)! } });
        expect(again.status, `${path} ${lang}`).toBe(304);
        // The German ETag is not current for English, nor the English one for German: a full answer each.
        const english = await fetch(`${s.url}${path}`, { headers: { "if-none-match": tags.get(lang)! } });
        expect(english.status, path).toBe(200);
        const other = await fetch(`${s.url}${path}?lang=${lang}`, { headers: { "if-none-match": tags.get("en")! } });
        expect(other.status, path).toBe(200);
        expect(await other.text()).not.toBe(await english.text());
      }
    }
  });

  it("the fast path answers every language exactly as Express does, and never serves one language's body for another", async () => {
    const pick = (h: Headers) =>
      ["etag", "cache-control", "content-type", "content-length", "content-disposition"].map((k) => h.get(k));
    for (const path of NAMED) {
      for (const query of ["", "?lang=de", "?lang=fr&x=1", "?x=1&lang=it", "?lang=pl", "?lang=es", "?lang=d%65"]) {
        const [a, b] = await Promise.all([fetch(s.url + path + query), fetch(viaExpress + path + query)]);
        expect(a.status, path + query).toBe(200);
        expect(await a.text(), path + query).toBe(await b.text());
        expect(pick(a.headers), path + query).toEqual(pick(b.headers));
      }
      // Alternating languages on the same path: each answer in its own language.
      for (const lang of ["de", "en", "fr", "en", "pl"]) {
        const body = await (await fetch(`${s.url}${path}${lang === "en" ? "" : `?lang=${lang}`}`)).text();
        const expected = lang === "en" ? "Czechia" : new Intl.DisplayNames([lang], { type: "region" }).of("CZ")!;
        if (path.includes("/countries")) expect(body, `${path} ${lang}`).toContain(expected);
      }
    }
  });
});
