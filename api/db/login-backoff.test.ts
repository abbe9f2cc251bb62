import { describe, expect, it } from "vitest";
import { backoffDelayMs, MAX_DELAY_MS } from "./login-backoff.ts";

describe("backoffDelayMs", () => {
  it("is free for the first five failures, then 1 s, 2 s, 4 s … capped at 15 minutes", () => {
    expect([0, 1, 4].map(backoffDelayMs)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map(backoffDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelayMs(15)).toBe(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).toBe(15 * 60_000);
    expect(backoffDelayMs(10_000)).toBe(MAX_DELAY_MS);
  });
});
