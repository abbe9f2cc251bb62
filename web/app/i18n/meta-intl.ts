// A page's messages are spread over its routes' data: the root loader sends the layout's, each route loader its
// page's (web/app/i18n/page-messages.ts). The provider (web/app/root.tsx) and the meta functions read them merged.
import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales.ts";

export type Messages = Record<string, MessageFormatElement[]>;
/** Messages as a loader sends them: one JSON string (web/app/i18n/catalog.server.ts says why). */
export type PageMessages = string & { readonly __pageMessages: true };
type Match = { id: string; data?: unknown } | undefined;

const parsed = new Map<string, Messages>();

/** A route's messages from its data, parsed once per distinct text (navigations bring the same texts again). */
const messagesIn = (m: Match): Messages | undefined => {
  const json = (m?.data as { messages?: unknown } | null | undefined)?.messages;
  if (typeof json !== "string") return undefined;
  let messages = parsed.get(json);
  if (!messages) {
    messages = JSON.parse(json) as Messages;
    if (parsed.size > 30) parsed.clear();
    parsed.set(json, messages);
  }
  return messages;
};

let last: { parts: Messages[]; merged: Messages } | undefined;

/**
 * The messages of every matched route, merged (the same object while the routes' data stays the same, so the
 * provider keeps its formatters); `fallback` first when given (the root layout's English texts when its loader could
 * not answer).
 */
export function messagesOf(matches: ReadonlyArray<Match>, fallback?: Messages): Messages {
  const parts = [fallback, ...matches.map(messagesIn)].filter((p): p is Messages => p !== undefined);
  if (last && last.parts.length === parts.length && last.parts.every((p, i) => p === parts[i])) return last.merged;
  const merged = parts.length === 1 ? parts[0]! : Object.assign({}, ...parts);
  last = { parts, merged };
  return merged;
}

/** The page's language: the root loader's, else English. */
export function localeOf(matches: ReadonlyArray<Match>): Locale {
  const root = matches.find((m) => m?.id === "root")?.data as { locale?: string } | undefined;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}

const cache = createIntlCache();
const made = new Map<unknown, IntlShape>();

/** The intl object of the page the matches belong to, for meta functions (English with no messages without data). */
export function intlOf(matches: ReadonlyArray<Match>): IntlShape {
  const messages = messagesOf(matches);
  let intl = made.get(messages);
  if (!intl) {
    intl = createIntl({ locale: localeOf(matches), messages, defaultLocale: DEFAULT_LOCALE, timeZone: "UTC", onError: () => {} }, cache);
    if (made.size > 20) made.clear();
    made.set(messages, intl);
  }
  return intl;
}
