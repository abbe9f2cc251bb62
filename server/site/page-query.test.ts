import { describe, expect, it } from "vitest";
import { keptQuery } from "./page-query.ts";

describe("keptQuery", () => {
  const read = new Set(["range", "add"]);
  it("keeps the parameters the page reads, in order and as written", () => {
    expect(keptQuery("?x=1&range=10y&y&add=FR", read)).toBe("?range=10y&add=FR");
    expect(keptQuery("?r%61nge=all", read)).toBe("?r%61nge=all");
  });
  it("drops the rest, the lone ? and empty pairs", () => {
    expect(keptQuery("", read)).toBe("");
    expect(keptQuery("?", read)).toBe("");
    expect(keptQuery("?&&", read)).toBe("");
    expect(keptQuery("?utm_source=x&r=1", read)).toBe("");
    expect(keptQuery("?%zz=1", read)).toBe("");
    expect(keptQuery("?range=1", new Set())).toBe("");
  });
});
