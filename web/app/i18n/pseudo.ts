// The pseudo-locale (docs/i18n.md): every message of the English catalogues with its words accented, about 40 %
// longer and bracketed (⟦…⟧), placeholders, plurals and tags untouched. A page rendered with it shows at a glance, and
// to tests/e2e/i18n-pseudo.test.ts, every visible text that does not come from a catalogue. It is served only when the
// server runs with JWI_PSEUDO_LOCALE=1 (tests), in place of English. It works on parsed messages, as the catalogues
// arrive (web/scripts/formatjs-plugin.ts).
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/** Every ASCII letter has its accented form, so that any text of a catalogue, even one letter ("f", "b"), shows as pseudo. */
const ACCENTS: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ď",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ĺ",
  m: "ḿ",
  n: "ñ",
  o: "ö",
  p: "ṕ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ü",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Á",
  B: "Ɓ",
  C: "Ç",
  D: "Ď",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Í",
  J: "Ĵ",
  K: "Ķ",
  L: "Ĺ",
  M: "Ḿ",
  N: "Ñ",
  O: "Ö",
  P: "Ṕ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Ü",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

/** The characters the pseudo-locale writes (its accented letters and brackets): a text with one of them came from a catalogue. */
export const PSEUDO_CHARS = new RegExp(`[${Object.values(ACCENTS).join("")}⟦⟧]`);

const accent = (s: string) => s.replace(/[A-Za-z]/g, (ch) => ACCENTS[ch] ?? ch);

function walk(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((e) => {
    if (e.type === TYPE.literal) return { ...e, value: accent(e.value) };
    if (e.type === TYPE.tag) return { ...e, children: walk(e.children) };
    if (e.type === TYPE.select || e.type === TYPE.plural) {
      return {
        ...e,
        options: Object.fromEntries(Object.entries(e.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }])),
      };
    }
    return e;
  });
}

/** The length of a message's own words (its literals, in every branch). */
function visible(elements: MessageFormatElement[]): number {
  let n = 0;
  for (const e of elements) {
    if (e.type === TYPE.literal) n += e.value.length;
    if (e.type === TYPE.tag) n += visible(e.children);
    if (e.type === TYPE.select || e.type === TYPE.plural)
      for (const o of Object.values(e.options)) n += visible(o.value);
  }
  return n;
}

const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });

/** One message in the pseudo-locale: "Skip to content" → "⟦Skíp tö çöñtéñt ~~~~~~⟧". */
export function pseudoMessage(message: MessageFormatElement[]): MessageFormatElement[] {
  const words = visible(message);
  // The padding in words of up to five, as a longer text would be: lines may break between them.
  const padding = "~".repeat(Math.ceil(words * 0.4)).replace(/~{5}(?=~)/g, "$& ");
  return [literal("⟦"), ...walk(message), literal(`${words > 0 ? ` ${padding}` : ""}⟧`)];
}

export function pseudoMessages(
  messages: Record<string, MessageFormatElement[]>,
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, pseudoMessage(m)]));
}
