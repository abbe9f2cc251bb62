// Page titles and descriptions in the page's language, said on the server by the route's loader (meta functions run
// outside the IntlProvider): the same catalogues as the page (web/app/i18n/catalog.server.ts, docs/i18n-pages.md),
// English when a locale or a message is missing (the pseudo-locale in its place under JWI_PSEUDO_LOCALE=1).
import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import { messagesFor } from "../i18n/catalog.server.ts";
import { DEFAULT_LOCALE, isLocale, localeFromPath, type Locale } from "../i18n/locales.ts";

/** The page's locale from its URL: English keeps today's URLs, the others live under /de/…, /fr/… */
export function localeOfRequest(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();
const intlOf = (locale: Locale): IntlShape => {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages: messagesFor(locale) }, cache);
    intls.set(locale, intl);
  }
  return intl;
};

/** One message of the catalogues, formatted in `locale` (English when the locale lacks it). */
export function pageText(locale: string, id: string, values?: Record<string, string | number>): string {
  const l = isLocale(locale) ? locale : DEFAULT_LOCALE;
  if (messagesFor(l)[id] === undefined) throw new Error(`No message ${id}`);
  return intlOf(l).formatMessage({ id }, values);
}

/** A translator bound to the request's locale. */
export function pageTextOf(request: Request): (id: string, values?: Record<string, string | number>) => string {
  const locale = localeOfRequest(request);
  return (id, values) => pageText(locale, id, values);
}
