// The English `api` catalogue (web/app/i18n/messages/en/api.json) made from the OpenAPI document: the document's
// texts (api/v1/schemas/, api/v1/table.ts…) are the one English copy, and en/api.json is written from them by
// `npm run api:catalogue` (scripts/api-catalogue.ts); tests/i18n-api-catalogue.test.ts fails while the file says
// anything else. Each text becomes an ICU message under the id the reference page shows it by (api-reference.ts):
// its braces quoted, and the values that are data (API_DOC_VALUES: the languages) as placeholders the page fills.
import { API_DOC_VALUES } from "../../../api/v1/doc-values.ts";
import { apiReference } from "./api-reference.ts";
import type { DocText, OpenApiLike } from "./api-reference-types.ts";

/** Every text of a reference model, wherever it is in it, in the model's order (repeats included). */
export function docTexts(value: unknown, out: DocText[] = []): DocText[] {
  if (Array.isArray(value)) value.forEach((v) => docTexts(v, out));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 2 && typeof o.id === "string" && typeof o.text === "string") out.push(o as unknown as DocText);
    else Object.values(o).forEach((v) => docTexts(v, out));
  }
  return out;
}

/** The placeholders of the values, longest value first (so that no value is replaced inside a longer one). */
const PLACEHOLDERS = Object.entries(API_DOC_VALUES).sort((a, b) => b[1].length - a[1].length);

/** A text of the document as an ICU message: `{` and `}` quoted, each value of API_DOC_VALUES as its placeholder. */
function asMessage(text: string): string {
  let message = text.replace(/[{}]/g, (brace) => `'${brace}'`);
  for (const [name, value] of PLACEHOLDERS) message = message.split(value).join(`{${name}}`);
  return message;
}

/**
 * The English catalogue the document makes: one message per text id, in the document's order, then each CSV file's
 * line (`api.csv.<file>.line`, api/v1/csv.ts). Two texts under one id must say the same (a parameter shared by several
 * operations is one message).
 */
export function englishApiCatalogue(doc: OpenApiLike, csvLines: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const texts = [
    ...docTexts(apiReference(doc)),
    ...Object.entries(csvLines).map(([file, text]) => ({ id: `api.csv.${file}.line`, text })),
  ];
  for (const { id, text } of texts) {
    const message = asMessage(text);
    if (out[id] !== undefined && out[id] !== message)
      throw new Error(`Two texts of the API document under one catalogue id ${id}: "${out[id]}" and "${message}"`);
    out[id] = message;
  }
  return out;
}
