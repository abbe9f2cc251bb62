// FormatJS asks `Intl.NumberFormat.supportedLocalesOf` / `Intl.DateTimeFormat.supportedLocalesOf` whether the
// browser knows a page's language (createIntl checks it once, intl-messageformat on every formatted message). The
// first such call makes the browser list every locale it carries: about 35 ms on a quiet desktop Chromium, four
// times that on the phone Lighthouse simulates, all of it in the task that hydrates the page. Every browser that
// runs the site's scripts carries the six languages it is written in, so for those the answer is known without
// asking; anything else is asked as before. web/scripts/formatjs-plugin.ts puts this function in place of the two
// calls in FormatJS's code (docs/decisions/017-page-weight.md).
import { isLocale } from "../../../product/locales.ts";

function known(locales: string | readonly string[] | undefined): string[] | null {
  if (typeof locales === "string") return isLocale(locales) ? [locales] : null;
  if (Array.isArray(locales) && locales.length > 0 && locales.every((l) => typeof l === "string" && isLocale(l)))
    return [...locales];
  return null;
}

export function numberFormatLocalesOf(locales: string | readonly string[] | undefined): string[] {
  return known(locales) ?? Intl.NumberFormat.supportedLocalesOf(locales as string | string[]);
}

export function dateTimeFormatLocalesOf(locales: string | readonly string[] | undefined): string[] {
  return known(locales) ?? Intl.DateTimeFormat.supportedLocalesOf(locales as string | string[]);
}
