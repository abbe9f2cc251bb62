// The site's languages (docs/i18n.md): English at today's URLs, the others under a prefix (/de/…, /fr/…).
// Pure functions only: the server (server/main.ts), the sitemap (api/routes/seo.ts) and the pages share them.
// A page's English path names it in every language: localePath gives its URL in one, stripLocale reads a URL back,
// translating the name part of /job-market/{name} (product/job-market-slugs.ts) on the way.
import { countryByJobMarketSlug, jobMarketSlug } from "./job-market-slugs.ts";

export const LOCALES = ["en", "de", "fr", "es", "it", "pl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The languages with a URL prefix: every one but English. */
export const PREFIXED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as Exclude<Locale, "en">[];

/** Each language's name in itself, for the language control. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  pl: "Polski",
};

/** The cookie that remembers a visitor's choice of language (set by the language control). */
export const LANGUAGE_COOKIE = "jwi_lang";

export const isLocale = (s: string | undefined | null): s is Locale => (LOCALES as readonly string[]).includes(s ?? "");

/** The language of a path: its prefix, else English. */
export function localeFromPath(pathname: string): Locale {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  return first && first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** `/job-market/{name}` and what follows the name (query, hash). */
const JOB_MARKET = /^\/job-market\/([^/?#]+)(.*)$/;

/**
 * The page's English path: without its language prefix, a localised job-market name back in English
 * ("/de/country/fr" → "/country/fr", "/de" → "/", "/de/job-market/oesterreich" → "/job-market/austria"). A name the
 * language does not know stays as it is.
 */
export function stripLocale(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.length + 1);
  const m = JOB_MARKET.exec(rest);
  const country = m ? countryByJobMarketSlug(locale, m[1]!) : undefined;
  if (country) return `/job-market/${country.slug}${m![2]}`;
  return rest === "" ? "/" : rest;
}

/**
 * A site path in a language ("/country/fr" in de → "/de/country/fr", "/" in de → "/de"); a job-market page under
 * the country's name in that language ("/job-market/germany" in fr → "/fr/job-market/allemagne").
 */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  const m = JOB_MARKET.exec(path);
  const country = m ? countryByJobMarketSlug(DEFAULT_LOCALE, m[1]!) : undefined;
  if (country) return `/${locale}/job-market/${jobMarketSlug(locale, country.code)}${m![2]}`;
  return path === "/"
    ? `/${locale}`
    : path.startsWith("/?") || path.startsWith("/#")
      ? `/${locale}${path.slice(1)}`
      : `/${locale}${path}`;
}

/** The language a cookie header names, if any. */
export function cookieLocale(cookie: string | undefined | null): Locale | null {
  const m = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookie ?? "");
  return m && isLocale(m[1]) ? m[1] : null;
}

/**
 * The site language an Accept-Language header prefers (RFC 9110 §12.5.4: q-values, then order); English when it
 * names none of ours. "de-AT" counts as German; "*" and q=0 are ignored.
 */
export function acceptLanguageLocale(header: string | undefined | null): Locale {
  let best: { locale: Locale; q: number; at: number } | null = null;
  (header ?? "").split(",").forEach((part, at) => {
    const [tag = "", ...params] = part.trim().split(";");
    const q = Number(/^\s*q=([0-9.]+)\s*$/.exec(params.find((p) => /^\s*q=/.test(p)) ?? "")?.[1] ?? "1");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary) || !(q > 0)) return;
    if (!best || q > best.q) best = { locale: primary, q, at };
  });
  return (best as { locale: Locale } | null)?.locale ?? DEFAULT_LOCALE;
}

/**
 * Where a visitor arriving at "/" goes: the language they chose (the cookie), else, without a choice, the language of
 * their Accept-Language header; null to stay on the English home. Deep links are never redirected.
 */
export function homeRedirect(
  pathname: string,
  acceptLanguage: string | undefined,
  cookie: string | undefined,
): Locale | null {
  if (pathname !== "/") return null;
  const wanted = cookieLocale(cookie) ?? acceptLanguageLocale(acceptLanguage);
  return wanted === DEFAULT_LOCALE ? null : wanted;
}

/** What the answers of "/" vary with, besides what every page varies with. */
export const HOME_VARY = "Accept-Language, Cookie";

/** A route pattern of web/app/routes.ts without its language prefix ("de/country/:code" → "country/:code", "de" → ""). */
export function unprefixedRoute(pattern: string): string {
  const m = /^([a-z]{2})(?:\/(.*))?$/.exec(pattern);
  return m && isLocale(m[1]) && m[1] !== DEFAULT_LOCALE ? (m[2] ?? "") : pattern;
}
