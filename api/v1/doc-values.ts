// The values the API document's texts are made with that are data, not words: the languages `lang` takes. The
// document says them in full (api/v1/table.ts, api/v1/personal.ts); the `api` catalogue's messages of every language
// hold a placeholder instead (`{languages}`, `{languageCodes}`) that the open data pages fill with these
// (web/app/lib/open-data.server.ts), so a language added to LOCALES reaches every message without editing one.
import { LOCALES } from "../../product/locales.ts";

export const API_DOC_VALUES = {
  /** `en, de, fr, es, it, pl` */
  languages: LOCALES.join(", "),
  /** `` `en`, `de`, … `` (each a code span) */
  languageCodes: LOCALES.map((l) => `\`${l}\``).join(", "),
} as const;
