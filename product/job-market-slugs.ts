// The name part of /job-market/{name} in each language (docs/i18n.md "URLs"): English keeps the product's slugs
// (lib/countries.ts: "germany"); every other language uses the country's name in that language from
// Intl.DisplayNames, slugified ("Deutschland" → "deutschland", "Österreich" → "oesterreich", "Węgry" → "wegry",
// "Pays-Bas" → "pays-bas"). This module owns the table; product/locales.ts translates job-market paths with it, so
// links, the language control, hreflang alternates and the sitemap follow.
//
// The table is derived once per language: at build time for the site's bundles (vite.config.ts defines
// __JWI_JOB_MARKET_SLUGS__, so a browser never derives URLs from its own copy of CLDR), at first use elsewhere
// (the API's sitemap, tests). A language whose names would give two countries the same slug, or a slug that is
// another country's English one, is refused with a clear error.
import { COUNTRIES, countryBySlug, type Country } from "../lib/countries.ts";

/** Language → the slugs of COUNTRIES, in their order. */
export type JobMarketSlugTable = Record<string, string[]>;

// Set by vite.config.ts in the site's bundles; undefined under Node (API, CLI, tests).
declare const __JWI_JOB_MARKET_SLUGS__: JobMarketSlugTable | undefined;
const BUILT: JobMarketSlugTable | null =
  typeof __JWI_JOB_MARKET_SLUGS__ === "undefined" ? null : __JWI_JOB_MARKET_SLUGS__;

/** German writes its umlauts as two letters when it cannot write them at all (ä → ae, ß → ss). */
const GERMAN_FOLDS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/**
 * A name as a URL segment in a language: lower case, diacritics folded to ASCII (German ä/ö/ü/ß as ae/oe/ue/ss,
 * Polish ł as l), every run of other characters a hyphen.
 */
export function slugify(name: string, locale: string): string {
  let s = name.toLocaleLowerCase(locale);
  if (locale === "de") s = s.replace(/[äöüß]/g, (ch) => GERMAN_FOLDS[ch]!);
  return s
    .replace(/ł/g, "l")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The slugs of one language from Intl.DisplayNames, checked: one country per slug, none another's English slug. */
function derive(locale: string): string[] {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
  const slugs = COUNTRIES.map((c) => slugify(names.of(c.code) ?? c.name, locale));
  slugs.forEach((slug, i) => {
    const country = COUNTRIES[i]!;
    const twin = slugs.findIndex((s, j) => s === slug && j !== i);
    if (slug === "" || twin >= 0) {
      throw new Error(
        `job-market slugs (${locale}): "${slug}" would name both ${country.name} and ${COUNTRIES[twin]?.name ?? "nothing"}`,
      );
    }
    const english = countryBySlug(slug);
    if (english && english.code !== country.code) {
      throw new Error(
        `job-market slugs (${locale}): "${slug}" for ${country.name} is the English slug of ${english.name}`,
      );
    }
  });
  return slugs;
}

/** The whole table for some languages (vite.config.ts builds it into the bundles; tests read it). */
export function jobMarketSlugTable(locales: readonly string[]): JobMarketSlugTable {
  return Object.fromEntries(locales.filter((l) => l !== "en").map((l) => [l, derive(l)]));
}

const derived = new Map<string, string[]>();

/** The slugs of a language other than English, in COUNTRIES order. */
function slugsIn(locale: string): string[] {
  const built = BUILT?.[locale];
  if (built) return built;
  let slugs = derived.get(locale);
  if (!slugs) {
    slugs = derive(locale);
    derived.set(locale, slugs);
  }
  return slugs;
}

/** The name part of a country's /job-market/ URL in a language ("DE" in fr → "allemagne"; English: "germany"). */
export function jobMarketSlug(locale: string, code: string): string {
  const i = COUNTRIES.findIndex((c) => c.code === code);
  if (i < 0) throw new Error(`jobMarketSlug: ${code} is not a covered country`);
  return locale === "en" ? COUNTRIES[i]!.slug : slugsIn(locale)[i]!;
}

/** The country whose slug in a language this is, exactly as written ("oesterreich" in de → Austria). */
export function countryByJobMarketSlug(locale: string, slug: string): Country | undefined {
  if (locale === "en") return COUNTRIES.find((c) => c.slug === slug);
  const i = slugsIn(locale).indexOf(slug);
  return i < 0 ? undefined : COUNTRIES[i];
}

/**
 * The country a /job-market/{name} in a language asks for, also when the name is not written as its slug there:
 * English accepts its names as always (any case); another language its own slug, the English slug, and its own name
 * written loosely ("Österreich", "Pays Bas"). Another language's slug is unknown (the 404). The caller redirects to
 * jobMarketSlug when the name was not written as it.
 */
export function countryForJobMarketName(locale: string, name: string): Country | undefined {
  if (locale === "en") return countryBySlug(name);
  return (
    countryByJobMarketSlug(locale, name) ?? countryBySlug(name) ?? countryByJobMarketSlug(locale, slugify(name, locale))
  );
}
