import { describe, expect, it } from "vitest";
import { gzipWithNonceOf, PageCache, type RenderedPage } from "./page-cache.ts";

const page = (cache: PageCache, size: number, extra: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: `<p nonce="${cache.placeholder}">${"x".repeat(size)}</p>`,
  ...extra,
});

describe("PageCache", () => {
  it("holds at most maxBytes: the least recently used renders go first", async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 50_000 });
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => page(cache, 10_000));
    expect(cache.bytes).toBeLessThanOrEqual(50_000);
    expect(cache.size).toBe(4);
    expect(cache.peek("k0")).toBeUndefined();
    expect(cache.peek("k9")).toBeDefined();
    // A read moves an entry to the end: k6 survives the next store, k7 goes.
    expect(cache.peek("k6")).toBeDefined();
    await cache.get("k10", async () => page(cache, 10_000));
    expect(cache.peek("k6")).toBeDefined();
    expect(cache.peek("k7")).toBeUndefined();
  });

  it("counts the gzip form once it is made, and keeps within the bound", async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 40_000 });
    const random = (n: number) =>
      Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join("");
    const a = await cache.get("a", async () => ({ ...page(cache, 0), body: random(15_000) }));
    await cache.get("b", async () => ({ ...page(cache, 0), body: random(15_000) }));
    const before = cache.bytes;
    gzipWithNonceOf(a!, "n");
    expect(cache.bytes).toBeGreaterThan(before);
    expect(cache.bytes).toBeLessThanOrEqual(40_000);
  });

  it("never keeps a render larger than the whole cache, nor a personal one", async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 5_000 });
    expect(await cache.get("big", async () => page(cache, 10_000))).not.toBeNull();
    expect(cache.size).toBe(0);
    expect(await cache.get("own", async () => page(cache, 10, { personal: true }))).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("a render is current while the versions it read stay", async () => {
    const versions = new Map([
      ["DE", 1],
      ["FR", 1],
    ]);
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1e6, currentVersion: (c) => versions.get(c) ?? 0 });
    await cache.get("de", async () => page(cache, 10, { deps: [["DE", 1]] }));
    await cache.get("fr", async () => page(cache, 10, { deps: [["FR", 1]] }));
    await cache.get("home", async () => page(cache, 10));
    versions.set("DE", 2);
    expect(cache.peek("de")).toBeUndefined();
    expect(cache.peek("fr")).toBeDefined();
    expect(cache.peek("home")).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it("splits the body at the placeholder once; each answer joins it with its own nonce", async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1e6 });
    const entry = await cache.get("k", async () => ({
      ...page(cache, 0),
      body: `a${cache.placeholder}b${cache.placeholder}ü`,
    }));
    expect(entry!.bytes.map((b) => b.toString())).toEqual(["a", "b", "ü"]);
  });
});
