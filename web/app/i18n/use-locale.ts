// The page's language in components: from react-intl's provider (web/app/root.tsx), and its paths.
import { useIntl } from "react-intl";
import { isLocale, localePath, DEFAULT_LOCALE, type Locale } from "./locales.ts";

export function useLocale(): Locale {
  const { locale } = useIntl();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** A function that puts a site path into the page's language ("/brightest" → "/de/brightest"). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(locale, path);
}
