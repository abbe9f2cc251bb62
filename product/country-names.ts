// Country names in a language (docs/i18n.md): the product's English names for English, Intl.DisplayNames (CLDR)
// for the others, so "Tschechien", "Tchéquie", "Czechy" read right. One owner for the site's pages
// (web/app/i18n/format.ts) and the API's `lang` parameter (api/v1/table.ts).
import { COUNTRIES } from "../lib/countries.ts";

const displayNames = new Map<string, Intl.DisplayNames>();
// Names a page brought (knowCountryNames), by language, in the order of COUNTRIES.
const known = new Map<string, readonly string[]>();

/** A covered country's name in a language (Intl.DisplayNames; the product's codes are ISO 3166, GR for Greece). */
export function countryNameIn(locale: string, code: string): string {
  const i = COUNTRIES.findIndex((c) => c.code === code);
  const english = COUNTRIES[i]?.name ?? code;
  if (locale === "en") return english;
  const brought = known.get(locale)?.[i];
  if (brought !== undefined) return brought;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? english;
}

/** The covered countries' names in a language, in the order of COUNTRIES (the server sends them to a page). */
export function countryNamesIn(locale: string): string[] {
  return COUNTRIES.map((c) => countryNameIn(locale, c.code));
}

/**
 * The browser learns a language's names from the page (web/app/root.tsx), as the server wrote them: building an
 * Intl.DisplayNames costs a phone tens of milliseconds on a page's first use (docs/decisions/017-page-weight.md).
 */
export function knowCountryNames(locale: string, names: readonly string[] | undefined): void {
  if (names && names.length === COUNTRIES.length && !known.has(locale)) known.set(locale, names);
}

const orders = new Map<string, readonly string[]>();

/**
 * The covered countries' codes in the order of their names in a language (Intl.Collator). The server sends it with
 * the layout's data, so a browser hydrating the country list does not build a collator (14 ms on a phone's first
 * use; docs/decisions/017-page-weight.md).
 */
export function countryOrderIn(locale: string): readonly string[] {
  let order = orders.get(locale);
  if (!order) {
    const collator = new Intl.Collator(locale);
    order = COUNTRIES.map((c) => ({ code: c.code, name: countryNameIn(locale, c.code) }))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((c) => c.code);
    orders.set(locale, order);
  }
  return order;
}
