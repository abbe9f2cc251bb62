// The message catalogues (docs/i18n.md): every web/app/i18n/messages/<locale>/<namespace>.json, read on the
// server only and already parsed at build time (web/scripts/formatjs-plugin.ts: message id → ICU syntax tree, so the
// browser needs no ICU parser). A page gets its own language's messages, and only those its routes use
// (web/app/i18n/page-messages.ts), in its loaders' data. Ids a language lacks fall back to English (the key test
// keeps them complete).
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./locales.ts";
import { PAGE_MESSAGES, ROOT_MESSAGES, covers, type Page } from "./page-messages.ts";
import { pseudoMessages } from "./pseudo.ts";
import type { Messages, PageMessages } from "./meta-intl.ts";

const files = import.meta.glob<Messages>("./messages/*/*.json", { eager: true, import: "default" });

/**
 * Namespaces read by loaders only (web/app/lib/page-text.server.ts), never sent with a page (no entry of
 * page-messages.ts names them): `api`, the texts of the API's own document (about 400 messages), which the open data
 * pages' loaders translate (web/app/lib/open-data.server.ts); `sector-covers`, what a role family's sector figure
 * covers, which the loaders of /sectors and compare say for the one pick shown (web/app/lib/sectors.server.ts).
 */
export const LOADER_ONLY_NAMESPACES = ["api", "sector-covers"];

function collect(locale: Locale): Messages {
  const out: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    const [, , fileLocale] = file.split("/");
    if (fileLocale === locale) Object.assign(out, messages);
  }
  return out;
}

const catalogues = new Map<Locale, Messages>(LOCALES.map((l) => [l, collect(l)]));
// With JWI_PSEUDO_LOCALE=1 (tests only) English pages show the pseudo-locale instead (web/app/i18n/pseudo.ts).
const english =
  process.env.JWI_PSEUDO_LOCALE === "1"
    ? pseudoMessages(catalogues.get(DEFAULT_LOCALE)!)
    : catalogues.get(DEFAULT_LOCALE)!;

const all = new Map<Locale, Messages>();

/** All messages of a language, with English for any id it lacks. */
export function messagesFor(locale: Locale): Messages {
  let m = all.get(locale);
  if (!m) {
    m = locale === DEFAULT_LOCALE ? english : { ...english, ...catalogues.get(locale) };
    all.set(locale, m);
  }
  return m;
}

const picked = new Map<string, PageMessages>();

/**
 * The messages of `entries` (namespaces or parts of one) in a language, as JSON: made once per language and entries.
 * A page's data carries them as one string rather than as objects, which React Router would flatten node by node
 * (every element of every syntax tree): the German country page's HTML is about 4 KB smaller gzipped that way.
 */
function pick(locale: Locale, key: string, entries: readonly string[]): PageMessages {
  const cacheKey = `${locale}|${key}`;
  let m = picked.get(cacheKey);
  if (m === undefined) {
    m = JSON.stringify(
      Object.fromEntries(Object.entries(messagesFor(locale)).filter(([id]) => covers(entries, id))),
    ) as PageMessages;
    picked.set(cacheKey, m);
  }
  return m;
}

/** The root layout's messages (header, footer, 404 and error pages) in the request's language. */
export function rootMessages(request: Request): PageMessages {
  return pick(localeFromPath(new URL(request.url).pathname), "", ROOT_MESSAGES);
}

/** A page's own messages in the request's language: its route loader puts them into its data. */
export function pageMessages(request: Request, page: Page): PageMessages {
  return pick(localeFromPath(new URL(request.url).pathname), page, PAGE_MESSAGES[page]);
}
