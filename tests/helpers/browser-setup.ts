// Set-up file of the `browser` project: when a test fails, a screenshot of every page its file has open is written
// to test-results/failures/ and the failure names the files (screenshots are otherwise taken only on request).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach } from "vitest";
import { FAILURE_DIR, openBrowsers } from "../e2e/harness.ts";

afterEach(async (context) => {
  if (context.task.result?.state !== "fail") return;
  const pages = [...openBrowsers].flatMap((b) => b.contexts().flatMap((c) => c.pages())).filter((p) => !p.isClosed());
  if (pages.length === 0) return;
  mkdirSync(FAILURE_DIR, { recursive: true });
  const stem = context.task.name.replace(/[^A-Za-z0-9]+/g, "-").slice(0, 80);
  const written: string[] = [];
  for (const [i, page] of pages.entries()) {
    const file = path.join(FAILURE_DIR, `${stem}-${i + 1}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
      written.push(`${file} (${page.url()})`);
    } catch {
      /* a page that is navigating away or crashed has nothing to show */
    }
  }
  if (written.length > 0) console.error(`Screenshots of the open pages at this failure:\n  ${written.join("\n  ")}`);
});
