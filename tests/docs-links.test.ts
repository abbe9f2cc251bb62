// The docs stay true to the tree: every `docs/….md §N` a code comment cites exists with its §N heading, every file
// path a code comment names exists, and every file path the docs (docs/**/*.md, the READMEs) name exists. A file
// moved or a section renumbered fails here.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/cli.ts";

/** Files tracked by git (and new ones not ignored), relative to the repository. */
function repoFiles(...patterns: string[]): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...patterns], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  return out.split("\n").filter((f) => f && existsSync(path.join(REPO_ROOT, f)));
}

const SELF = "tests/docs-links.test.ts"; // its own examples name missing files on purpose
const CODE = repoFiles("*.ts", "*.tsx", "*.mjs", "*.js").filter(
  (f) => f !== SELF && !f.startsWith("fixtures/") && !f.endsWith(".generated.ts"),
);
const DOCS = repoFiles("docs/*.md", "docs/**/*.md", "README.md", "*/README.md");

/** `docs/x.md` with an optional `§N` right after it (`docs/product.md §5`, `docs/model.md, §3` is not one). */
const CITATION = /docs\/([A-Za-z0-9_./-]+\.md)(?: ?§ ?(\d+))?/g;

/** Whether `doc` has a heading numbered `n`: `## §5 …` (product.md, model.md) or `## 5. …` (data-sources.md). */
function hasSection(doc: string, n: string): boolean {
  return new RegExp(`^#{1,6}\\s+(?:§\\s*${n}\\b|${n}\\.\\s)`, "m").test(doc);
}

/** Repository paths in a Markdown text: a top-level folder, then a file with an extension; no globs. */
const REPO_PATH =
  /(?<![\w./@-])((?:lib|server|api|web|pipeline|product|cli|bench|tests|scripts|bin|fixtures|docs)\/[A-Za-z0-9_./[\]-]+\.(?:ts|tsx|mjs|js|json|md|csv|yaml|txt))(?![\w*{])/g;

describe("citations of the docs in code comments", () => {
  it("name files that exist and sections that exist in them", () => {
    const missing: string[] = [];
    for (const file of CODE) {
      const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
      for (const m of text.matchAll(CITATION)) {
        const doc = path.join(REPO_ROOT, "docs", m[1]!);
        if (!existsSync(doc)) missing.push(`${file}: docs/${m[1]} does not exist`);
        else if (m[2] && !hasSection(readFileSync(doc, "utf8"), m[2]))
          missing.push(`${file}: docs/${m[1]} has no §${m[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the check itself finds a missing section and a missing file", () => {
    expect(hasSection("# T\n\n## §5 Validation\n", "5")).toBe(true);
    expect(hasSection("# T\n\n## 2. File formats\n", "2")).toBe(true);
    expect(hasSection("# T\n\n## §15 Other\n", "1")).toBe(false);
    expect([..."see docs/product.md §5 and docs/nope.md".matchAll(CITATION)].map((m) => [m[1], m[2]])).toEqual([
      ["product.md", "5"],
      ["nope.md", undefined],
    ]);
  });
});

/** The comment part of a line of code (`// …`, a JSDoc or block comment line), or "". */
function commentOf(line: string): string {
  const t = line.trim();
  if (t.startsWith("//") || t.startsWith("*") || t.startsWith("/*")) return t;
  const at = line.indexOf(" // ");
  return at < 0 ? "" : line.slice(at);
}

describe("file paths named in code comments", () => {
  it("exist (from the repository's root or the file's folder)", () => {
    const missing: string[] = [];
    for (const file of CODE) {
      for (const line of readFileSync(path.join(REPO_ROOT, file), "utf8").split("\n")) {
        for (const m of commentOf(line).matchAll(REPO_PATH)) {
          const named = m[1]!.replace(/[.)]+$/, "");
          if (!existsSync(path.join(REPO_ROOT, named)) && !existsSync(path.join(REPO_ROOT, path.dirname(file), named)))
            missing.push(`${file}: ${named}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("file paths named in the docs and READMEs", () => {
  it("exist", () => {
    const missing: string[] = [];
    for (const file of DOCS) {
      const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
      for (const m of text.matchAll(REPO_PATH)) {
        const named = m[1]!.replace(/[.)]+$/, "");
        // A row of docs/testing-changelog.md's history table names a test file that was merged away on purpose.
        const line = text.slice(text.lastIndexOf("\n", m.index) + 1, text.indexOf("\n", m.index));
        if (/\*\*merged\*\* into/.test(line)) continue;
        // A row of docs/testing-changelog.md's table for a file renamed since: its old name is history; the new one must exist.
        if (/\*\*renamed\*\* to/.test(line) && line.startsWith(`| \`${named}\``)) continue;
        // A README names paths from the repository's root or from its own folder (web/README.md: `app/root.tsx`).
        const candidates = [path.join(REPO_ROOT, named), path.join(REPO_ROOT, path.dirname(file), named)];
        if (!candidates.some((c) => existsSync(c))) missing.push(`${file}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the check itself finds paths and leaves globs alone", () => {
    const found = (t: string) => [...t.matchAll(REPO_PATH)].map((m) => m[1]);
    expect(found("see `api/read-model.ts` and web/app/routes/*.tsx and tests/**/x.test.ts")).toEqual([
      "api/read-model.ts",
    ]);
  });
});
