// What the open data pages read besides the publication: the OpenAPI document the API serves (generated from
// its zod schemas, api/v1/openapi.ts) and the CSV formats (api/v1/csv.ts), each defined once on the API's side,
// with their texts in the page's language: each text of the document has its message in the `api` catalogue
// (web/app/i18n/messages/<locale>/api.json, keyed by operation, parameter and field; docs/i18n-pages.md), which only
// these loaders read (it is not sent with every page). Server-only (.server suffix): the pages get plain data.
import { HISTORY_CSV, SCORES_CSV, SECTORS_CSV } from "../../../api/v1/csv.ts";
import { API_DOC_VALUES } from "../../../api/v1/doc-values.ts";
import { openApiDocument } from "../../../api/v1/openapi.ts";
import { apiReference } from "./api-reference.ts";
import { type ApiReference, type DocText, type OpenApiLike, type ReferenceEndpoint } from "./api-reference-types.ts";

/** A model with each text of the document in the page's language (a `DocText` becomes its translated string). */
export type Localised<T> = T extends DocText
  ? string
  : T extends ReadonlyArray<infer U>
    ? Array<Localised<U>>
    : T extends object
      ? { [K in keyof T]: Localised<T[K]> }
      : T;

/** A message of the page's language by id (web/app/lib/page-text.server.ts `pageTextOf`). */
type Translate = (id: string, values?: Record<string, string>) => string;

/**
 * A text of the document in the page's language: its message, with the values that are data filled in (the
 * languages, API_DOC_VALUES), or the document's own English when the catalogue has none (a field added without a
 * message: tests/i18n-api-catalogue.test.ts fails for it; the page still shows it).
 */
function docTextIn(t: Translate, d: DocText): string {
  try {
    return t(d.id, API_DOC_VALUES);
  } catch {
    return d.text;
  }
}

const isDocText = (v: object): v is DocText => {
  const keys = Object.keys(v);
  return keys.length === 2 && keys.includes("id") && keys.includes("text");
};

/** Every `DocText` of a model replaced by its message in the page's language (`docTextIn`). */
export function localise<T>(value: T, t: Translate): Localised<T> {
  if (Array.isArray(value)) return value.map((v) => localise(v, t)) as Localised<T>;
  if (value === null || typeof value !== "object") return value as Localised<T>;
  if (isDocText(value)) return docTextIn(t, value) as Localised<T>;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localise(v, t)])) as Localised<T>;
}

/** The reference page's model, from the very document /api/openapi.json serves for this origin (English). */
export function apiReferenceFor(origin: string): ApiReference {
  return apiReference(openApiDocument(origin) as OpenApiLike);
}

/** The CSV files the open data page explains: the operation that serves each, and what one line of it is. */
const CSV_FILES = {
  scores: { operation: "downloadScores", format: SCORES_CSV },
  history: { operation: "downloadCountryHistory", format: HISTORY_CSV },
  sectors: { operation: "downloadSectors", format: SECTORS_CSV },
} as const;

export interface CsvFormatInfo {
  line: string;
  columns: Array<{ name: string; description: string }>;
}

/** The CSV files' columns as the document describes them, in the page's language; `line` is `api.csv.<file>.line`. */
export function csvFormats(origin: string, t: Translate): Record<keyof typeof CSV_FILES, CsvFormatInfo> {
  const endpoints = apiReferenceFor(origin).endpoints;
  const info = (file: keyof typeof CSV_FILES): CsvFormatInfo => {
    const answer = endpoints
      .find((e) => e.id === CSV_FILES[file].operation)!
      .answers.find((a) => a.mediaType === "text/csv")!;
    return { line: t(`api.csv.${file}.line`), columns: localise(answer.columns, t) };
  };
  return { scores: info("scores"), history: info("history"), sectors: info("sectors") };
}

/** The English `line` of each CSV file the open data page explains (its catalogue's English must say the same). */
export const CSV_LINES = { scores: SCORES_CSV.line, history: HISTORY_CSV.line, sectors: SECTORS_CSV.line };

/** The endpoints in brief, for the open data page, their summaries in the page's language. */
export function endpointList(
  origin: string,
  t: Translate,
): Array<{ path: string; summary: string; id: string; method: string }> {
  return apiReferenceFor(origin).endpoints.map((e: ReferenceEndpoint) => ({
    path: e.path,
    summary: docTextIn(t, e.summary),
    id: e.id,
    method: e.method,
  }));
}
