// The HTTP client on its own, against the stand-in: Retry-After is honoured, retries are bounded, 4xx (413 too)
// is not retried and its body is handed on, a too-large body is refused, a conditional request gets 304, a run can be cancelled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchError, httpGet, type HttpOptions } from "../../pipeline/fetch/http.ts";
import { EUROSTAT_FAULTS, startStandIn, type StandIn } from "./stand-in.ts";

describe("httpGet", () => {
  let server: StandIn;
  let url: string;
  const waits: number[] = [];
  const opts = (extra: Partial<HttpOptions> = {}): HttpOptions => ({
    userAgent: "JobWeatherIndex/test",
    timeoutMs: 1000,
    retries: 3,
    backoffMs: 10,
    random: () => 1,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });

  beforeAll(async () => {
    server = await startStandIn();
    url = `${server.url}/une_rt_m?format=JSON&geo=DE`;
  });
  afterAll(() => server.close());

  it("honours Retry-After (seconds) over a shorter backoff, then succeeds", async () => {
    waits.length = 0;
    server.fault("une_rt_m", { kind: "status", status: 429, retryAfter: "2" }, { kind: "status", status: 503 });
    const res = await httpGet(url, {}, opts());
    expect(res).toMatchObject({ kind: "ok", status: 200, attempts: 3 });
    expect(waits).toEqual([2000, 20]); // Retry-After 2 s; then backoff 10 × 2^1
  });

  it("stops at once when Retry-After asks for longer than the run waits", async () => {
    server.fault("une_rt_m", { kind: "status", status: 503, retryAfter: "3600" });
    const err = await httpGet(url, {}, opts({ maxRetryAfterMs: 60_000 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).message).toMatch(
      /come back in 3600 s, longer than the 60 s this run waits \(1 attempt\)/,
    );
  });

  it("does not retry a 404, and hands the error answer's body on", async () => {
    const err = (await httpGet(`${server.url}/nope`, {}, opts()).catch((e: unknown) => e)) as FetchError;
    expect(err).toMatchObject({ kind: "http", httpStatus: 404, attempts: 1, contentType: "application/json" });
    expect(JSON.parse(err.body!.toString())).toEqual({
      error: [
        {
          status: 404,
          id: 100,
          label: "ERR_NOT_FOUND_4: NOPE (DATA_SET:ESTAT,1.0) is not available for dissemination.",
        },
      ],
    });
  });

  it("does not retry a 413 either", async () => {
    server.fault("une_rt_m", EUROSTAT_FAULTS.tooBig());
    const err = (await httpGet(url, {}, opts()).catch((e: unknown) => e)) as FetchError;
    expect(err).toMatchObject({ kind: "http", httpStatus: 413, attempts: 1 });
    expect(err.message).toMatch(/^HTTP 413 Payload Too Large: EXTRACTION_TOO_BIG: .* \(1 attempt\)$/);
  });

  it("refuses a body larger than the cap", async () => {
    const err = (await httpGet(url, {}, opts({ maxBytes: 100 })).catch((e: unknown) => e)) as FetchError;
    expect(err).toMatchObject({ kind: "too-large", attempts: 1 });
  });

  it("answers not-modified to a matching conditional request and sends the User-Agent", async () => {
    const full = await httpGet(url, {}, opts());
    if (full.kind !== "ok") throw new Error("expected a body");
    const again = await httpGet(url, { etag: full.etag, lastModified: full.lastModified }, opts());
    expect(again).toMatchObject({ kind: "not-modified", status: 304 });
    const last = server.requests.at(-1)!;
    expect(last.headers["if-none-match"]).toBe(full.etag);
    expect(last.headers["user-agent"]).toBe("JobWeatherIndex/test");
  });

  it("is cancelled by its signal, also while it waits", async () => {
    const controller = new AbortController();
    server.fault("une_rt_m", { kind: "hang" });
    const pending = httpGet(url, {}, { ...opts(), sleep: undefined, signal: controller.signal, timeoutMs: 5000 });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ kind: "cancelled" });
  });
});
