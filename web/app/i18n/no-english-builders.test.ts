// One text per language (docs/i18n.md): what a visitor's page says comes from the catalogues
// (web/app/i18n/messages/<locale>/*.json), not from English sentences composed beside them. This keeps the English
// builders that were removed from coming back, by name anywhere in the code and by kind in the visitor pages' code:
// a template literal or a string that reads as an English sentence. The operator's pages (English only, admin/),
// the API's English (product/, api/, pipeline/: its answers, the feeds, the share cards, the badge) and comments are
// not visitor page text.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SELF = fileURLToPath(import.meta.url);

/** The English builders removed, each now a catalogue message said in the page's language (where it is said). */
const REMOVED = [
  "youthNote",
  "statusScaleSentence",
  "shareCardAlt", // shareCardAltIn says it from the catalogue
  "comparisonRows", // useComparisonRows
  "extremeNotice", // extremeNoticeMessage: rankings.notice, rankings.noticeSome
  "SENTIMENT_SOURCE_INFO", // market.sentiment.<source>.*
  "sourceValueText",
  "countingText", // countingSaid
  "blendText", // blendSaid
  "signalExplanation", // signalExplanationIn: market.signal.rule, market.signal.here
  "noComparisonText", // noComparisonIn: why.noComparison.*
  "differencePhrase", // differenceSentence: compare.why.*
  "ratingBandText", // rankings.band
  "ageText",
  "relativeTime", // relativeTimeParts, said through Intl.RelativeTimeFormat
  "retentionText", // retentionValues
];

const SKIP_DIRS = new Set(["node_modules", "build", "dist", ".git", ".cache", "coverage"]);

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith(".")) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name) && p !== SELF) yield p;
  }
}

/** The visitor pages' code: components, routes and their helpers, without the operator's and the tests. */
function visitorFiles(): string[] {
  return ["components", "routes", "lib", "i18n"]
    .flatMap((d) => [...sourceFiles(path.join(REPO, "web/app", d))])
    .filter((f) => !/\.test\.tsx?$/.test(f))
    .filter((f) => !/[/\\]components[/\\]admin[/\\]|[/\\]lib[/\\]admin-|[/\\]routes[/\\]admin\.tsx$/.test(f))
    .filter((f) => !f.endsWith(path.join("i18n", "pseudo.ts")));
}

/**
 * The texts a file writes outside its comments: each string literal, and each template literal's own text (its
 * `${…}` parts stand as " … "). A small scanner: it knows strings, comments, templates and templates inside them.
 */
function literalsIn(src: string): Array<{ text: string; template: boolean }> {
  const out: Array<{ text: string; template: boolean }> = [];
  let i = 0;
  const code = (insideTemplate: boolean): void => {
    let depth = 0;
    while (i < src.length) {
      const c = src[i]!;
      if (c === "/" && src[i + 1] === "/") {
        const end = src.indexOf("\n", i);
        i = end < 0 ? src.length : end;
      } else if (c === "/" && src[i + 1] === "*") {
        const end = src.indexOf("*/", i + 2);
        i = end < 0 ? src.length : end + 2;
      } else if (c === '"' || c === "'") {
        let text = "";
        i++;
        while (i < src.length && src[i] !== c && src[i] !== "\n") {
          if (src[i] === "\\") i++;
          text += src[i];
          i++;
        }
        i++;
        out.push({ text, template: false });
      } else if (c === "`") {
        i++;
        template();
      } else {
        if (insideTemplate && c === "{") depth++;
        if (insideTemplate && c === "}") {
          if (depth === 0) {
            i++;
            return;
          }
          depth--;
        }
        i++;
      }
    }
  };
  const template = (): void => {
    let text = "";
    while (i < src.length) {
      const c = src[i]!;
      if (c === "\\") {
        text += src[i + 1] ?? "";
        i += 2;
      } else if (c === "`") {
        i++;
        out.push({ text, template: true });
        return;
      } else if (c === "$" && src[i + 1] === "{") {
        i += 2;
        text += " … ";
        code(true);
      } else {
        text += c;
        i++;
      }
    }
  };
  code(false);
  return out;
}

const FUNCTION_WORDS = "the|is|are|was|were|of|for|and|with|from|than|this|these|that|not|only|has|have|no|to|in";
/** Words of English around a function word: "the other is the next … score", "Counts in today's score". */
const ENGLISH_WORDS = new RegExp(`(?:^|[\\s(])(?:[A-Za-z][a-z'’]*\\s+)+(?:${FUNCTION_WORDS})\\s+[A-Za-z][a-z'’]*`, "i");

/**
 * Whether a literal reads as visitor-facing English: a template literal with English words around its values (no
 * class list, no path, no message id has them), or a string that is a whole English sentence.
 */
function readsAsEnglish(text: string, template: boolean): boolean {
  if (template) return ENGLISH_WORDS.test(text);
  return /^[A-Z][a-z'’]*( [^ ]+){3,}[.!?]$/.test(text) && ENGLISH_WORDS.test(text);
}

describe("no English sentence builders beside the catalogues", () => {
  it("none of the removed builders is back, anywhere in the code", () => {
    const found: string[] = [];
    for (const file of sourceFiles(REPO)) {
      const src = readFileSync(file, "utf8");
      for (const name of REMOVED)
        if (new RegExp(`\\b${name}\\b`).test(src)) found.push(`${path.relative(REPO, file)}: ${name}`);
    }
    expect(found).toEqual([]);
  });

  it("the visitor pages' code composes no English sentence outside the catalogues", () => {
    const found: string[] = [];
    for (const file of visitorFiles()) {
      const src = readFileSync(file, "utf8");
      for (const { text, template } of literalsIn(src))
        if (readsAsEnglish(text, template)) found.push(`${path.relative(REPO, file)}: ${JSON.stringify(text)}`);
    }
    expect(found).toEqual([]);
  });

  it("tells the kind apart: English sentences, not class lists, ids, paths or messages", () => {
    const template = (s: string) => readsAsEnglish(s, true);
    expect(template("No country is … right now: these are the … … scores.")).toBe(true);
    expect(template("Counts in today's score with … % of its weight: it is … old.")).toBe(true);
    expect(template("Today's sentiment comes from the … alone.")).toBe(true);
    expect(template("mt-1 … … sm:w-auto")).toBe(false);
    expect(template("absolute top-0 flex -translate-x-1/2 flex-col items-center whitespace-nowrap … ")).toBe(false);
    expect(template("forms.error.… .… .… ")).toBe(false);
    expect(template("/api/countries/ … /experiences")).toBe(false);
    expect(readsAsEnglish("Counts fully in today's score.", false)).toBe(true);
    expect(readsAsEnglish("Please enter a valid email address", false)).toBe(false);
    expect(readsAsEnglish("market.sentiment.blend.none", false)).toBe(false);
    expect(literalsIn("const a = `x ${b ? `in the ${c} of` : 'd'} y`; // not the comment of it")).toEqual([
      { text: "in the  …  of", template: true },
      { text: "d", template: false },
      { text: "x  …  y", template: true },
    ]);
  });
});
