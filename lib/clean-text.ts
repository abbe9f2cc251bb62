// The one cleaning of stored text (docs/product.md §5): what a visitor posts, and every operator-facing text the
// server or a job stores (usernames, audit entries, file names, pause and moderation notes, the job lock's
// command). In pipeline/ because it is the layer every other one may import (docs/architecture.md).

/**
 * Characters removed: NUL and the other control characters, C1 included (tab, line feed and carriage return stay), the
 * bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) that can make a stored
 * text display as something else ("\u202Eadmin" shows as "nimda"), and the invisible marks that make two texts that
 * read alike differ, or a text that looks empty not be: zero width space, joiner (U+200B, U+200D), the byte order
 * mark (U+FEFF), the left-to-right, right-to-left and Arabic letter marks (U+200E, U+200F, U+061C). The zero width
 * non-joiner (U+200C) stays: Persian and other scripts spell words with it.
 */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200D-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function cleanUserText(value: string): string {
  return value.replace(UNSAFE_TEXT, "");
}

/** cleanUserText applied to every string of a JSON-like value, keys included (an audit entry's details). */
export function cleanDeep(value: unknown): unknown {
  if (typeof value === "string") return cleanUserText(value);
  if (Array.isArray(value)) return value.map(cleanDeep);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanUserText(k), cleanDeep(v)]));
  }
  return value;
}
