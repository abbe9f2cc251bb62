// Lists and name order in the page's language: "a, b and c", "a, b und c", "a, b i c" (Intl.ListFormat), and names
// sorted as the language sorts them (Intl.Collator). One formatter per language, kept: building one costs the browser
// milliseconds (ICU's data), and a page asks for them while it hydrates (docs/decisions/017-page-weight.md).

const lists = new Map<string, Intl.ListFormat>();
/** The word before a list's last item in each of the site's languages ("a, b and c"; British English: no comma). */
const AND: Record<string, string> = { en: "and", de: "und", fr: "et", es: "y", it: "e", pl: "i" };
const collators = new Map<string, Intl.Collator>();

/**
 * "a, b and c" in the page's language (Intl.ListFormat). English as the site has always written it, without a comma
 * before "and": British English's list pattern.
 */
export function listIn(locale: string, items: readonly string[]): string {
  // By hand where that is exactly what Intl writes (list-in.test.ts): the first formatter a page builds makes the
  // browser load ICU's data. Spanish writes "e" for "y" before an /i/ sound ("España e Italia"): Intl decides those.
  const and = AND[locale];
  const last = items[items.length - 1] ?? "";
  if (and !== undefined && !(locale === "es" && /^h?i/i.test(last)))
    return items.length < 2 ? last : `${items.slice(0, -1).join(", ")} ${and} ${last}`;
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { type: "conjunction", style: "long" });
    lists.set(locale, list);
  }
  return list.format(items);
}

/** Compares two names as the page's language orders them (for `Array.prototype.sort`). */
export function compareIn(locale: string): (a: string, b: string) => number {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  return collator.compare;
}
