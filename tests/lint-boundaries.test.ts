// The import boundaries of docs/architecture.md are enforced by the lint (eslint.config.js): this checks that the
// rule really refuses a crossing, so that a green lint means something.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/cli.ts";

const eslint = new ESLint({ cwd: REPO_ROOT });

async function ruleErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryErrors = (file: string, code: string) => ruleErrors("import-x/no-restricted-paths", file, code);

describe("import boundaries", () => {
  it("lib/ imports nothing of the project; every layer may import it", async () => {
    expect(
      await boundaryErrors(
        "lib/probe.ts",
        `import { SQLITE_FILE } from "../pipeline/index.ts"; export const x = SQLITE_FILE;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import { COUNTRIES } from "../../lib/countries.ts"; export const x = COUNTRIES;`,
      ),
    ).toEqual([]);
  });

  it("pipeline/ imports nothing of bin/ (the launchers and build scripts)", async () => {
    expect(
      await boundaryErrors(
        "pipeline/probe.ts",
        `import { freshBuild } from "../bin/cli-build.mjs"; export const x = freshBuild;`,
      ),
    ).toHaveLength(1);
  });

  it("pipeline/ imports nothing of api/, web/, cli/ or product/", async () => {
    expect(
      await boundaryErrors(
        "pipeline/probe.ts",
        `import { ReadModel } from "../api/read-model.ts"; export const x = ReadModel;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "pipeline/probe.ts",
        `import { PANEL_RULES } from "../product/market-panel-rules.ts"; export const x = PANEL_RULES;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "pipeline/probe.ts",
        `import { COUNTRIES } from "../lib/countries.ts"; export const x = COUNTRIES;`,
      ),
    ).toEqual([]);
  });

  it("web/ never imports api/'s storage, not even a type", async () => {
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import type { ExperienceStore } from "../../api/db/community.ts"; export type X = ExperienceStore;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import type { ReadModel } from "../../api/read-model.ts"; export type X = ReadModel;`,
      ),
    ).toEqual([]);
  });

  it("product/ imports pipeline/ only", async () => {
    expect(
      await boundaryErrors(
        "product/probe.ts",
        `import { HttpError } from "../server/http/errors.ts"; export const x = HttpError;`,
      ),
    ).toHaveLength(1);
  });

  it("web/ never imports the pipeline's store, parsers, write path or serving database", async () => {
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import { ObservationStore } from "../../pipeline/store/observations.ts"; export const x = ObservationStore;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import { parseEurostat } from "../../pipeline/sources/eurostat/parse.ts"; export const x = parseEurostat;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import { openServingDb } from "../../pipeline/serving-db.ts"; export const x = openServingDb;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("web/probe.ts", `import { ingest } from "../pipeline/ingest.ts"; export const x = ingest;`),
    ).toHaveLength(1);
    // The facades the API offers instead are open to it.
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import type { UploadRules } from "../../api/upload-rules.ts"; export type X = UploadRules;`,
      ),
    ).toEqual([]);
  });

  it("api/ imports nothing of web/ nor cli/, and of server/ only its HTTP toolkit", async () => {
    expect(
      await boundaryErrors(
        "api/probe.ts",
        `import { startSiteServer } from "../server/main.ts"; export const x = startSiteServer;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "api/probe.ts",
        `import { createSiteHandler } from "../server/site/site-handler.ts"; export const x = createSiteHandler;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("api/probe.ts", `import { runCli } from "../cli/jwi.ts"; export const x = runCli;`),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "api/probe.ts",
        `import { HttpError } from "../server/http/errors.ts"; export const x = HttpError;`,
      ),
    ).toEqual([]);
  });

  it("server/http/ (the HTTP toolkit) imports lib/ only", async () => {
    expect(
      await boundaryErrors(
        "server/http/probe.ts",
        `import { ReadModel } from "../../api/read-model.ts"; export const x = ReadModel;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "server/http/probe.ts",
        `import { PageCache } from "../site/page-cache.ts"; export const x = PageCache;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "server/http/probe.ts",
        `import { InputError } from "../../lib/errors.ts"; export const x = InputError;`,
      ),
    ).toEqual([]);
  });

  it("web/ never imports server/, and server/ never imports the CLI or the tests", async () => {
    expect(
      await boundaryErrors(
        "web/app/probe.ts",
        `import { CACHE_NEVER } from "../../server/http/cache.ts"; export const x = CACHE_NEVER;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("server/probe.ts", `import { runCli } from "../cli/jwi.ts"; export const x = runCli;`),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "server/probe.ts",
        `import { REPO_ROOT } from "../tests/helpers/cli.ts"; export const x = REPO_ROOT;`,
      ),
    ).toHaveLength(1);
    // The composition root may reach the API and the site.
    expect(
      await boundaryErrors(
        "server/probe.ts",
        `import { createApp } from "../api/app.ts"; import { PageCache } from "./site/page-cache.ts"; export const x = [createApp, PageCache];`,
      ),
    ).toEqual([]);
  });

  it("pipeline/ and product/ import nothing of server/", async () => {
    expect(
      await boundaryErrors(
        "pipeline/probe.ts",
        `import { HttpError } from "../server/http/errors.ts"; export const x = HttpError;`,
      ),
    ).toHaveLength(1);
  });

  it("cli/ imports nothing of the site's code, the benches, the tests or the scripts", async () => {
    expect(
      await boundaryErrors(
        "cli/probe.ts",
        `import { NAV } from "../web/app/components/nav-links.tsx"; export const x = NAV;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "cli/probe.ts",
        `import { REPO_ROOT } from "../tests/helpers/cli.ts"; export const x = REPO_ROOT;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "cli/probe.ts",
        `import { startSiteServer } from "../server/main.ts"; export const x = startSiteServer;`,
      ),
    ).toEqual([]);
  });

  it("nothing of the product imports bench/, and bench/ does not import the tests", async () => {
    expect(
      await boundaryErrors("api/probe.ts", `import { x } from "../bench/run.ts"; export const y = x;`),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "bench/probe.ts",
        `import { REPO_ROOT } from "../tests/helpers/cli.ts"; export const x = REPO_ROOT;`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "bench/probe.ts",
        `import { startSiteServer } from "../server/main.ts"; export const x = startSiteServer;`,
      ),
    ).toEqual([]);
  });
});

describe("import cycles", () => {
  it("an import back into a module's importer is refused", async () => {
    // pipeline/index.ts imports pipeline/jobs/lock.ts: lock.ts importing the door back would close a cycle.
    const cycle = await ruleErrors(
      "import-x/no-cycle",
      "pipeline/jobs/lock.ts",
      `import { openPipeline } from "../index.ts"; export const x = openPipeline;`,
    );
    expect(cycle).toHaveLength(1);
    // A lazy import() closes a cycle too: the header loads the drawer, so the drawer may not import the header.
    const lazy = `import { SiteHeader } from "./site-chrome.tsx"; export const x = SiteHeader;`;
    expect(await ruleErrors("import-x/no-cycle", "web/app/components/mobile-drawer.tsx", lazy)).toHaveLength(1);
    // Without that import the module is in no cycle.
    expect(
      await ruleErrors(
        "import-x/no-cycle",
        "pipeline/jobs/probe.ts",
        `import { openPipeline } from "../index.ts"; export const x = openPipeline;`,
      ),
    ).toEqual([]);
  });
});
