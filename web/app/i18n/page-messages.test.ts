// Each page receives the messages its code uses (web/app/i18n/page-messages.ts, docs/i18n.md "Loading"): for every
// route module, every file it imports (lazy parts loaded on first use included) is read, and every message id or
// id prefix written in them (`"country.title"`, `` `market.advice.${status}` ``) must be covered by the root's
// entries or the route's own. The browser test tests/e2e/page-messages.test.ts checks the rendered pages.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PAGE_MESSAGES, ROOT_MESSAGES, covers } from "./page-messages.ts";
import { LOADER_ONLY_NAMESPACES } from "./catalog.server.ts";

const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EN = path.join(APP, "i18n/messages/en");
const TABLE = path.join(APP, "i18n/page-messages.ts");
const NAMESPACES = readdirSync(EN).map((f) => f.replace(/\.json$/, ""));
const IDS = NAMESPACES.flatMap((ns) =>
  Object.keys(JSON.parse(readFileSync(path.join(EN, `${ns}.json`), "utf8")) as Record<string, string>),
);

const IMPORT =
  /\b(?:import|export)\s[^"'`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;

/** A source file and every project file it imports, statically or lazily (relative imports only). */
function importGraph(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec.replace(/\?.*$/, ""));
      if (/\.(ts|tsx)$/.test(target) && existsSync(target)) todo.push(target);
    }
  }
  return [...seen];
}

const ESCAPED = NAMESPACES.map((ns) => ns.replace(/[-.]/g, "\\$&")).join("|");
const LITERAL = new RegExp(`["'\`]((?:${ESCAPED})\\.[A-Za-z0-9_.-]*)`, "g");

/** The message ids (or prefixes of ids, from template strings) a set of files writes, with a file that writes each. */
function idsIn(files: string[]): Map<string, string> {
  const out = new Map<string, string>();
  // The table itself names every entry.
  for (const file of files.filter((f) => f !== TABLE)) {
    for (const m of readFileSync(file, "utf8").matchAll(LITERAL)) {
      const literal = m[1]!;
      // A string that merely starts like a namespace ("country.tsx") names no message.
      if (IDS.includes(literal) || IDS.some((id) => id.startsWith(literal))) out.set(literal, path.relative(APP, file));
    }
  }
  return out;
}

/** Whether the entries cover an id, or every id a prefix ("market.advice.") can grow into. */
const coversUse = (entries: readonly string[], use: string) =>
  covers(entries, use.replace(/\.$/, "")) || entries.some((e) => `${e}.` === use);

const routeFiles = readdirSync(path.join(APP, "routes")).filter((f) => /\.tsx$/.test(f) && !f.includes(".test."));
const rootUses = idsIn(importGraph(path.join(APP, "root.tsx")));

describe("page messages", () => {
  it("the root layout's code uses only the root's messages", () => {
    const missing = [...rootUses].filter(([use]) => !coversUse(ROOT_MESSAGES, use));
    expect(missing.map(([use, file]) => `${use} (${file})`)).toEqual([]);
  });

  for (const file of routeFiles) {
    const page = file.replace(/\.tsx$/, "");
    it(`routes/${file} receives every message its code uses`, () => {
      const entries = [...ROOT_MESSAGES, ...((PAGE_MESSAGES as Record<string, readonly string[]>)[page] ?? [])];
      const uses = idsIn(importGraph(path.join(APP, "routes", file)));
      // Ids of the loader-only namespaces are translated by loaders on the server and never sent (docs/i18n.md).
      const missing = [...uses]
        .filter(([use]) => !coversUse(entries, use) && !covers(LOADER_ONLY_NAMESPACES, use.replace(/\.$/, "")))
        .map(([use, from]) => `${use} (${from})`);
      expect(missing, `add them to PAGE_MESSAGES["${page}"] in web/app/i18n/page-messages.ts`).toEqual([]);
      // A page with messages of its own must send them: its loader puts pageMessages(request, "<page>") in its data
      // (in the route's module or a server module it imports, as compare's loader phases in web/app/lib/compare-page.server.ts).
      if (page in PAGE_MESSAGES) {
        const sends = importGraph(path.join(APP, "routes", file)).filter(
          (f) => f.endsWith(`routes/${file}`) || /\.server\.ts$/.test(f),
        );
        expect(
          sends.some((f) => readFileSync(f, "utf8").includes(`pageMessages(request, "${page}")`)),
          `${file}: its loader sends pageMessages(request, "${page}")`,
        ).toBe(true);
      }
    });
  }

  it("sends no loader-only namespace with a page", () => {
    for (const entry of [...ROOT_MESSAGES, ...Object.values(PAGE_MESSAGES).flat()]) {
      expect(
        LOADER_ONLY_NAMESPACES.some((ns) => entry === ns || entry.startsWith(`${ns}.`)),
        entry,
      ).toBe(false);
    }
  });

  it("names only route files and existing messages", () => {
    for (const page of Object.keys(PAGE_MESSAGES)) expect(routeFiles, page).toContain(`${page}.tsx`);
    for (const entry of [...ROOT_MESSAGES, ...Object.values(PAGE_MESSAGES).flat()]) {
      expect(
        IDS.some((id) => covers([entry], id)),
        `${entry} covers no message`,
      ).toBe(true);
    }
  });

  it("finds what a route uses, lazy parts included", () => {
    // The experience form is loaded on first use (components/community.tsx → experience/experience-form.tsx).
    const uses = idsIn(importGraph(path.join(APP, "routes", "country.tsx")));
    expect([...uses.values()]).toContain("components/experience/experience-form.tsx");
    expect(coversUse(["market"], "market.advice.")).toBe(true);
    expect(coversUse(["market.advice"], "market.")).toBe(false);
  });
});
