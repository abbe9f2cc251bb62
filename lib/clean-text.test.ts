import { describe, expect, it } from "vitest";
import { cleanDeep, cleanUserText } from "./clean-text.ts";

describe("cleanUserText / cleanDeep", () => {
  it("removes control (C0 and C1) and bidi controls, keeps tab, line feed, carriage return and ordinary letters", () => {
    expect(cleanUserText("\u202Eadmin")).toBe("admin");
    expect(cleanUserText("adm\u2066in\u2069")).toBe("admin");
    expect(cleanUserText("a\u0000b\u0085c\u009Fd")).toBe("abcd");
    expect(cleanUserText("Zürich\tétage\r\nשלום")).toBe("Zürich\tétage\r\nשלום");
  });

  // Issue 49, case 8: zero-width and directional marks were stored and shown.
  it("removes zero width space and joiner, the byte order mark and the directional marks; keeps the non-joiner", () => {
    expect(cleanUserText("a\u200Bd\u200Dm\uFEFFi\u200En\u200F\u061C")).toBe("admin");
    expect(cleanUserText("\u200B\u200D\uFEFF\u200E\u200F\u061C")).toBe("");
    expect(cleanUserText("می\u200Cخواهم")).toBe("می\u200Cخواهم");
  });

  it("cleans every string of a JSON-like value, keys included; leaves other values alone", () => {
    expect(cleanDeep({ "fi\u202Ele": ["x\u202Dy", 3, null, { reason: "\u2067ok" }], n: 1, b: true })).toEqual({
      file: ["xy", 3, null, { reason: "ok" }],
      n: 1,
      b: true,
    });
  });
});
