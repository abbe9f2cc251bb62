// Page titles and descriptions in the page's language, said on the server by the route's loader (meta functions run
// outside the IntlProvider): the same catalogues as the page (web/app/i18n/messages/<locale>/<namespace>.json,
// docs/i18n-pages.md), English when a locale or a message is missing.
import { createIntl, type IntlShape } from "react-intl";
import { pseudoMessages } from "../i18n/pseudo.ts";

type Catalogue = Record<string, string>;

const files = import.meta.glob<Catalogue>("../i18n/messages/*/*.json", { eager: true, import: "default" });

const byLocale = new Map<string, Catalogue>();
for (const [path, messages] of Object.entries(files)) {
  const locale = /messages\/([^/]+)\//.exec(path)?.[1];
  if (locale) byLocale.set(locale, { ...byLocale.get(locale), ...messages });
}

const LOCALES = ["de", "fr", "es", "it", "pl"] as const;

/** The page's locale from its URL: English keeps today's URLs, the others live under /de/…, /fr/… */
export function localeOfRequest(request: Request): string {
  const first = new URL(request.url).pathname.split("/")[1] ?? "";
  return (LOCALES as readonly string[]).includes(first) ? first : "en";
}

const intls = new Map<string, IntlShape>();
const intlOf = (locale: string): IntlShape => {
  let intl = intls.get(locale);
  if (!intl) {
    // English fills in what a locale lacks, as the IntlProvider's defaultLocale does on the page.
    // English is the pseudo-locale under JWI_PSEUDO_LOCALE=1, as on the page (web/app/i18n/catalog.server.ts).
    const english = process.env.JWI_PSEUDO_LOCALE === "1" ? pseudoMessages(byLocale.get("en") ?? {}) : byLocale.get("en");
    intl = createIntl({ locale, defaultLocale: "en", messages: locale === "en" ? { ...english } : { ...english, ...byLocale.get(locale) } });
    intls.set(locale, intl);
  }
  return intl;
};

/** One message of the catalogues, formatted in `locale` (English when the locale lacks it). */
export function pageText(locale: string, id: string, values?: Record<string, string | number>): string {
  if (byLocale.get("en")?.[id] === undefined && byLocale.get(locale)?.[id] === undefined) throw new Error(`No message ${id}`);
  return intlOf(locale).formatMessage({ id }, values);
}

/** A translator bound to the request's locale. */
export function pageTextOf(request: Request): (id: string, values?: Record<string, string | number>) => string {
  const locale = localeOfRequest(request);
  return (id, values) => pageText(locale, id, values);
}
