// The pseudo-locale (docs/i18n.md): every message of the English catalogues with its words accented, about 40 %
// longer and bracketed (⟦…⟧), placeholders, plurals and tags untouched. A page rendered with it shows at a glance, and
// to tests/e2e/i18n-pseudo.test.ts, every visible text that does not come from a catalogue. It is served only when the
// server runs with JWI_PSEUDO_LOCALE=1 (tests), in place of English. It works on parsed messages, as the catalogues
// arrive (web/scripts/formatjs-plugin.ts).
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

const ACCENTS: Record<string, string> = { a: "á", e: "é", i: "í", o: "ö", u: "ü", A: "Á", E: "É", I: "Í", O: "Ö", U: "Ü", c: "ç", n: "ñ", y: "ý" };

const accent = (s: string) => s.replace(/[aeiouAEIOUcny]/g, (ch) => ACCENTS[ch] ?? ch);

function walk(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((e) => {
    if (e.type === TYPE.literal) return { ...e, value: accent(e.value) };
    if (e.type === TYPE.tag) return { ...e, children: walk(e.children) };
    if (e.type === TYPE.select || e.type === TYPE.plural) {
      return { ...e, options: Object.fromEntries(Object.entries(e.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }])) };
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
    if (e.type === TYPE.select || e.type === TYPE.plural) for (const o of Object.values(e.options)) n += visible(o.value);
  }
  return n;
}

const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });

/** One message in the pseudo-locale: "Skip to content" → "⟦Skíp tö çöñtéñt ~~~~~~⟧". */
export function pseudoMessage(message: MessageFormatElement[]): MessageFormatElement[] {
  const words = visible(message);
  return [literal("⟦"), ...walk(message), literal(`${words > 0 ? ` ${"~".repeat(Math.ceil(words * 0.4))}` : ""}⟧`)];
}

export function pseudoMessages(messages: Record<string, MessageFormatElement[]>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, pseudoMessage(m)]));
}
