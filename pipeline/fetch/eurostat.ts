// What the updater asks Eurostat for and what it reads from an answer before the answer goes to ingest.
// Pure: request URLs are built from the pins of sources/eurostat/tables.ts (never a second copy of them),
// and an answer is looked at only for what decides the run (HTML page, error body, empty, frozen, `updated`).
// Validation proper stays in ingest.
import { eurostatDataUrl } from "../../lib/source-links.ts";
import { ageInMonths } from "../model/period.ts";
import { normalisePeriod } from "../sources/eurostat/period.ts";
import { SUCCESSOR_TABLES, readingsOf, type TableConfig } from "../sources/eurostat/tables.ts";

/** A table whose newest period is older than this (as of the run) no longer publishes: it looks frozen. */
export const FROZEN_AFTER_MONTHS = 12;

/** Successor table → the legacy table it replaces. */
export const PREDECESSOR_TABLES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SUCCESSOR_TABLES).map(([legacy, successor]) => [successor, legacy]),
);

/**
 * `{base}/{table}?format=JSON&lang=EN&<pins>`. Every code of a required pin is asked for (the reader then pins
 * the preferred one the answer has: `nace_r2_1` B-T, else A-T). Optional pins are left out on purpose: the API
 * rejects a dimension a table does not have (INVALID_QUERY_DIMENSION), and the reader pins them when they are there.
 *
 * No `geo` filter, on purpose: a table is asked for every country and aggregate it has, and ingest keeps the
 * covered countries and known aggregates and lists the others (`unknown_geo` warnings). Asking for the 31
 * countries by name made one request fail, or come back without some of them, whenever a country was absent
 * from a table (LI has no unemployment, HICP or national accounts); one request per country instead would be
 * 32 requests per table. The answers stay small: with every other dimension pinned, une_rt_m is about
 * 45 geos × 520 months ≈ 23,000 cells, namq_10_gdp 2 units × 45 geos × 205 quarters ≈ 18,500, prc_hicp_manr
 * 45 × 350 months ≈ 16,000, jvs_q_nace2 (size classes and both adjustments left in) about 6 × 2 × 35 × 100 ≈
 * 42,000: all far below the 5,000,000 cells above which Eurostat refuses an extraction (HTTP 413
 * EXTRACTION_TOO_BIG) and below the point where it answers asynchronously instead.
 */
export function tableUrl(baseUrl: string, config: TableConfig): string {
  const pairs: Array<[string, string]> = [];
  const add = (dimension: string, code: string) => {
    if (!pairs.some(([d, c]) => d === dimension && c === code)) pairs.push([dimension, code]);
  };
  // A table read for several data types (une_rt_m: unemployment, age TOTAL, and youth_unemployment, age Y_LT25) is
  // asked once with the codes of every reading, so one answer feeds each (pipeline/fetch/eurostat-table.ts).
  const readings = readingsOf(config.table);
  for (const pin of (readings.length ? readings : [config]).flatMap((r) => r.pins)) {
    if (pin.optional) continue;
    for (const code of pin.codes) add(pin.dimension, code);
  }
  // v2.3 §11: a vacancy table is asked for its shown sectors beside the headline aggregate (one answer feeds both).
  for (const r of readings.length ? readings : [config]) {
    for (const code of r.sectors?.fetched ?? []) add(r.sectors!.dimension, code);
  }
  return eurostatDataUrl(baseUrl, config.table, pairs);
}

/**
 * Why an answer holds nothing for `config`'s series (a required pin whose dimension has none of its codes), or
 * null when it may. Used for a second reading of one answer (une_rt_m's under-25s) before ingesting it.
 */
export function seriesAbsent(body: Buffer, config: TableConfig): string | null {
  const json = parseJson(body);
  if (!isObject(json)) return null;
  const dims = isObject(json.dimension) ? json.dimension : {};
  for (const pin of config.pins) {
    if (pin.optional) continue;
    const codes = categoryCodes(dims[pin.dimension]);
    if (codes !== null && !pin.codes.some((c) => codes.includes(c))) {
      return `the answer holds no ${config.dataType} series: its dimension "${pin.dimension}" has ${codes.join(", ") || "no category"}, not ${pin.codes.join(" or ")}`;
    }
  }
  return null;
}

/**
 * One entry of Eurostat's error answer. The Statistics API answers errors as JSON, as an array
 * `{"error":[{"status":400,"id":150,"label":"INVALID_QUERY_DIMENSION: …"}]}` (quoted in rOpenGov/eurostat
 * pull request #262, and with HTTP 404 / id 100 / "ERR_NOT_FOUND_4: … is not available for dissemination."
 * in issue #286), and the older JSON web service as one object `{"error":{"status","id","label"}}`: both
 * are read. Eurostat's API guide ("API Statistics - data query", error table) gives the ids: 100 "No results
 * found" with HTTP 400 (the query's result is empty) or 404 (the resource is not available), 140 syntax error,
 * 150 semantic error, 500 server error; and its asynchronous API guide: HTTP 413 when the extraction is too big
 * (over 5,000,000 cells), answered as id 413 "EXTRACTION_TOO_BIG: The requested extraction is too big,
 * estimated … rows, max authorised is 5000000, …" (rOpenGov/eurostat issues #309, #315). A request Eurostat
 * will prepare later comes as HTTP 200 with `{"warning":{"status":413,"label":"ASYNCHRONOUS_RESPONSE. …"}}`.
 */
interface EurostatErrorEntry {
  status: number | null;
  id: number | null;
  label: string | null;
}

/**
 * What an error answer means for the run: no-results (the table has nothing for this request, or is not
 * published at all: like an empty answer, its successor is asked), too-big (fails, and asking again will not
 * make it smaller), asynchronous (Eurostat prepares it for later: fails this run), error (anything else).
 */
type EurostatErrorKind = "no-results" | "too-big" | "asynchronous" | "error";

export interface EurostatError {
  kind: EurostatErrorKind;
  entries: EurostatErrorEntry[];
  /** `Eurostat: No results found (error 100, HTTP 400)`: what Eurostat said, for the table's reason. */
  text: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const numberOf = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : null;

function errorEntries(raw: unknown): EurostatErrorEntry[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter(isObject).map((e) => ({
    status: numberOf(e.status),
    id: numberOf(e.id),
    label: typeof e.label === "string" && e.label.trim() !== "" ? e.label.trim().replace(/\s+/g, " ") : null,
  }));
}

function parseJson(body: Buffer | string): unknown {
  const text = typeof body === "string" ? body : body.toString("utf8");
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
}

function classify(
  entries: readonly EurostatErrorEntry[],
  httpStatus: number | null,
  warning: boolean,
): EurostatErrorKind {
  const labels = entries.map((e) => e.label ?? "").join(" ");
  if (warning && (/ASYNCHRONOUS/i.test(labels) || entries.some((e) => e.status === 413))) return "asynchronous";
  if (httpStatus === 413 || /EXTRACTION_TOO_BIG/i.test(labels) || entries.some((e) => e.id === 413 || e.status === 413))
    return "too-big";
  if (entries.some((e) => e.id === 100) || /no results found|NO_RESULTS/i.test(labels)) return "no-results";
  return "error";
}

/**
 * Eurostat's error (or asynchronous-warning) answer in `body`, or null when the body is no such answer (not
 * JSON, or a dataset). `httpStatus` is the status the answer came with.
 */
export function readEurostatError(body: Buffer | string, httpStatus: number | null): EurostatError | null {
  return errorOf(parseJson(body), httpStatus);
}

function errorOf(json: unknown, httpStatus: number | null): EurostatError | null {
  if (!isObject(json) || "value" in json) return null;
  const warning = !("error" in json) && "warning" in json;
  if (!("error" in json) && !warning) return null;
  const entries = errorEntries(warning ? json.warning : json.error);
  const kind = classify(entries, httpStatus, warning);
  const labels = entries.map((e) => e.label).filter((l): l is string => l !== null);
  const ids = [...new Set(entries.map((e) => e.id).filter((id): id is number => id !== null))];
  const statuses = [...new Set(entries.map((e) => e.status).filter((s): s is number => s !== null))];
  const context = [
    ids.length
      ? `error ${ids.join(", ")}`
      : statuses.length && statuses[0] !== httpStatus
        ? `status ${statuses.join(", ")}`
        : null,
    httpStatus === null ? null : `HTTP ${httpStatus}`,
  ].filter((p): p is string => p !== null);
  const said = labels.length
    ? labels.join("; ")
    : `an error answer without a label: ${JSON.stringify(warning ? json.warning : json.error).slice(0, 200)}`;
  return { kind, entries, text: `Eurostat: ${said}${context.length ? ` (${context.join(", ")})` : ""}` };
}

export type EurostatAnswer =
  /** Not something ingest should see: an HTML page, another table. */
  | { kind: "refused"; reason: string }
  /** Eurostat's error (or asynchronous-warning) answer, though it came with HTTP 2xx. */
  | { kind: "error"; error: EurostatError }
  /** Not JSON: ingest rejects it with its own message. */
  | { kind: "unreadable" }
  | {
      kind: "dataset";
      updated: string | null;
      /** Why the answer holds no value at all, or null. */
      empty: string | null;
      /** Why the title or description says the table is closed, or null. */
      closed: string | null;
      /** The dataset's newest period (its OBS_PERIOD_OVERALL_LATEST annotation), or null. */
      newestPeriod: string | null;
    };

/** True when the body is an HTML page (by its type, or by how it starts). */
export function looksLikeHtml(body: Buffer, contentType: string | null): boolean {
  if (/html/i.test(contentType ?? "")) return true;
  const head = body
    .subarray(0, 512)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith("<!doctype html") ||
    head.startsWith("<html") ||
    head.startsWith("<head") ||
    head.startsWith("<body")
  );
}

function htmlTitle(body: Buffer): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body.subarray(0, 64 * 1024).toString("utf8"))?.[1]?.trim();
  return title ? title.replace(/\s+/g, " ") : null;
}

const stripHtml = (html: string): string =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Why a table looks closed from its own words: a title ending in a year range that is over
 * (`… (1997-2025)`), or a description saying it is discontinued. Null when neither.
 */
export function closedHint(label: string | null, description: string | null, now: Date): string | null {
  const reasons: string[] = [];
  const range = label ? /\((\d{4})\s*[-–]\s*(\d{4})\)\s*$/.exec(label) : null;
  if (range && Number(range[2]) < now.getUTCFullYear()) reasons.push(`its title ends with (${range[1]}-${range[2]})`);
  if (description) {
    const text = stripHtml(description);
    const sentence = /[^.]*\b(discontinued|no longer (?:updated|produced|maintained))\b[^.]*/i.exec(text)?.[0]?.trim();
    if (sentence)
      reasons.push(`its description says "${sentence.length > 160 ? `${sentence.slice(0, 160)}…` : sentence}"`);
  }
  return reasons.length ? reasons.join(" and ") : null;
}

/** Why a newest period this old means the table no longer publishes, or null. */
export function staleHint(newestPeriod: string | null, now: Date, afterMonths = FROZEN_AFTER_MONTHS): string | null {
  if (newestPeriod === null) return null;
  const age = ageInMonths(newestPeriod, now.toISOString().slice(0, 10));
  return age > afterMonths ? `its newest period ${newestPeriod} is ${age} months old` : null;
}

function annotation(extension: Record<string, unknown>, type: string): string | null {
  const list = Array.isArray(extension.annotation) ? extension.annotation : [];
  for (const a of list) {
    if (isObject(a) && a.type === type) {
      const v = a.title ?? a.date ?? a.text;
      if (typeof v === "string") return v;
    }
  }
  return null;
}

function categoryCodes(dimension: unknown): string[] | null {
  if (!isObject(dimension) || !isObject(dimension.category)) return null;
  const index = dimension.category.index;
  if (Array.isArray(index)) return index.map(String);
  if (isObject(index)) return Object.keys(index);
  if (isObject(dimension.category.label)) return Object.keys(dimension.category.label);
  return [];
}

/** Names the filter that matched nothing, as far as the answer tells. */
function emptyReason(json: Record<string, unknown>, config: TableConfig): string {
  const dims = isObject(json.dimension) ? json.dimension : {};
  for (const pin of config.pins) {
    if (pin.optional) continue;
    const codes = categoryCodes(dims[pin.dimension]);
    if (codes !== null && !pin.codes.some((c) => codes.includes(c))) {
      return `Eurostat answered with no values: dimension "${pin.dimension}" has none of ${pin.codes.join(", ")} (a filter that matches nothing)`;
    }
  }
  const geo = categoryCodes(dims.geo);
  if (geo !== null && geo.length === 0)
    return "Eurostat answered with no values: no country has data in this table for the pinned series";
  return "Eurostat answered with no values (empty `value`): a filter matches nothing";
}

/** Reads what decides the run from one answer of `{base}/{config.table}`. */
export function inspectEurostat(
  body: Buffer,
  contentType: string | null,
  config: TableConfig,
  now: Date,
): EurostatAnswer {
  if (looksLikeHtml(body, contentType)) {
    const title = htmlTitle(body);
    return {
      kind: "refused",
      reason: `answered an HTML page${title ? ` ("${title}")` : ""} instead of JSON-stat data`,
    };
  }
  let json: unknown;
  try {
    const text = body.toString("utf8");
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return { kind: "unreadable" };
  }
  if (!isObject(json)) return { kind: "unreadable" };
  const error = errorOf(json, null);
  if (error !== null) return { kind: "error", error };
  const extension = isObject(json.extension) ? json.extension : {};
  const declared = typeof extension.id === "string" ? extension.id.trim().toLowerCase() : null;
  if (declared !== null && declared !== "" && declared !== config.table) {
    return { kind: "refused", reason: `answered with table ${declared} instead of ${config.table}` };
  }
  const value = json.value;
  const isEmpty = Array.isArray(value)
    ? value.every((v) => v === null)
    : isObject(value)
      ? Object.keys(value).length === 0
      : false;
  const latest = annotation(extension, "OBS_PERIOD_OVERALL_LATEST");
  return {
    kind: "dataset",
    updated: typeof json.updated === "string" ? json.updated : null,
    empty: isEmpty ? emptyReason(json, config) : null,
    closed: closedHint(
      typeof json.label === "string" ? json.label : null,
      typeof extension.description === "string" ? extension.description : null,
      now,
    ),
    newestPeriod: latest === null ? null : (normalisePeriod(latest)?.period ?? null),
  };
}
