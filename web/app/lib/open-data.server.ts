// What the open data pages read besides the publication: the OpenAPI document the API serves (generated from
// its zod schemas, api/v1/openapi.ts) and the CSV formats (api/v1/csv.ts), each defined once on the API's side.
// Server-only (.server suffix): neither reaches the browser bundle; the pages get plain data.
import { HISTORY_CSV, SCORES_CSV, type CsvFormat } from "../../../api/v1/csv.ts";
import { openApiDocument } from "../../../api/v1/openapi.ts";
import { apiReference, type ApiReference, type OpenApiLike } from "./api-reference.ts";

export interface CsvFormatInfo {
  line: string;
  columns: Array<{ name: string; description: string }>;
}

const info = <Row,>(f: CsvFormat<Row>): CsvFormatInfo => ({ line: f.line, columns: f.columns.map((c) => ({ name: c.name, description: c.description })) });

export function csvFormats(): { scores: CsvFormatInfo; history: CsvFormatInfo } {
  return { scores: info(SCORES_CSV), history: info(HISTORY_CSV) };
}

/** The reference page's model, from the very document /api/openapi.json serves for this origin. */
export function apiReferenceFor(origin: string): ApiReference {
  return apiReference(openApiDocument(origin) as OpenApiLike);
}

/** The endpoints in brief, for the open data page. */
export function endpointList(origin: string): Array<{ path: string; summary: string; id: string }> {
  return apiReferenceFor(origin).endpoints.map((e) => ({ path: e.path, summary: e.summary, id: e.id }));
}
