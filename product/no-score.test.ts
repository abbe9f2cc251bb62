import { describe, expect, it } from "vitest";
import { noScoreReason, noScoreText } from "./no-score.ts";

describe("no-score texts", () => {
  it("tells a country without any data from one whose data are too old, and from one never published", () => {
    expect(noScoreReason({ asOf: "2026-11-22", anchorMonth: null })).toBe("no-data");
    expect(noScoreReason({ asOf: "2026-11-22", anchorMonth: "2023-03" })).toBe("stale");
    expect(noScoreReason({ asOf: null, anchorMonth: null })).toBe("unpublished");
  });

  it("never claims official statistics for a country that has none", () => {
    const li = noScoreText("Liechtenstein", { asOf: "2026-11-22", anchorMonth: null });
    expect(li.title).toBe("No data to score");
    expect(li.text).toMatch(/^No official statistics for Liechtenstein are published in the sources we use/);
    expect(li.text).not.toMatch(/too old|uses official statistics/);
    const stale = noScoreText("Iceland", { asOf: "2026-11-22", anchorMonth: "2023-03" });
    expect(stale.title).toBe("Not enough recent data");
    expect(stale.text).toMatch(/^Its latest data \(March 2023\) are too old to score\./);
  });
});
