// The message catalogues (docs/i18n.md): every web/app/i18n/messages/<locale>/<namespace>.json, read on the
// server only and already parsed at build time (web/scripts/formatjs-plugin.ts: message id → ICU syntax tree, so the
// browser needs no ICU parser). A page gets its own language's messages, and only those its routes use
// (web/app/i18n/page-messages.ts), in its loaders' data. Ids a language lacks fall back to English (the key test
// keeps them complete).
import { createHash } from "node:crypto";
import { DEFAULT_LOCALE, LOCALES, isLocale, localeFromPath, type Locale } from "./locales.ts";
import { PAGE_MESSAGES, ROOT_MESSAGES, covers, type Page } from "./page-messages.ts";
import { pseudoMessages } from "./pseudo.ts";
import { MESSAGES_MOUNT } from "./messages-path.ts";
import { provideMessages, type Messages, type PageMessages } from "./meta-intl.ts";

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

/** A page's messages as one file: its address (content-hashed) and its JSON. */
interface MessagesFile {
  href: string;
  json: string;
}

const picked = new Map<string, MessagesFile>();

const MESSAGES_PATH = `${MESSAGES_MOUNT}/`;
/** The key of the root layout's messages in a file's name. */
const ROOT_KEY = "common";

/**
 * The messages of `entries` (namespaces or parts of one) in a language: made once per language and entries. A page
 * does not carry them inline (they were 80 of the 105 KB of the country page's hydration data,
 * docs/decisions/017-page-weight.md): its data names a file, `/assets/i18n/<locale>-<page>-<hash>.json`, the same for
 * every page of that language and family, which the browser fetches once and keeps (immutable, by its hash).
 */
function pick(locale: Locale, key: string, entries: readonly string[]): MessagesFile {
  const cacheKey = `${locale}|${key}`;
  let m = picked.get(cacheKey);
  if (m === undefined) {
    const messages: Messages = Object.fromEntries(
      Object.entries(messagesFor(locale)).filter(([id]) => covers(entries, id)),
    );
    const json = JSON.stringify(messages);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
    m = { href: `${MESSAGES_PATH}${locale}-${key}-${hash}.json`, json };
    provideMessages(m.href, messages);
    picked.set(cacheKey, m);
  }
  return m;
}

/** The root layout's messages (header, footer, 404 and error pages) in the request's language. */
export function rootMessages(request: Request): PageMessages {
  return pick(localeFromPath(new URL(request.url).pathname), ROOT_KEY, ROOT_MESSAGES).href as PageMessages;
}

/** A page's own messages in the request's language: its route loader puts their file's address into its data. */
export function pageMessages(request: Request, page: Page): PageMessages {
  return pick(localeFromPath(new URL(request.url).pathname), page, PAGE_MESSAGES[page]).href as PageMessages;
}

/**
 * The JSON of a messages file by its name under MESSAGES_PATH (`de-country-<hash>.json`), or undefined when no
 * language, page or current content has that name (an old hash after an upgrade is a 404, as an old asset is).
 */
export function messagesFile(name: string): string | undefined {
  const m = /^([a-z]{2})-([a-z-]+)-([0-9a-f]{12})\.json$/.exec(name);
  if (!m || !isLocale(m[1])) return undefined;
  const [, locale, key] = m as unknown as [string, Locale, string];
  const entries =
    key === ROOT_KEY ? ROOT_MESSAGES : Object.hasOwn(PAGE_MESSAGES, key) ? PAGE_MESSAGES[key as Page] : undefined;
  if (!entries) return undefined;
  const file = pick(locale, key, entries);
  return file.href === MESSAGES_PATH + name ? file.json : undefined;
}
