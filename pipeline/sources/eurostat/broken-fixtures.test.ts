// Every file of fixtures/broken/ is rejected with exactly the message fixtures/broken/expected.json gives
// (the list the README shows and the CLI tests reuse).

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { DataType } from "../../types.ts";
import { parseEurostat } from "./parse.ts";

const dir = (name = ""): string => fileURLToPath(new URL(`../../../fixtures/broken/${name}`, import.meta.url));
const expected = JSON.parse(readFileSync(dir("expected.json"), "utf8")) as Array<{
  file: string;
  type: DataType;
  message: string;
}>;
const readme = readFileSync(dir("README.md"), "utf8");

describe("fixtures/broken", () => {
  it.each(expected.map((e) => [e.file, e.type, e.message] as const))("%s as %s", (file, type, message) => {
    expect(() => parseEurostat(readFileSync(dir(file)), type)).toThrow(
      expect.objectContaining({ name: "InputError", message }),
    );
  });

  it("lists every file of the folder, once, in expected.json and in the README with the same message", () => {
    const files = readdirSync(dir())
      .filter((f) => f !== "README.md" && f !== "expected.json")
      .sort();
    expect(expected.map((e) => e.file).sort()).toEqual(files);
    for (const { file, type, message } of expected) {
      expect(readme).toContain(`| \`${file}\` | ${type} |`);
      expect(readme).toContain(`\`${message}\``);
    }
  });
});
