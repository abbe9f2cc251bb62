// Server-rendered pages, rendered once per version of what they show and reused (docs/architecture.md, "Page
// cache"). A public page depends on the publication, the community posts, the operator's pause switch, the
// public origin, the URL and the clock; it holds nothing about the visitor. So a render is kept under a key made
// of those versions (and for at most `ttlMs`, which bounds how old a "3 days ago" can get), and every visitor gets
// it with their own CSP nonce put in: the page is rendered with a placeholder nonce, split there once, and joined
// with each response's nonce. Concurrent misses of one key share one render.
import { createHash, randomBytes } from "node:crypto";
import { gzipSegments, gzipWithNonce, type GzipSegments } from "../api/compression.ts";

/** A rendered answer, split at the nonce placeholder; headers as React Router set them. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  parts: string[];
  /** The parts as UTF-8, joined per response with the nonce's bytes (no re-encoding of the page). */
  bytes: Buffer[];
  etag: string;
  createdAt: number;
  /** The gzip form's deflate segments, made by the first response that asks for gzip (api/compression.ts). */
  gzip?: GzipSegments;
}

export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

export interface PageCacheOptions {
  /** How long a render is reused at most (ms). */
  ttlMs: number;
  /** How many renders are kept (least recently used go first). */
  maxEntries: number;
  now?: () => number;
}

/** Headers of a render that are the same for every visitor (the CSP and the request id are per response). */
const PER_RESPONSE = new Set(["content-security-policy", "x-request-id", "set-cookie", "content-length"]);

export class PageCache {
  /** What the pages are rendered with instead of a real nonce: 24 base64 characters, like a real one. */
  readonly placeholder = `N${randomBytes(17).toString("base64url").slice(0, 23)}`;
  private readonly entries = new Map<string, CachedPage>();
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>();
  private readonly now: () => number;

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The fresh render of `key` when there is one, without rendering (the fast path answers only these). */
  peek(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit || this.now() - hit.createdAt >= this.opts.ttlMs) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** The render of `key`, from the cache or made by `render` (shared with concurrent callers); null when the render may not be kept. */
  async get(key: string, render: (nonce: string) => Promise<RenderedPage>): Promise<CachedPage | null> {
    // Least recently used first out: a read moves the entry to the end.
    const fresh = this.peek(key);
    if (fresh) return fresh;
    this.entries.delete(key);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        try {
          const page = await render(this.placeholder);
          if (!cacheable(page)) return null;
          const entry = this.entry(page);
          this.entries.set(key, entry);
          while (this.entries.size > this.opts.maxEntries)
            this.entries.delete(this.entries.keys().next().value as string);
          return entry;
        } finally {
          this.inFlight.delete(key);
        }
      })();
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Turns a render made with the placeholder into a reusable entry. */
  entry(page: RenderedPage): CachedPage {
    const etag = `W/"${createHash("sha1").update(page.body).digest("base64url").slice(0, 20)}"`;
    const parts = page.body.split(this.placeholder);
    return {
      status: page.status,
      headers: page.headers.filter(([name]) => !PER_RESPONSE.has(name.toLowerCase())),
      parts,
      bytes: parts.map((part) => Buffer.from(part)),
      etag,
      createdAt: this.now(),
    };
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Only complete, visitor-independent pages are kept: 200s without a cookie. */
function cacheable(page: RenderedPage): boolean {
  return page.status === 200 && !page.headers.some(([name]) => name.toLowerCase() === "set-cookie");
}

/** The body of an entry with this response's nonce in place of the placeholder. */
export function bodyWithNonce(entry: CachedPage, nonce: string): string {
  return entry.parts.length === 1 ? entry.parts[0]! : entry.parts.join(nonce);
}

/** The same, as the bytes to send. */
export function bytesWithNonce(entry: CachedPage, nonce: string): Buffer {
  if (entry.bytes.length === 1) return entry.bytes[0]!;
  const n = Buffer.from(nonce);
  const chunks: Buffer[] = [];
  entry.bytes.forEach((part, i) => {
    if (i > 0) chunks.push(n);
    chunks.push(part);
  });
  return Buffer.concat(chunks);
}

/**
 * The same, gzip-compressed: the entry's segments are deflated once (by the first response asking for gzip), each
 * response then only joins them around its nonce (api/compression.ts gzipWithNonce).
 */
export function gzipWithNonceOf(entry: CachedPage, nonce: string): Buffer {
  entry.gzip ??= gzipSegments(entry.bytes);
  return gzipWithNonce(entry.bytes, entry.gzip, Buffer.from(nonce));
}
