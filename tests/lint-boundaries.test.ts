// The import boundaries of docs/architecture.md are enforced by the lint (eslint.config.js): this checks that the
// rule really refuses a crossing, so that a green lint means something.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/cli.ts";

const eslint = new ESLint({ cwd: REPO_ROOT });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("import boundaries", () => {
  it("pipeline/ imports nothing of api/, web/, cli/ or product/", async () => {
    expect(await boundaryErrors("pipeline/probe.ts", `import { ReadModel } from "../api/read-model.ts"; export const x = ReadModel;`)).toHaveLength(1);
    expect(await boundaryErrors("pipeline/probe.ts", `import { PANEL_RULES } from "../product/market-panel.ts"; export const x = PANEL_RULES;`)).toHaveLength(1);
    expect(await boundaryErrors("pipeline/probe.ts", `import { COUNTRIES } from "./countries.ts"; export const x = COUNTRIES;`)).toEqual([]);
  });

  it("web/ never imports api/'s storage, not even a type", async () => {
    expect(await boundaryErrors("web/app/probe.ts", `import type { ExperienceStore } from "../../api/db/community.ts"; export type X = ExperienceStore;`)).toHaveLength(1);
    expect(await boundaryErrors("web/app/probe.ts", `import type { ReadModel } from "../../api/read-model.ts"; export type X = ReadModel;`)).toEqual([]);
  });

  it("product/ imports pipeline/ only", async () => {
    expect(await boundaryErrors("product/probe.ts", `import { HttpError } from "../api/http.ts"; export const x = HttpError;`)).toHaveLength(1);
  });
});
