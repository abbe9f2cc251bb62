// A page's messages are spread over its routes' data: the root loader sends the layout's, each route loader its
// page's (web/app/i18n/page-messages.ts). One intl object per page reads them merged: the provider of
// web/app/root.tsx hands it to the components, and the meta functions use the same.
import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales.ts";

export type Messages = Record<string, MessageFormatElement[]>;
/**
 * Messages as a loader sends them: the address of a content-hashed static file (web/app/i18n/catalog.server.ts says
 * why they are not inline), which the page's head preloads and the browser reads before it hydrates
 * (web/app/i18n/client-messages.ts).
 */
export type PageMessages = string & { readonly __pageMessages: true };
type Match = { id: string; data?: unknown } | undefined;

/** Messages by the address of their file: the server puts each in as it makes it, the browser as it reads it. */
const loaded = new Map<string, Messages>();

/** Makes a messages file's content known under its address (the server's catalogue, the browser's fetch). */
export function provideMessages(href: string, messages: Messages): void {
  loaded.set(href, messages);
}

/** Whether the messages of an address are known here already. */
export const hasMessages = (href: string): boolean => loaded.has(href);

/** The address of a route's messages, from its data (undefined: the route sends none). */
export function messagesHref(m: Match): string | undefined {
  const href = (m?.data as { messages?: unknown } | null | undefined)?.messages;
  return typeof href === "string" ? href : undefined;
}

/** A route's messages from its data, once its file is known (see hasMessages). */
const messagesIn = (m: Match): Messages | undefined => {
  const href = messagesHref(m);
  return href === undefined ? undefined : loaded.get(href);
};

/** Merged messages by the parts they were merged from (a trie of weak maps: parts that go, go with it). */
interface Merge {
  merged?: Messages;
  next: WeakMap<Messages, Merge>;
}
const merges: Merge = { next: new WeakMap() };

/**
 * The messages of every matched route, merged; `fallback` first when given (the root layout's English texts when
 * its loader could not answer). The same parts give the same object, whoever asks (the provider, each meta
 * function): the provider then keeps its intl object, and no component renders again after hydration for it.
 */
function messagesOf(matches: ReadonlyArray<Match>, fallback?: Messages): Messages {
  const parts = [fallback, ...matches.map(messagesIn)].filter((p): p is Messages => p !== undefined);
  let node = merges;
  for (const part of parts) {
    let next = node.next.get(part);
    if (!next) {
      next = { next: new WeakMap() };
      node.next.set(part, next);
    }
    node = next;
  }
  return (node.merged ??= parts.length === 1 ? parts[0]! : Object.assign({}, ...parts));
}

/** The page's language: the root loader's, else English. */
function localeOf(matches: ReadonlyArray<Match>): Locale {
  const root = matches.find((m) => m?.id === "root")?.data as { locale?: string } | undefined;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}

/**
 * A message the page lacks (its route's entry in web/app/i18n/page-messages.ts misses it) or cannot format. None is
 * expected, and nothing goes to the console: the browser keeps them in `window.__jwiIntlErrors`, which
 * tests/e2e/page-messages.test.ts reads on every page in every language.
 */
function reportIntlError(err: { code?: string; message: string }) {
  if (typeof window === "undefined") return;
  const errors = ((window as { __jwiIntlErrors?: string[] }).__jwiIntlErrors ??= []);
  // Each render reports again: keep the first hundred.
  if (errors.length < 100) errors.push(`${err.code ?? "ERROR"}: ${err.message.split("\n")[0]}`);
}

const cache = createIntlCache();
const made = new WeakMap<Messages, Map<Locale, IntlShape>>();

/**
 * The intl object of the page the matches belong to: one per merged messages and language, so the provider and
 * every meta function share it (building one costs a phone milliseconds). English with no messages without data.
 */
export function intlOf(matches: ReadonlyArray<Match>, opts: { fallback?: Messages; locale?: Locale } = {}): IntlShape {
  const messages = messagesOf(matches, opts.fallback);
  const locale = opts.locale ?? localeOf(matches);
  let byLocale = made.get(messages);
  if (!byLocale) {
    byLocale = new Map();
    made.set(messages, byLocale);
  }
  let intl = byLocale.get(locale);
  if (!intl) {
    // No time zone here: with one, FormatJS rebuilds its date and time formats for every message it formats (about
    // 8 ms of a phone's hydration on the country page). Every date the pages write names UTC itself
    // (i18n/format.ts, web/app/lib/intl-numbers.ts), and no message formats a date (web/app/i18n/catalogues.test.ts).
    intl = createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE, onError: reportIntlError }, cache);
    byLocale.set(locale, intl);
  }
  return intl;
}
