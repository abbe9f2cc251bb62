// The pseudo-locale (docs/i18n.md): every message of the English catalogues with its words accented, about 40 %
// longer and bracketed (⟦…⟧), placeholders, plurals and tags untouched. A page rendered with it shows at a glance, and
// to tests/e2e/i18n-pseudo.test.ts, every visible text that does not come from a catalogue. It is served only when the
// server runs with JWI_PSEUDO_LOCALE=1 (tests), in place of English.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";

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

/** One message in the pseudo-locale: "Skip to content" → "⟦Skíp tö çöñtéñt ~~~~~~⟧". */
export function pseudoMessage(message: string): string {
  const text = printAST(walk(parse(message)));
  const visible = message.replace(/\{[^{}]*\}/g, "").length;
  return `⟦${text}${visible > 0 ? ` ${"~".repeat(Math.ceil(visible * 0.4))}` : ""}⟧`;
}

export function pseudoMessages(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, pseudoMessage(m)]));
}
