// A local stand-in for Eurostat's dissemination API and the barometer's publisher (node:http on 127.0.0.1, a
// random port). It serves the real fixtures at the real paths (`/une_rt_m`, …): for une_rt_m and jvs_q_r21 the two
// real API answers of the third batch, byte for byte whenever the query cuts nothing from them (the bytes `jwi update`
// really receives), and teibs030 from DG ECFIN's real EEI values (fixtures/derived/). It answers query strings the way the real API does: filters cut
// the cube (codes without data are dropped silently), a filter matching nothing gives HTTP 200 with an empty
// `value` (or, with `emptyAnswer = "no-results"`, HTTP 400 with error 100 "No results found"), an unknown
// dimension gives HTTP 400 with error 150, an unknown table HTTP 404 with error 100 (ERR_NOT_FOUND_4); errors
// in the JSON shape `{"error":[{status, id, label}]}` (see pipeline/fetch/eurostat.ts). It sends ETag /
// Last-Modified (from the dataset's `updated`) and answers 304 to a matching conditional request. Faults
// (5xx, Retry-After, a hang, a cut-off body, an HTML page, Eurostat's error answers, …) are queued per path.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { BUNDLED_FIXTURES_DIR, readManifest } from "../../pipeline/seed.ts";

export const BAROMETER_FILE = path.resolve(BUNDLED_FIXTURES_DIR, "../synthetic/barometer/lmb-months-down.xlsx");
/** jvs_q_r21 as JSON-stat, built from the real CSV sample (NL, PL, RO; nace_r2_1=A-T only): fixtures/README.md. */
export const DERIVED_R21_FILE = path.resolve(BUNDLED_FIXTURES_DIR, "../derived/jvs_q_r21_NL_PL_RO.json");
/** teibs030 as JSON-stat, built from DG ECFIN's real EEI values (2024-09 … 2025-08): fixtures/README.md. */
export const DERIVED_TEIBS030_FILE = path.resolve(BUNDLED_FIXTURES_DIR, "../derived/teibs030_EEI_2024-09_2025-08.json");
/** ei_lmjv_q_r2 as JSON-stat, built from the real data browser workbook's values (model v2.3): fixtures/README.md. */
export const DERIVED_EI_LMJV_FILE = path.resolve(BUNDLED_FIXTURES_DIR, "../derived/ei_lmjv_q_r2_2023Q2_2025Q3.json");
const BAROMETER_PATH = "/barometer/lmb-months-down.xlsx";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type Fault =
  /** An HTTP error status, with an optional Retry-After and body. */
  | { kind: "status"; status: number; retryAfter?: string; body?: string; contentType?: string }
  /** Never answers (until the server closes). */
  | { kind: "hang" }
  /** Announces the whole length, sends half of the body, then cuts the connection. */
  | { kind: "truncate" }
  /** HTTP 200 with a proxy's HTML error page. */
  | { kind: "html" }
  /** HTTP 200, any body. */
  | { kind: "body"; body: string | Buffer; contentType?: string }
  /** Eurostat's JSON error answer `{"error": [{status, id, label}]}` (or, with form "object", `{"error": {…}}`). */
  | { kind: "eurostat-error"; status: number; id: number; label: string; form?: "array" | "object" }
  /** Answers normally, but only after `ms`. */
  | { kind: "delay"; ms: number };

interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

type Dataset = Record<string, any>;

export interface StandIn {
  /** Base URL of the data API (the tables sit right under it). */
  url: string;
  barometerUrl: string;
  requests: RecordedRequest[];
  /** Requests of one table (or of the barometer: "lmb"). */
  requestsOf(table: string): RecordedRequest[];
  /** Queues faults for a table ("lmb" for the barometer): one per request, in order; then normal answers. */
  fault(table: string, ...faults: Fault[]): void;
  /** Replaces (or, with null, removes) the dataset served for a table. */
  setTable(table: string, dataset: Dataset | null): void;
  /** Sends ETag / Last-Modified and honours conditional requests (default true). */
  validators: boolean;
  /**
   * How a query whose filters match nothing is answered: HTTP 200 with an empty `value` (default, as reported
   * for indic_em=JOBRATE) or HTTP 400 with error 100 "No results found" (as Eurostat's API guide says).
   */
  emptyAnswer: "empty-value" | "no-results";
  close(): Promise<void>;
}

/** The file each parsed dataset was read from, byte for byte: served as it is when a query cuts nothing. */
const RAW = new WeakMap<Dataset, { bytes: Buffer; parsed: string }>();

function readDataset(file: string): Dataset {
  const bytes = readFileSync(file);
  const ds = JSON.parse(bytes.toString("utf8")) as Dataset;
  RAW.set(ds, { bytes, parsed: JSON.stringify(ds) });
  return ds;
}

/** The file's bytes while the dataset is as read (a test may change it: then it is served re-serialised). */
function rawBytes(ds: Dataset): Buffer | null {
  const raw = RAW.get(ds);
  return raw && JSON.stringify(ds) === raw.parsed ? raw.bytes : null;
}

/**
 * The bundled real JSON-stat fixtures (the manifest's .json files) by table code (from their `extension.id`): per
 * table the newest release, the manifest's last file of the table (une_rt_m and jvs_q_r21: the real API answers).
 */
function realDatasetFiles(): Map<string, { file: string; type: string }> {
  const map = new Map<string, { file: string; type: string }>();
  for (const entry of readManifest()) {
    if (!entry.file.toLowerCase().endsWith(".json")) continue;
    map.set(entry.table, { file: path.join(BUNDLED_FIXTURES_DIR, entry.file), type: entry.type });
  }
  return map;
}

/** The datasets of realDatasetFiles(), parsed (each remembers its bytes). */
export function realDatasets(): Map<string, Dataset> {
  return new Map([...realDatasetFiles()].map(([table, { file }]) => [table, readDataset(file)]));
}

/** jvs_q_r21 built from the real CSV sample's values (A-T only, no B-T), never bundled with the product. */
export function derivedR21(): Dataset {
  return JSON.parse(readFileSync(DERIVED_R21_FILE, "utf8")) as Dataset;
}

/** teibs030 built from DG ECFIN's real EEI values (no real teibs030 answer exists here), never bundled with the product. */
function derivedTeibs030(): Dataset {
  return JSON.parse(readFileSync(DERIVED_TEIBS030_FILE, "utf8")) as Dataset;
}

/** ei_lmjv_q_r2 built from the real data browser workbook's values (every sector, SA and NSA), never bundled. */
function derivedEiLmjv(): Dataset {
  return JSON.parse(readFileSync(DERIVED_EI_LMJV_FILE, "utf8")) as Dataset;
}

/**
 * What the stand-in serves by default: the real fixtures (une_rt_m and jvs_q_r21: real API answers), the derived
 * teibs030, and ei_lmjv_q_r2 with the workbook's values.
 */
export function standInDatasets(): Map<string, Dataset> {
  return realDatasets().set("teibs030", derivedTeibs030()).set("ei_lmjv_q_r2", derivedEiLmjv());
}

/** The files of `standInDatasets()`, to ingest the same content by hand: [file, data type]. */
export function standInFiles(): Array<[string, string]> {
  return [
    ...[...realDatasetFiles().values()].map((e): [string, string] => [e.file, e.type]),
    [DERIVED_TEIBS030_FILE, "expectations"],
    [DERIVED_EI_LMJV_FILE, "vacancy"],
  ];
}

const IGNORED = new Set(["format", "lang", "sincetimeperiod", "untiltimeperiod", "lasttimeperiod"]);

/** Eurostat's error id for an HTTP status: 100 no results / not found, 413 too big, 500 server, 140 syntax. */
const errorId = (status: number) => (status === 404 ? 100 : status === 413 ? 413 : status >= 500 ? 500 : 140);

/** Eurostat's JSON error answer. */
function errorBody(status: number, label: string, id = errorId(status), form: "array" | "object" = "array"): string {
  const entry = { status, id, label };
  return JSON.stringify({ error: form === "array" ? [entry] : entry });
}

/** Faults with Eurostat's own answers. */
export const EUROSTAT_FAULTS = {
  /** An empty result: HTTP 400 (or 404), error 100. */
  noResults: (status: 400 | 404 = 400, form: "array" | "object" = "array"): Fault => ({
    kind: "eurostat-error",
    status,
    id: 100,
    label: "No results found",
    form,
  }),
  /** A table not (or no longer) disseminated: HTTP 404, error 100. */
  notFound: (table: string): Fault => ({
    kind: "eurostat-error",
    status: 404,
    id: 100,
    label: `ERR_NOT_FOUND_4: ${table.toUpperCase()} (DATA_SET:ESTAT,1.0) is not available for dissemination.`,
  }),
  /** An extraction over Eurostat's limit: HTTP 413, error 413. */
  tooBig: (): Fault => ({
    kind: "eurostat-error",
    status: 413,
    id: 413,
    label:
      "EXTRACTION_TOO_BIG: The requested extraction is too big, estimated 10110240000 rows, max authorised is 5000000, please change your filters to reduce the extraction size",
  }),
  /** A request Eurostat will answer later: HTTP 200 with a warning instead of data. */
  asynchronous: (): Fault => ({
    kind: "body",
    body: JSON.stringify({
      warning: {
        status: 413,
        label: "ASYNCHRONOUS_RESPONSE. Your request will be treated asynchronously. Please try again later.",
      },
    }),
  }),
};

/**
 * The cube cut to the requested categories, or the API's error for an unknown dimension. A real answer that the
 * query cuts nothing from is sent as the very bytes Eurostat sent (what `jwi update` receives in production).
 */
export function answerQuery(ds: Dataset, query: URLSearchParams): { status: number; body: string } {
  const wanted = new Map<string, string[]>();
  for (const [key, value] of query) {
    if (IGNORED.has(key.toLowerCase())) continue;
    if (!(ds.id as string[]).includes(key)) {
      return {
        status: 400,
        body: errorBody(
          400,
          `INVALID_QUERY_DIMENSION: Query is invalid as per its structure's definition. Dimension "${key.toUpperCase()}" is not defined`,
          150,
        ),
      };
    }
    wanted.set(key, [...(wanted.get(key) ?? []), value]);
  }
  const ids = ds.id as string[];
  const sizes = ds.size as number[];
  // old position → new position per dimension (-1: cut)
  const maps: number[][] = [];
  const out: Dataset = structuredClone(ds);
  let empty = false;
  ids.forEach((id, d) => {
    const index = ds.dimension[id].category.index as Record<string, number>;
    const codes = Object.keys(index).sort((a, b) => index[a]! - index[b]!);
    const keep = wanted.has(id) ? codes.filter((c) => wanted.get(id)!.includes(c)) : codes;
    if (keep.length === 0) empty = true;
    const map = new Array<number>(sizes[d]!).fill(-1);
    keep.forEach((c, i) => (map[index[c]!] = i));
    maps.push(map);
    out.size[d] = keep.length;
    out.dimension[id].category.index = Object.fromEntries(keep.map((c, i) => [c, i]));
    const labels = ds.dimension[id].category.label as Record<string, string> | undefined;
    if (labels) out.dimension[id].category.label = Object.fromEntries(keep.map((c) => [c, labels[c]]));
  });
  const strides = sizes.map((_, d) => sizes.slice(d + 1).reduce((a, b) => a * b, 1));
  const newSizes = out.size as number[];
  const newStrides = newSizes.map((_, d) => newSizes.slice(d + 1).reduce((a, b) => a * b, 1));
  const remap = (cells: Record<string, unknown> | undefined): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    if (!cells || empty) return result;
    for (const [key, v] of Object.entries(cells)) {
      let flat = Number(key);
      let next = 0;
      let kept = true;
      for (let d = 0; d < ids.length; d++) {
        const pos = Math.floor(flat / strides[d]!);
        flat -= pos * strides[d]!;
        const np = maps[d]![pos]!;
        if (np < 0) {
          kept = false;
          break;
        }
        next += np * newStrides[d]!;
      }
      if (kept) result[String(next)] = v;
    }
    return result;
  };
  const raw = rawBytes(ds);
  // The file's text as it is (valid UTF-8, so sending it re-encodes to the very same bytes).
  if (raw && !empty && maps.every((map) => map.every((np, old) => np === old)))
    return { status: 200, body: raw.toString("utf8") };
  out.value = remap(ds.value);
  if (ds.status) out.status = remap(ds.status);
  if (out.extension) delete out.extension["positions-with-no-data"];
  return { status: 200, body: JSON.stringify(out) };
}

export async function startStandIn(
  opts: { datasets?: Map<string, Dataset>; barometer?: Buffer | null } = {},
): Promise<StandIn> {
  const datasets = opts.datasets ?? standInDatasets();
  const barometer = opts.barometer === undefined ? readFileSync(BAROMETER_FILE) : opts.barometer;
  const faults = new Map<string, Fault[]>();
  const requests: RecordedRequest[] = [];

  const send = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    contentType: string,
    lastModified: string | null,
  ) => {
    if (state.validators) {
      const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 20)}"`;
      res.setHeader("ETag", etag);
      if (lastModified) res.setHeader("Last-Modified", lastModified);
      const inm = req.headers["if-none-match"];
      const ims = req.headers["if-modified-since"];
      const notModified =
        inm !== undefined
          ? inm.split(/\s*,\s*/).includes(etag)
          : ims !== undefined && lastModified !== null && Date.parse(ims) >= Date.parse(lastModified);
      if (notModified) {
        res.writeHead(304).end();
        return;
      }
    }
    res.writeHead(200, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const table = url.pathname === BAROMETER_PATH ? "lmb" : url.pathname.replace(/^\/+/, "");
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const fault = faults.get(table)?.shift();
    if (fault?.kind === "delay") {
      const timer = setTimeout(() => answer(req, res, url, table), fault.ms);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (fault) {
      switch (fault.kind) {
        case "status":
          if (fault.retryAfter !== undefined) res.setHeader("retry-after", fault.retryAfter);
          res.writeHead(fault.status, { "content-type": fault.contentType ?? "application/json" });
          res.end(fault.body ?? errorBody(fault.status, `stand-in fault ${fault.status}`));
          return;
        case "hang":
          return; // the client's timeout ends it
        case "truncate": {
          const ds = datasets.get(table);
          const body = Buffer.from(ds ? answerQuery(ds, url.searchParams).body : "x".repeat(10_000));
          res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
          res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
          return;
        }
        case "html":
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(
            "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The proxy server received an invalid response.</p></body></html>",
          );
          return;
        case "body":
          res.writeHead(200, { "content-type": fault.contentType ?? "application/json" });
          res.end(fault.body);
          return;
        case "eurostat-error":
          res.writeHead(fault.status, { "content-type": "application/json" });
          res.end(errorBody(fault.status, fault.label, fault.id, fault.form));
          return;
      }
    }
    answer(req, res, url, table);
  });

  const answer = (req: http.IncomingMessage, res: http.ServerResponse, url: URL, table: string) => {
    if (res.destroyed) return;
    if (table === "lmb") {
      if (!barometer) return void res.writeHead(404).end();
      send(req, res, barometer, XLSX, "Mon, 02 Nov 2026 08:00:00 GMT");
      return;
    }
    const ds = datasets.get(table);
    if (!ds) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        errorBody(
          404,
          `ERR_NOT_FOUND_4: ${table.toUpperCase()} (DATA_SET:ESTAT,1.0) is not available for dissemination.`,
          100,
        ),
      );
      return;
    }
    let result = answerQuery(ds, url.searchParams);
    if (
      result.status === 200 &&
      state.emptyAnswer === "no-results" &&
      Object.keys(JSON.parse(result.body).value).length === 0
    ) {
      result = { status: 400, body: errorBody(400, "No results found", 100) };
    }
    if (result.status !== 200) {
      res.writeHead(result.status, { "content-type": "application/json" });
      res.end(result.body);
      return;
    }
    send(
      req,
      res,
      Buffer.from(result.body),
      "application/json",
      typeof ds.updated === "string" ? new Date(ds.updated).toUTCString() : null,
    );
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: StandIn = {
    url: origin,
    barometerUrl: `${origin}${BAROMETER_PATH}`,
    requests,
    requestsOf: (table) =>
      requests.filter((r) => (table === "lmb" ? r.path === BAROMETER_PATH : r.path === `/${table}`)),
    fault: (table, ...list) => faults.set(table, [...(faults.get(table) ?? []), ...list]),
    setTable: (table, ds) => (ds === null ? datasets.delete(table) : datasets.set(table, ds)),
    validators: true,
    emptyAnswer: "empty-value",
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
