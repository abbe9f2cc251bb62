// Lists in the page's language: "a, b and c", "a, b und c", "a, b i c", written by hand where that is what
// Intl.ListFormat writes, and by one kept formatter per language otherwise: building one costs the browser ICU's
// data while the page hydrates (docs/decisions/017-page-weight.md, "ICU on first use").

const lists = new Map<string, Intl.ListFormat>();
/** The word before a list's last item in each of the site's languages ("a, b and c"; British English: no comma). */
const AND: Record<string, string> = { en: "and", de: "und", fr: "et", es: "y", it: "e", pl: "i" };

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
