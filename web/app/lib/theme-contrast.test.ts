// The stylesheet's own colour pairs that carry text: the toast colours (app.css) meet WCAG AA.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "../../../product/colour-vision.ts";

const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
const variable = (name: string) => {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, "i").exec(css);
  if (!m) throw new Error(`--${name} is not set in app.css`);
  return m[1];
};

describe("toast colours", () => {
  for (const type of ["success", "info", "warning", "error"]) {
    it(`${type}: text on its background reaches 4.5:1`, () => {
      expect(contrastRatio(variable(`${type}-text`), variable(`${type}-bg`))).toBeGreaterThanOrEqual(4.5);
    });
  }
});
