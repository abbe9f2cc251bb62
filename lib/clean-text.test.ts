import { describe, expect, it } from "vitest";
import { cleanDeep, cleanUserText } from "./clean-text.ts";

describe("cleanUserText / cleanDeep", () => {
  it("removes control (C0 and C1) and bidi controls, keeps tab, line feed, carriage return and ordinary letters", () => {
    expect(cleanUserText("\u202Eadmin")).toBe("admin");
    expect(cleanUserText("adm\u2066in\u2069")).toBe("admin");
    expect(cleanUserText("a\u0000b\u0085c\u009Fd")).toBe("abcd");
    expect(cleanUserText("Zürich\tétage\r\nשלום")).toBe("Zürich\tétage\r\nשלום");
  });

  it("cleans every string of a JSON-like value, keys included; leaves other values alone", () => {
    expect(cleanDeep({ "fi\u202Ele": ["x\u202Dy", 3, null, { reason: "\u2067ok" }], n: 1, b: true })).toEqual({
      file: ["xy", 3, null, { reason: "ok" }],
      n: 1,
      b: true,
    });
  });
});
