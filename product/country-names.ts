// Country names in a language (docs/i18n.md): the product's English names for English, Intl.DisplayNames (CLDR)
// for the others, so "Tschechien", "Tchéquie", "Czechy" read right. One owner for the site's pages
// (web/app/i18n/format.ts) and the API's `lang` parameter (api/v1/table.ts).
import { COUNTRIES } from "../lib/countries.ts";

const displayNames = new Map<string, Intl.DisplayNames>();

/** A covered country's name in a language (Intl.DisplayNames; the product's codes are ISO 3166, GR for Greece). */
export function countryNameIn(locale: string, code: string): string {
  const english = COUNTRIES.find((c) => c.code === code)?.name ?? code;
  if (locale === "en") return english;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? english;
}
