// The message catalogues (docs/i18n.md): every web/app/i18n/messages/<locale>/<namespace>.json, read on the
// server only. A page gets its own language's messages in the root loader's data, so the browser downloads the
// active language and no other. Ids a language lacks fall back to English (the key test keeps them complete).
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales.ts";
import { pseudoMessages } from "./pseudo.ts";

const files = import.meta.glob<Record<string, string>>("./messages/*/*.json", { eager: true, import: "default" });

export type Messages = Record<string, string>;

/**
 * Namespaces read by loaders only (web/app/lib/page-text.server.ts), never sent with a page: `api`, the texts of the
 * API's own document (about 400 messages), which the open data pages' loaders translate (lib/open-data.server.ts).
 */
export const LOADER_ONLY_NAMESPACES = ["api"];

function collect(locale: Locale): Messages {
  const out: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    const [, , fileLocale, name] = file.split("/");
    if (fileLocale === locale && !LOADER_ONLY_NAMESPACES.includes(name!.replace(/\.json$/, ""))) Object.assign(out, messages);
  }
  return out;
}

const catalogues = new Map<Locale, Messages>(LOCALES.map((l) => [l, collect(l)]));
// With JWI_PSEUDO_LOCALE=1 (tests only) English pages show the pseudo-locale instead (web/app/i18n/pseudo.ts).
const english = process.env.JWI_PSEUDO_LOCALE === "1" ? pseudoMessages(catalogues.get(DEFAULT_LOCALE)!) : catalogues.get(DEFAULT_LOCALE)!;

/** All messages of a language, with English for any id it lacks. */
export function messagesFor(locale: Locale): Messages {
  return locale === DEFAULT_LOCALE ? english : { ...english, ...catalogues.get(locale) };
}
