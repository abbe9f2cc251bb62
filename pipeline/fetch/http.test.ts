import { describe, expect, it } from "vitest";
import { backoffDelay, describeErrorBody, isRetryableStatus, parseRetryAfter } from "./http.ts";
import { userAgent } from "./options.ts";

describe("backoff", () => {
  it("doubles per retry with equal jitter, capped", () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(backoffDelay(3, 1000, 60_000, () => 0.5)).toBe(3000);
    expect(backoffDelay(10, 1000, 60_000, () => 1)).toBe(60_000);
  });

  it("retries rate limiting and server errors only", () => {
    for (const s of [408, 429, 500, 502, 503, 504]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 410]) expect(isRetryableStatus(s)).toBe(false);
  });
});

describe("Retry-After", () => {
  const now = new Date("2026-11-22T06:30:00Z");
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 06:30:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 06:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("error bodies", () => {
  it("picks Eurostat's label, an HTML title, or the start of the text", () => {
    const eurostat = Buffer.from(
      JSON.stringify({
        error: [{ status: 400, id: 140, label: 'INVALID_QUERY_DIMENSION: Dimension "COICOP" is not defined' }],
      }),
    );
    expect(describeErrorBody(eurostat, "application/json")).toBe(
      'INVALID_QUERY_DIMENSION: Dimension "COICOP" is not defined',
    );
    expect(describeErrorBody(Buffer.from("<html><title>503 Service Unavailable</title></html>"), "text/html")).toBe(
      'HTML page "503 Service Unavailable"',
    );
    expect(describeErrorBody(Buffer.from("try later"), "text/plain")).toBe("try later");
    expect(describeErrorBody(Buffer.alloc(0), null)).toBeNull();
  });
});

describe("User-Agent", () => {
  it("names the product, its version and its public origin", () => {
    expect(userAgent("https://jobweather.example/")).toMatch(
      /^JobWeatherIndex\/\d+\.\d+\.\d+ \(\+https:\/\/jobweather\.example\)$/,
    );
    expect(userAgent(undefined)).toMatch(/^JobWeatherIndex\/\d+\.\d+\.\d+$/);
  });
});
