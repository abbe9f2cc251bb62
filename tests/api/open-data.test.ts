// The public API v1 against a real server and real data: every v1 route is called, and each real answer is
// checked (1) with the zod schema the route is documented with, (2) against the OpenAPI document as served,
// with an independent JSON Schema validator, after checking that the served document is the one generated
// from those zod schemas. CSV downloads are parsed with a strict RFC 4180 parser and compared with the JSON.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { createApp, requestListener } from "../../api/app.ts";
import { v1Routes } from "../../api/routes/v1.ts";
import { openApiDocument, V1_ROUTES } from "../../api/v1/openapi.ts";
import { COUNTRIES } from "../../lib/countries.ts";
import { formatScore } from "../../pipeline/model/round.ts";
import { validate, type JsonSchema } from "../helpers/json-schema.ts";
import { AS_OF, getJson, startTestServer, type TestServer } from "./helpers.ts";
import { listenLocal, origin } from "../helpers/listen.ts";

let s: TestServer;
let base: string;
let served: any;

beforeAll(async () => {
  s = await startTestServer();
  base = s.url;
  served = (await getJson(`${base}/api/openapi.json`)).body;
});
afterAll(async () => {
  await s?.stop();
});

/** RFC 4180, strictly: CRLF between records, quoted fields with doubled quotes, no bare quotes, no bare CR/LF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const field = (): string => {
    if (text[i] === '"') {
      let out = "";
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            out += '"';
            i += 2;
            continue;
          }
          i++;
          return out;
        }
        out += text[i++];
      }
    }
    const start = i;
    while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
      if (text[i] === '"') throw new Error(`bare quote at ${i}`);
      i++;
    }
    return text.slice(start, i);
  };
  while (i < text.length) {
    row.push(field());
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text[i] === "\r" && text[i + 1] === "\n") {
      rows.push(row);
      row = [];
      i += 2;
      continue;
    }
    throw new Error(`expected , or CRLF at ${i}, got ${JSON.stringify(text[i])}`);
  }
  if (row.length) throw new Error("the last record does not end with CRLF");
  return rows;
}

/** Records as objects keyed by the header row; every record must have as many fields as the header. */
function csvObjects(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  for (const r of rows) expect(r).toHaveLength(header!.length);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** An example URL for a documented path: its parameters filled in. */
const example = (path: string, code = "DE") => path.replace("{code}", code).replace("{type}", "brightest");

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, served with an ETag, and is exactly the document generated from the zod schemas", async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+.*stale-while-revalidate=\d+/);
    expect(res.headers.get("etag")).toMatch(/^"openapi-/);
    expect(served.openapi).toBe("3.1.0");
    // No public origin is configured here: the document names the origin it was asked at.
    expect(s.config.publicOrigin).toBeNull();
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument(base))));
    expect(served.servers).toEqual([{ url: base, description: "This service" }]);
    expect(served.info.license.identifier).toBe("CC-BY-4.0");
    expect(served.info.description).toContain("Source: Eurostat");
  });

  it("lists every v1 route the server mounts, and nothing else", () => {
    const mounted = v1Routes(s.app.services.read, () => new Date())
      .stack.map((layer: any) => `/api/v1${layer.route.path as string}`.replace(/:(\w+)/g, "{$1}"))
      .sort();
    expect(Object.keys(served.paths).sort()).toEqual(mounted);
    expect(mounted).toEqual(
      [
        "/api/v1/countries",
        "/api/v1/countries/{code}",
        "/api/v1/countries/{code}/history",
        "/api/v1/countries/{code}/history.csv",
        "/api/v1/health",
        "/api/v1/rankings/{type}",
        "/api/v1/regions",
        "/api/v1/scores",
        "/api/v1/scores.csv",
        "/api/v1/scores/personal.csv",
        "/api/v1/sectors.csv",
        "/api/v1/sources",
      ].sort(),
    );
  });
});

describe("every v1 route answers what the document says", () => {
  /** The zod schema a route's 200 answer is documented with (null for CSV answers). */
  const zodSchemaOf = (route: (typeof V1_ROUTES)[number]) =>
    (
      (route.responses[200] as ResponseConfig | undefined)?.content?.["application/json"] as
        { schema: z.ZodType } | undefined
    )?.schema ?? null;
  const jsonRoutes = V1_ROUTES.filter((r) => zodSchemaOf(r) !== null);

  it.each(jsonRoutes.map((r) => [r.path, r] as const))("%s", async (path, route) => {
    const schema = zodSchemaOf(route)!;
    const docSchema = served.paths[path].get.responses["200"].content["application/json"].schema as JsonSchema;
    // Every country for the per-country routes (withheld, unpublished and full snapshots alike).
    const urls = path.includes("{code}") ? COUNTRIES.map((c) => example(path, c.code)) : [example(path)];
    if (path.includes("{type}")) urls.push(path.replace("{type}", "stormiest"));
    for (const url of urls) {
      const { status, body, headers } = await getJson(base + url);
      expect(status, url).toBe(200);
      expect(headers.get("content-type"), url).toBe("application/json; charset=utf-8");
      const parsed = schema.safeParse(body);
      expect(parsed.success ? [] : parsed.error.issues.slice(0, 3), url).toEqual([]);
      expect(validate(docSchema, body, served).slice(0, 5), url).toEqual([]);
    }
  });

  it("the document's schemas are strict: a changed answer fails them", async () => {
    const body = (await getJson(`${base}/api/v1/countries/de`)).body;
    const docSchema = served.paths["/api/v1/countries/{code}"].get.responses["200"].content["application/json"].schema;
    expect(validate(docSchema, body, served)).toEqual([]);
    expect(validate(docSchema, { ...body, extra: 1 }, served)).not.toEqual([]);
    expect(validate(docSchema, { ...body, status: "foggy" }, served)).not.toEqual([]);
    expect(validate(docSchema, { ...body, score: 11 }, served)).not.toEqual([]);
    expect(
      validate(
        docSchema,
        { ...body, sub_scores: { ...body.sub_scores, U: { ...body.sub_scores.U, age: 1.5 } } },
        served,
      ),
    ).not.toEqual([]);
    const { unemployment: _u, ...missing } = body;
    expect(validate(docSchema, missing, served)).not.toEqual([]);
    const list = (await getJson(`${base}/api/v1/countries`)).body;
    const listSchema = served.paths["/api/v1/countries"].get.responses["200"].content["application/json"].schema;
    expect(validate(listSchema, list, served)).toEqual([]);
    expect(validate(listSchema, [{ ...list[0], anchor_month: "2026-13" }], served)).not.toEqual([]);
    expect(() => validate({ type: "string", unknownKeyword: 1 }, "x", served)).toThrow(/not supported/);
  });

  it("answers the same bodies as the unversioned routes, through the same reader", async () => {
    for (const p of ["/countries", "/countries/de", "/countries/li/history", "/rankings/stormiest"]) {
      const [v0, v1] = await Promise.all([fetch(`${base}/api${p}`), fetch(`${base}/api/v1${p}`)]);
      expect(await v1.text(), p).toBe(await v0.text());
      expect(v1.headers.get("etag"), p).toBe(v0.headers.get("etag"));
    }
    const regions = (await getJson(`${base}/api/v1/regions`)).body;
    const countries = (await getJson(`${base}/api/v1/countries`)).body;
    const scored = countries.filter((c: any) => c.score !== null);
    expect(regions.reduce((n: number, r: any) => n + r.scored, 0)).toBe(scored.length);
    expect(regions.reduce((n: number, r: any) => n + r.total, 0)).toBe(31);
    const sources = (await getJson(`${base}/api/v1/sources`)).body;
    expect(sources.map((x: any) => x.source_table)).toContain("une_rt_m");
    const health = (await getJson(`${base}/api/v1/health`)).body;
    expect(health).toEqual((await getJson(`${base}/api/health`)).body);
  });

  it("documents the errors every route can answer, and answers them in the documented shape", async () => {
    for (const route of V1_ROUTES) {
      const op = served.paths[route.path].get;
      expect(op.security, route.path).toEqual([]);
      expect(
        Object.keys(op.responses)
          .filter((k) => k >= "400")
          .sort(),
        route.path,
      ).toEqual([...(route.path.includes("{") ? ["404"] : []), "400", "408", "414", "431", "500", "503"].sort());
      const url = base + example(route.path);
      const answers: Array<[string, Awaited<ReturnType<typeof getJson>>]> = [
        ["414", await getJson(`${url}?q=${"a".repeat(9_000)}`)],
        ["431", await getJson(url, { headers: { "x-big": "b".repeat(20_000) } })],
      ];
      if (route.path.includes("{"))
        answers.push(["400", await getJson(base + route.path.replace(/\{\w+\}/, "%E0%A4%A"))]);
      for (const [status, { status: got, body }] of answers) {
        expect(got, `${route.path} ${status}`).toBe(Number(status));
        // The general errors are shared components (components/responses), referenced by every operation.
        const ref = op.responses[status].$ref as string | undefined;
        const answer = ref
          ? served.components.responses[ref.replace("#/components/responses/", "")]
          : op.responses[status];
        expect(validate(answer.content["application/json"].schema, body, served), `${route.path} ${status}`).toEqual(
          [],
        );
      }
    }
  });

  it("404s in the contract's error shape for what names nothing", async () => {
    const errorSchema = served.components.schemas.Error;
    for (const p of [
      "/countries/xx",
      "/countries/xx/history",
      "/countries/xx/history.csv",
      "/countries/deu",
      "/countries/1e",
      "/rankings/other",
      "/nothing",
      "/scores.json",
    ]) {
      const { status, body, headers } = await getJson(`${base}/api/v1${p}`);
      expect(status, p).toBe(404);
      expect(body.error.code, p).toBe("not_found");
      expect(validate(errorSchema, body, served), p).toEqual([]);
      expect(headers.get("cache-control"), p).toBe("no-store");
    }
    expect((await getJson(`${base}/api/v1/countries/xx`)).body.error.message).toBe(
      'Unknown country code "xx": not one of the 31 covered countries.',
    );
  });
});

describe("CSV downloads", () => {
  it("today's scores: RFC 4180 without BOM, a header row, one line per country equal to the JSON", async () => {
    const res = await fetch(`${base}/api/v1/scores.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="job-weather-index-scores-${AS_OF}.csv"`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes[0]).not.toBe(0xef); // no byte order mark
    const text = bytes.toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // no bare line ends
    const rows = csvObjects(text);
    const json = (await getJson(`${base}/api/v1/countries`)).body;
    const pub = (await getJson(`${base}/api/v1/countries/de`)).body.publication;
    expect(Object.keys(rows[0]!)).toEqual([
      "code",
      "name",
      "region",
      "score",
      "score_unrounded",
      "status",
      "label",
      "confidence",
      "basis",
      "fresh",
      "withheld_reason",
      "anchor_month",
      "yoy_delta",
      "yoy_shown",
      "yoy_label",
      "yoy_market",
      "yoy_evidence",
      "month_delta",
      "month_shown",
      "month_market",
      "month_evidence",
      "signal",
      "signal_market",
      "signal_evidence",
      "youth_unemployment_rate",
      "youth_unemployment_month",
      "youth_unemployment_eu_rate",
      "as_of",
      "model",
      "published_at",
      // Where each input came from (docs/data-sources.md §8): appended, the columns before keep their places.
      "unemployment_table",
      "unemployment_period",
      "unemployment_flag",
      "unemployment_year_before_table",
      "unemployment_year_before_period",
      "unemployment_year_before_flag",
      "vacancy_table",
      "vacancy_period",
      "vacancy_flag",
      "lmb_table",
      "lmb_period",
      "lmb_flag",
      "eei_table",
      "eei_period",
      "eei_flag",
      "gdp_table",
      "gdp_period",
      "gdp_flag",
      "inflation_table",
      "inflation_period",
      "inflation_flag",
      "youth_unemployment_table",
      "youth_unemployment_period",
      "youth_unemployment_flag",
    ]);
    const panels = new Map<string, any>();
    const bodies = new Map<string, any>();
    const months = new Map<string, any>();
    for (const c of json) {
      const body = (await getJson(`${base}/api/v1/countries/${c.code.toLowerCase()}`)).body;
      bodies.set(c.code, body);
      panels.set(c.code, body.market_panel);
      months.set(c.code, {
        change: body.change?.previous_month ?? null,
        text: body.change_text?.previous_month ?? null,
      });
    }
    expect(rows.map((r) => r.code)).toEqual(json.map((c: any) => c.code));
    for (const [i, c] of json.entries()) {
      const r = rows[i]!;
      expect(r, c.code).toEqual({
        code: c.code,
        name: c.name,
        region: c.region,
        score: c.score === null ? "" : formatScore(c.score),
        score_unrounded: cell(c.score),
        status: cell(c.status),
        label: cell(c.label),
        confidence: cell(c.confidence),
        basis: cell(c.basis),
        fresh: String(c.fresh),
        withheld_reason: cell(c.withheld_reason),
        anchor_month: cell(c.anchor_month),
        yoy_delta: cell(c.yoy.delta),
        yoy_shown: cell(c.yoy.shown),
        yoy_label: cell(c.yoy.label),
        yoy_market: cell(c.yoy.market),
        yoy_evidence: cell(c.yoy.evidence),
        month_delta: cell(months.get(c.code).change?.delta ?? null),
        month_shown: cell(months.get(c.code).text?.delta ?? null),
        month_market: cell(months.get(c.code).change?.market ?? null),
        month_evidence: cell(months.get(c.code).change?.evidence ?? null),
        signal: cell(panels.get(c.code)?.general_signal ?? null),
        signal_market: cell(panels.get(c.code)?.general_signal_market ?? null),
        signal_evidence: cell(panels.get(c.code)?.general_signal_evidence ?? null),
        youth_unemployment_rate: cell(panels.get(c.code)?.youth_unemployment_rate ?? null),
        youth_unemployment_month: cell(panels.get(c.code)?.youth_unemployment_period ?? null),
        youth_unemployment_eu_rate: cell(panels.get(c.code)?.youth_unemployment_eu_rate ?? null),
        as_of: pub.as_of,
        model: pub.model,
        published_at: pub.published_at,
        // The same table, period and flag as the country's document gives in each input's `source`.
        ...Object.fromEntries(
          [
            "unemployment",
            "unemployment_year_before",
            "vacancy",
            "lmb",
            "eei",
            "gdp",
            "inflation",
            "youth_unemployment",
          ].flatMap((input) => {
            const source = bodies.get(c.code)[input]?.source ?? null;
            return [
              [`${input}_table`, cell(source?.table ?? null)],
              [`${input}_period`, cell(source?.period ?? null)],
              [`${input}_flag`, cell(source?.flag ?? null)],
            ];
          }),
        ),
      });
      if (r.score_unrounded !== "") expect(Number(r.score_unrounded)).toBe(c.score); // the number survives the round trip exactly
    }
    // Liechtenstein has no score in the bundled data: its score cells are empty, not 0.
    const li = rows.find((r) => r.code === "LI")!;
    expect([li.score, li.status, li.fresh, li.withheld_reason]).toEqual(["", "", "false", "no-data"]);
    // Youth unemployment, context only (model v2.2 §10): Spain's under-25s in January 2026, no EU figure bundled.
    const es = rows.find((r) => r.code === "ES")!;
    expect([es.youth_unemployment_rate, es.youth_unemployment_month, es.youth_unemployment_eu_rate]).toEqual([
      "23.5",
      "2026-01",
      "",
    ]);
  });

  it("each country's history equals its JSON history, month by month", async () => {
    for (const code of ["DE", "GR", "LI"]) {
      const res = await fetch(`${base}/api/v1/countries/${code.toLowerCase()}/history.csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="job-weather-index-${code.toLowerCase()}-history-${AS_OF}.csv"`,
      );
      const text = await res.text();
      expect(text.startsWith("code,month,score,score_unrounded,status,basis,market,evidence\r\n")).toBe(true);
      const rows = csvObjects(text);
      const json = (await getJson(`${base}/api/v1/countries/${code}/history`)).body;
      // The parts are plain decimals in the CSV (never 1e-17): equal to the JSON's to the last written digit.
      const near = (csv: string, x: number | null) =>
        x === null ? csv === "" : csv !== "" && Math.abs(Number(csv) - x) <= 1e-15;
      rows.forEach((r, i) => {
        expect(near(r.market!, json[i].market), `${code} ${r.month} market`).toBe(true);
        expect(near(r.evidence!, json[i].evidence), `${code} ${r.month} evidence`).toBe(true);
      });
      expect(rows.map(({ market: _m, evidence: _e, ...r }) => r)).toEqual(
        json.map((p: any) => ({
          code,
          month: p.month,
          score: p.score === null ? "" : formatScore(p.score),
          score_unrounded: cell(p.score),
          status: cell(p.status),
          basis: cell(p.basis),
        })),
      );
      if (code !== "LI") expect(rows.length).toBeGreaterThan(100);
    }
  });

  it("every country's history gives each month its basis, and market + evidence equal its change from the month before", async () => {
    let months = 0;
    for (const c of COUNTRIES) {
      const json = (await getJson(`${base}/api/v1/countries/${c.code}/history`)).body as Array<{
        month: string;
        score: number | null;
        basis: string | null;
        market: number | null;
        evidence: number | null;
        events?: Array<{ input: string; change: string; period: string }>;
      }>;
      json.forEach((p, i) => {
        expect(p.basis === null, `${c.code} ${p.month}`).toBe(p.score === null);
        const before = json[i - 1];
        if (i === 0 || p.score === null || before!.score === null) {
          expect([p.market, p.evidence], `${c.code} ${p.month}`).toEqual([null, null]);
          return;
        }
        months++;
        expect(Math.abs(p.market! + p.evidence! - (p.score - before!.score)), `${c.code} ${p.month}`).toBeLessThan(
          1e-9,
        );
      });
    }
    expect(months).toBeGreaterThan(3000);
    // Model v2.4: a month scored from sentiment alone is pulled at least halfway to neutral, never sunny or stormy.
    const month = async (code: string, m: string) =>
      ((await getJson(`${base}/api/v1/countries/${code}/history`)).body as any[]).find((p) => p.month === m);
    const de1990 = await month("DE", "1990-06");
    expect([formatScore(de1990.score), de1990.status, de1990.basis]).toEqual(["8.9", "bright", "sentiment-only"]);
    const it1986 = await month("IT", "1986-06");
    expect([formatScore(it1986.score), it1986.status, it1986.basis]).toEqual(["2.1", "rainy", "sentiment-only"]);
    // Germany's employment expectations stop counting for 1991–1997 (a gap in DG ECFIN's series) and start again.
    const de = (await getJson(`${base}/api/v1/countries/DE/history`)).body as Array<{
      month: string;
      events?: unknown;
    }>;
    expect(de.find((p) => p.month === "1992-01")!.events).toEqual([
      { input: "expectations", change: "stops", period: "1990-12" },
    ]);
    expect(de.find((p) => p.month === "1997-07")!.events).toEqual([
      { input: "expectations", change: "starts", period: "1997-07" },
    ]);
  });

  it("sectors (model v2.3): one line per country, sector and quarter of its trend, equal to the country documents; none for LI", async () => {
    const res = await fetch(`${base}/api/v1/sectors.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="job-weather-index-sectors-${AS_OF}.csv"`,
    );
    const [head, ...rows] = parseCsv(await res.text());
    expect(head).toEqual([
      "code",
      "name",
      "nace_revision",
      "sector",
      "quarter",
      "vacancy_rate",
      "flag",
      "all_sectors_rate",
      "eu_rate",
      "seasonal_adjustment",
      "table",
      "as_of",
      "current",
      "part_of",
    ]);
    const de = (await getJson(`${base}/api/v1/countries/de`)).body;
    const deRows = rows.filter((r) => r[0] === "DE");
    // Every quarter of each sector's trend, oldest first; `current` on the figure the document gives.
    expect(deRows.map((r) => [r[3], r[4], Number(r[5])])).toEqual(
      de.sectors.flatMap((x: any) => x.history.map((h: any) => [x.code, h.period, h.value])),
    );
    expect(deRows.filter((r) => r[12] === "true").map((r) => [r[3], r[4], Number(r[5])])).toEqual(
      de.sectors.map((x: any) => [x.code, x.period, x.value]),
    );
    expect(de.sectors.length).toBeGreaterThan(0);
    expect(de.sectors.every((x: any) => x.period >= "2025-Q3" && x.history.length === 10)).toBe(true);
    expect(rows.some((r) => r[0] === "LI")).toBe(false);
    expect((await getJson(`${base}/api/v1/countries/li`)).body.sectors).toEqual([]);
    const german = parseCsv(await (await fetch(`${base}/api/v1/sectors.csv?lang=de`)).text());
    expect(german.find((r) => r[0] === "DE")![1]).toBe("Deutschland");
  });

  it("carries the publication's ETag and answers 304 to it", async () => {
    const [csv, json] = await Promise.all([fetch(`${base}/api/v1/scores.csv`), fetch(`${base}/api/v1/countries`)]);
    const etag = csv.headers.get("etag")!;
    // The hash is base64url (it may hold "-"); a compressed answer's ETag ends with its encoding (fetch asks for gzip).
    const prefix = (t: string) => /^"(p\d+-\d{4}-\d{2})-[\w-]{16}(?:-br|-gzip)?"$/.exec(t)?.[1];
    expect(prefix(etag)).toMatch(/^p\d+-\d{4}-\d{2}$/);
    expect(prefix(etag)).toBe(prefix(json.headers.get("etag")!)); // "p{publication}-{month}"
    const again = await fetch(`${base}/api/v1/scores.csv`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});

describe("the fast path", () => {
  it("answers exactly what the Express routes answer, for every v1 read and the document", async () => {
    const app = createApp({ db: s.db, pipeline: s.pipeline, logger: s.logger, config: s.config });
    const server = await listenLocal(app); // Express only: no fast path
    try {
      const viaExpress = origin(server);
      // (The document names the origin it is asked at here, which differs between the two servers: see below.)
      const paths = [
        "/api/v1/countries",
        "/api/v1/countries/de",
        "/api/v1/countries/De?x=1",
        "/api/v1/countries/li",
        "/api/v1/countries/fr/history",
        "/api/v1/countries/fr/history.csv",
        "/api/v1/countries/%64e/history.csv",
        "/api/v1/countries/xx/history.csv",
        "/api/v1/countries/de/experiences",
        "/api/v1/rankings/brightest",
        "/api/v1/rankings/other",
        "/api/v1/regions",
        "/api/v1/sources",
        "/api/v1/scores.csv",
        "/api/v1/sectors.csv",
        "/api/v1/sectors.csv?lang=fr",
        "/api/v1/countries/de/",
      ];
      const pick = (h: Headers) =>
        [
          "etag",
          "cache-control",
          "content-type",
          "content-length",
          "content-disposition",
          "content-security-policy",
          "x-content-type-options",
        ].map((k) => h.get(k));
      for (const p of paths) {
        const [a, b] = await Promise.all([fetch(base + p), fetch(viaExpress + p)]);
        expect(a.status, p).toBe(b.status);
        expect(await a.text(), p).toBe(await b.text());
        expect(pick(a.headers), p).toEqual(pick(b.headers));
        const etag = a.headers.get("etag");
        if (etag) {
          const [c, d] = await Promise.all([
            fetch(base + p, { headers: { "if-none-match": etag } }),
            fetch(viaExpress + p, { headers: { "if-none-match": etag } }),
          ]);
          expect([c.status, d.status], p).toEqual([304, 304]);
        }
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("answers the document for a configured public origin exactly as Express does", async () => {
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: { ...s.config, publicOrigin: "https://jobweather.example" },
    });
    const fast = http.createServer(requestListener(app)).listen(0, "127.0.0.1");
    const plain = app.listen(0, "127.0.0.1"); // Express only: no fast path
    await Promise.all([new Promise((r) => fast.once("listening", r)), new Promise((r) => plain.once("listening", r))]);
    try {
      const at = (server: http.Server) => `${origin(server)}/api/openapi.json`;
      const [a, b] = await Promise.all([fetch(at(fast)), fetch(at(plain))]);
      expect(a.status).toBe(200);
      const body = await a.text();
      expect(body).toBe(await b.text());
      expect(JSON.parse(body).servers).toEqual([{ url: "https://jobweather.example", description: "This service" }]);
      for (const k of ["etag", "cache-control", "content-type", "content-length"])
        expect(a.headers.get(k), k).toBe(b.headers.get(k));
    } finally {
      await Promise.all([new Promise((r) => fast.close(r)), new Promise((r) => plain.close(r))]);
    }
  });
});
