// One text per language (docs/i18n.md): what a visitor's page says comes from the catalogues
// (web/app/i18n/messages/<locale>/*.json), not from English sentences composed beside them, and what crosses from
// product/ or server/ to a page is codes and values, never English words (docs/i18n.md "Errors between layers").
// This keeps the English builders that were removed from coming back, by name anywhere in the code, and finds by kind
// (a template literal or a string that reads as an English sentence) any in web/, product/ and server/. What stays
// English where docs/i18n.md "What stays English" decided is listed in ENGLISH_KEPT, each file with its reason;
// comments and the messages of thrown errors (for developers and logs) are not text a page shows.
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
  "stepText", // your-weather.step.<n>
  "adviceIds", // product/advice.ts names each item by id
  "refusedErrors", // a refusal's fields are codes (lib/field-errors.ts), said by localFieldErrors
];

/**
 * The files of web/, product/ and server/ that keep English on purpose (docs/i18n.md "What stays English"), with why.
 * A file listed here that no longer has an English sentence fails too, so the list stays true.
 */
const ENGLISH_KEPT: Record<string, string> = {
  "web/app/routes/admin.tsx": "the operator area is English only",
  "web/app/components/admin/": "the operator area is English only",
  "web/app/lib/admin-": "the operator area is English only (its API client and texts)",
  "web/scripts/": "build-time tools: what they write is for developers (the generated map's comments)",
  "product/no-score.ts": "the API's no-score text and the badge's phrase (the pages say country.noScore.*)",
  "product/share-cards/": "share cards are English, one image per country (and the operator's status line)",
  "product/open-data.ts": "the API's and the CSV files' licence and caching notes",
  "product/personal-view.ts": "the API's note of a personal ranking",
  "product/weights.ts": "the API's description of the inputs and its answers to a `weights` it cannot read",
  "product/market-comparisons.ts": "the API's market panel texts (the pages say each comparison by its result)",
  "product/brand.ts": "the product's English description, for the feeds, cards and API (pages: common.meta.*)",
  "server/http/": "the API's error messages, English for API clients beside their codes (docs/interfaces.md)",
};
const kept = (rel: string) =>
  Object.keys(ENGLISH_KEPT).find((k) => rel === k || (k.endsWith("/") || k.endsWith("-") ? rel.startsWith(k) : false));

const SKIP_DIRS = new Set(["node_modules", "build", "dist", ".git", ".cache", "coverage"]);

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith(".")) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name) && p !== SELF) yield p;
  }
}

/** The code of web/, product/ and server/ (repo-relative, `/`-separated), without the tests. */
function layerFiles(): string[] {
  return ["web", "product", "server"]
    .flatMap((d) => [...sourceFiles(path.join(REPO, d))])
    .filter((f) => !/\.test\.tsx?$/.test(f))
    .map((f) => path.relative(REPO, f).split(path.sep).join("/"));
}

/**
 * The texts a file writes outside its comments: each string literal, and each template literal's own text (its
 * `${…}` parts stand as " … "). A small scanner: it knows strings, comments, templates and templates inside them.
 */
function literalsIn(src: string): Array<{ text: string; template: boolean; thrown?: true }> {
  const out: Array<{ text: string; template: boolean; thrown?: true }> = [];
  let i = 0;
  /** Whether the literal starting at `at` is the message of an error made there (`new Error(…)`): not page text. */
  const thrownAt = (at: number) => /new [A-Za-z]*Error\(\s*$/.test(src.slice(Math.max(0, at - 40), at));
  /** What precedes position `at` that is not space: a regular expression may start after it, a division not. */
  const regexMayStart = (at: number): boolean => {
    let j = at - 1;
    while (j >= 0 && /\s/.test(src[j]!)) j--;
    return j < 0 || "(,=:[!&|?{};+-*%<>~^".includes(src[j]!) || /\breturn$/.test(src.slice(Math.max(0, j - 6), j + 1));
  };
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
      } else if (c === "/" && regexMayStart(i)) {
        // A regular expression literal (its quotes are no string): up to its closing slash, classes skipped.
        let inClass = false;
        i++;
        while (i < src.length && src[i] !== "\n" && (inClass || src[i] !== "/")) {
          if (src[i] === "\\") i++;
          else if (src[i] === "[") inClass = true;
          else if (src[i] === "]") inClass = false;
          i++;
        }
        i++;
      } else if (c === '"' || c === "'") {
        let text = "";
        const start = i;
        i++;
        while (i < src.length && src[i] !== c && src[i] !== "\n") {
          if (src[i] === "\\") i++;
          text += src[i];
          i++;
        }
        i++;
        out.push({ text, template: false, ...(thrownAt(start) ? { thrown: true as const } : {}) });
      } else if (c === "`") {
        const start = i;
        i++;
        template(thrownAt(start));
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
  const template = (thrown: boolean): void => {
    let text = "";
    while (i < src.length) {
      const c = src[i]!;
      if (c === "\\") {
        text += src[i + 1] ?? "";
        i += 2;
      } else if (c === "`") {
        i++;
        out.push({ text, template: true, ...(thrown ? { thrown: true as const } : {}) });
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

  it("web/, product/ and server/ compose no English sentence outside the catalogues but where it stays English", () => {
    const found: string[] = [];
    for (const rel of layerFiles()) {
      if (kept(rel)) continue;
      const src = readFileSync(path.join(REPO, rel), "utf8");
      for (const { text, template, thrown } of literalsIn(src))
        if (!thrown && readsAsEnglish(text, template)) found.push(`${rel}: ${JSON.stringify(text)}`);
    }
    expect(found).toEqual([]);
  });

  it("every file kept English still has English to keep (the list stays true)", () => {
    const files = layerFiles();
    const idle = Object.keys(ENGLISH_KEPT).filter(
      (k) =>
        !files.some(
          (rel) =>
            kept(rel) === k &&
            literalsIn(readFileSync(path.join(REPO, rel), "utf8")).some(
              ({ text, template, thrown }) => !thrown && readsAsEnglish(text, template),
            ),
        ),
    );
    expect(idle).toEqual([]);
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
    expect(literalsIn('const r = /-(?:br)"$/; throw new Error("This is not for the page.");')).toEqual([
      { text: "This is not for the page.", template: false, thrown: true },
    ]);
    expect(literalsIn("const a = `x ${b ? `in the ${c} of` : 'd'} y`; // not the comment of it")).toEqual([
      { text: "in the  …  of", template: true },
      { text: "d", template: false },
      { text: "x  …  y", template: true },
    ]);
  });
});
