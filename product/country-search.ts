// The country picker's search (docs/product.md §2; "Input that starts early is kept"): what a visitor types is
// compared with every name of a country they may know it by, in the page's language and beyond: its name there
// (CLDR, product/country-names.ts), its English and native names, and the common other names of that language and of
// English (lib/countries.ts otherNames: "Holland", "Czech Republic"). Case and accents never matter ("paises
// bajos", "lotwa" find Países Bajos and Łotwa). A name that starts with the text ranks above one with a word that
// does, above one that holds it, above one that only holds its letters in order ("Irl" → Ireland).
import { COUNTRIES, countryByCode, type Country } from "../lib/countries.ts";
import { countryNameIn } from "./country-names.ts";

/** Letters without a decomposition that people type without their mark. */
const PLAIN: Record<string, string> = { ł: "l", ø: "o", æ: "ae", œ: "oe", ß: "ss", đ: "d", ð: "d", þ: "th", ı: "i" };

/** A text as searched: lower case, without accents, marks or punctuation, one space between words. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[łøæœßđðþı]/g, (ch) => PLAIN[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when the letters of `query` appear in `name` in order (spaces ignored). */
function inOrder(query: string, name: string): boolean {
  let i = 0;
  const q = query.replace(/ /g, "");
  for (const ch of name) if (ch === q[i]) i++;
  return i === q.length;
}

/** How well one name matches (0: not at all). */
function nameScore(query: string, name: string): number {
  if (name === query) return 5;
  if (name.startsWith(query)) return 4;
  if (name.includes(` ${query}`)) return 3;
  if (name.includes(query)) return 2;
  return inOrder(query, name) ? 1 : 0;
}

const namesCache = new Map<string, Map<string, string[]>>();

/** Every name of every country a visitor on a page in `locale` may type, folded; the page's own name first. */
function namesIn(locale: string): Map<string, string[]> {
  let names = namesCache.get(locale);
  if (!names) {
    names = new Map(
      COUNTRIES.map((c: Country) => [
        c.code,
        [
          ...new Set(
            [
              countryNameIn(locale, c.code),
              c.name,
              ...c.nativeNames,
              ...(c.otherNames[locale] ?? []),
              ...(locale === "en" ? [] : (c.otherNames.en ?? [])),
            ].map(foldForSearch),
          ),
        ],
      ]),
    );
    namesCache.set(locale, names);
  }
  return names;
}

/**
 * How well a country matches what was typed on a page in `locale` (0: not at all; the best of its names, the page's
 * own name a little ahead of the others at the same kind of match). An empty text matches every country alike.
 */
export function countryScore(code: string, typed: string, locale: string): number {
  const query = foldForSearch(typed);
  const country = countryByCode(code);
  if (!country) return 0;
  if (query === "") return 1;
  const names = namesIn(locale).get(country.code) ?? [];
  let best = 0;
  names.forEach((name, i) => {
    const s = nameScore(query, name);
    if (s > 0) best = Math.max(best, s + (i === 0 ? 0.5 : 0));
  });
  return best;
}

/** The codes of the countries matching `typed` on a page in `locale`, best first, then by their names there. */
export function searchCountries(typed: string, locale: string): string[] {
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({
    code: c.code,
    name: countryNameIn(locale, c.code),
    score: countryScore(c.code, typed, locale),
  }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || collator.compare(a.name, b.name))
    .map((c) => c.code);
}
