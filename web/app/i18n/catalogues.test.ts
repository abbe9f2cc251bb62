// Every language's catalogues have exactly the message ids English has, namespace by namespace, and every message
// parses as ICU MessageFormat with the same placeholders as the English one (docs/i18n.md).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales.ts";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "messages");
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(DIR, locale, file), "utf8")) as Record<string, string>;
const namespaces = readdirSync(path.join(DIR, "en")).filter((f) => f.endsWith(".json"));

function placeholders(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      out.add(e.value);
    if (e.type === TYPE.select || e.type === TYPE.plural) {
      out.add(e.value);
      for (const o of Object.values(e.options)) placeholders(o.value, out);
    }
    if (e.type === TYPE.tag) {
      out.add(`<${e.value}>`);
      placeholders(e.children, out);
    }
  }
  return out;
}

describe("message catalogues", () => {
  it("has English namespaces, each prefixed by its name", () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const file of namespaces) {
      const ns = file.replace(/\.json$/, "");
      for (const id of Object.keys(read("en", file))) expect(id.startsWith(`${ns}.`), `${file}: ${id}`).toBe(true);
    }
  });

  it("no message formats a date or a time itself: the pages' intl has no time zone (web/app/i18n/meta-intl.ts)", () => {
    const dated = (elements: MessageFormatElement[]): boolean =>
      elements.some(
        (e) =>
          e.type === TYPE.date ||
          e.type === TYPE.time ||
          ((e.type === TYPE.select || e.type === TYPE.plural) &&
            Object.values(e.options).some((o) => dated(o.value))) ||
          (e.type === TYPE.tag && dated(e.children)),
      );
    for (const locale of LOCALES) {
      for (const file of namespaces) {
        for (const [id, message] of Object.entries(read(locale, file)))
          expect(dated(parse(message)), `${locale}/${file}: ${id}`).toBe(false);
      }
    }
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} has exactly English's ids, with the same placeholders`, () => {
      for (const file of namespaces) {
        const en = read("en", file);
        const other = read(locale, file);
        expect(Object.keys(other).sort(), `${locale}/${file}`).toEqual(Object.keys(en).sort());
        for (const [id, message] of Object.entries(other)) {
          expect([...placeholders(parse(message))].sort(), `${locale} ${id}`).toEqual(
            [...placeholders(parse(en[id]!))].sort(),
          );
          expect(message.trim(), `${locale} ${id}`).not.toBe("");
        }
      }
    });
  }
});
