// Lists in the page's language: "a, b and c", "a, b und c", "a, b i c" (Intl.ListFormat).

/**
 * "a, b and c" in the page's language (Intl.ListFormat). English as the site has always written it, without a comma
 * before "and": British English's list pattern.
 */
export function listIn(locale: string, items: readonly string[]): string {
  return new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction", style: "long" }).format(items);
}
