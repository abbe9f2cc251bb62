// react-intl outside components: the meta functions (titles, descriptions) read the root's language and messages.
import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales.ts";

const cache = createIntlCache();
const made = new Map<unknown, IntlShape>();

/** The intl object of the page the matches belong to (English with no messages when the root has no data). */
export function intlOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): IntlShape {
  const root = matches.find((m) => m?.id === "root")?.data as { locale?: string; messages?: Record<string, string> } | undefined;
  const messages = root?.messages ?? {};
  let intl = made.get(messages);
  if (!intl) {
    const locale: Locale = isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
    intl = createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE, timeZone: "UTC", onError: () => {} }, cache);
    if (made.size > 20) made.clear();
    made.set(messages, intl);
  }
  return intl;
}
