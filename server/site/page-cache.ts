// Server-rendered pages, rendered once per version of what they show and reused (docs/architecture.md, "Page
// cache"). A public page depends on the publication, the operator's pause switch, the public origin, the URL and
// the clock, and some pages on the community posts of one or a few countries; it holds nothing about the visitor.
// So a render is kept under a key made of the global versions (and for at most `ttlMs`, which bounds how old a
// "3 days ago" can get), together with the versions of the countries' communities it read: a post on Germany's page
// makes Germany's renders stale and leaves every other page in place. Every visitor gets a render with their own
// CSP nonce put in: the page is rendered with a placeholder nonce, split there once, and joined with each
// response's nonce. Concurrent misses of one key share one render.
//
// The cache is bounded in bytes (`maxBytes`, JWI_PAGE_CACHE_MB): what an entry holds (its body, its gzip form once
// made, its headers and key) is counted, and the least recently used entries go first; a bound on the count of entries
// would let large renders grow the process without limit (docs/decisions/007-page-cache.md).
import { createHash, randomBytes } from "node:crypto";
import { gzipSegments, gzipWithNonce, type GzipSegments } from "../http/compression.ts";

/** What a render read that may change without a new global version: (name, version) pairs, e.g. ("DE", 12). */
export type PageDependencies = ReadonlyArray<readonly [string, number]>;

/** A rendered answer, split at the nonce placeholder; headers as React Router set them. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The body as UTF-8 between the nonces, joined per response with the nonce's bytes (no re-encoding). */
  bytes: Buffer[];
  etag: string;
  createdAt: number;
  /** The versions this render read (a country's community); stale once one of them moved. */
  deps: PageDependencies;
  /** The gzip form's deflate segments, made by the first response that asks for gzip (server/http/compression.ts). */
  gzip?: GzipSegments;
  /** Told how many bytes the gzip form added, so the cache counts them (set while the entry is kept). */
  grew?: (bytes: number) => void;
}

export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** The versions the render read (PageDependencies); none when it read nothing that moves on its own. */
  deps?: PageDependencies;
  /** True when the render read something of the visitor's (the operator's session): never kept. */
  personal?: boolean;
}

export interface PageCacheOptions {
  /** How long a render is reused at most (ms). */
  ttlMs: number;
  /** How many bytes the kept renders may hold together (least recently used go first); read at each store. */
  maxBytes: number | (() => number);
  /** The current version of a dependency (PageDependencies); a render whose versions all match is current. */
  currentVersion?: (name: string) => number;
  now?: () => number;
}

/** Headers of a render that are the same for every visitor (the CSP and the request id are per response). */
const PER_RESPONSE = new Set(["content-security-policy", "x-request-id", "set-cookie", "content-length"]);

/** What keeping an entry costs beyond its bytes (the objects, the map slot): a fixed allowance. */
const ENTRY_OVERHEAD = 1024;

interface Slot {
  page: CachedPage;
  size: number;
}

export class PageCache {
  /** What the pages are rendered with instead of a real nonce: 24 base64 characters, like a real one. */
  readonly placeholder = `N${randomBytes(17).toString("base64url").slice(0, 23)}`;
  private readonly placeholderBytes = Buffer.from(this.placeholder);
  private readonly entries = new Map<string, Slot>();
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>();
  private readonly now: () => number;
  private held = 0;

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The current render of `key` when there is one, without rendering (the fast path answers only these). */
  peek(key: string): CachedPage | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    if (!this.current(slot.page)) {
      this.remove(key);
      return undefined;
    }
    // Least recently used first out: a read moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, slot);
    return slot.page;
  }

  /** The render of `key`, from the cache or made by `render` (shared with concurrent callers); null when the render may not be kept. */
  async get(key: string, render: (nonce: string) => Promise<RenderedPage>): Promise<CachedPage | null> {
    const fresh = this.peek(key);
    if (fresh) return fresh;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        try {
          const page = await render(this.placeholder);
          if (!cacheable(page)) return null;
          const entry = this.entry(page);
          this.store(key, entry);
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
    // One allocation for the body; the parts are views of it (small Buffer.from copies would each pin a pool slab).
    const body = Buffer.from(page.body);
    const bytes: Buffer[] = [];
    let start = 0;
    for (let at = body.indexOf(this.placeholderBytes); at !== -1; at = body.indexOf(this.placeholderBytes, start)) {
      bytes.push(body.subarray(start, at));
      start = at + this.placeholderBytes.length;
    }
    bytes.push(body.subarray(start));
    return {
      status: page.status,
      headers: page.headers.filter(([name]) => !PER_RESPONSE.has(name.toLowerCase())),
      bytes,
      etag,
      createdAt: this.now(),
      deps: page.deps ?? [],
    };
  }

  clear(): void {
    for (const slot of this.entries.values()) slot.page.grew = undefined;
    this.entries.clear();
    this.held = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the kept renders hold (what maxBytes bounds). */
  get bytes(): number {
    return this.held;
  }

  private maxBytes(): number {
    const max = this.opts.maxBytes;
    return typeof max === "function" ? max() : max;
  }

  private current(page: CachedPage): boolean {
    if (this.now() - page.createdAt >= this.opts.ttlMs) return false;
    const version = this.opts.currentVersion;
    return !version || page.deps.every(([name, v]) => version(name) === v);
  }

  private store(key: string, page: CachedPage): void {
    this.remove(key);
    const size =
      page.bytes.reduce((n, b) => n + b.length, 0) +
      page.headers.reduce((n, [name, value]) => n + 2 * (name.length + value.length), 0) +
      2 * key.length +
      ENTRY_OVERHEAD;
    if (size > this.maxBytes()) return; // larger than the whole cache: answered, never kept
    const slot: Slot = { page, size };
    page.grew = (n) => {
      if (this.entries.get(key) !== slot) return;
      slot.size += n;
      this.held += n;
      this.evict();
    };
    this.entries.set(key, slot);
    this.held += size;
    this.evict();
  }

  private remove(key: string): void {
    const slot = this.entries.get(key);
    if (!slot) return;
    this.entries.delete(key);
    this.held -= slot.size;
    slot.page.grew = undefined;
  }

  /** Drops the least recently used entries until the kept bytes are within maxBytes. */
  private evict(): void {
    const max = this.maxBytes();
    while (this.held > max && this.entries.size > 0) this.remove(this.entries.keys().next().value as string);
  }
}

/** Only complete, visitor-independent pages are kept: 200s without a cookie, that read nothing of the visitor's. */
function cacheable(page: RenderedPage): boolean {
  return page.status === 200 && !page.personal && !page.headers.some(([name]) => name.toLowerCase() === "set-cookie");
}

/** The bytes of an entry with this response's nonce in place of the placeholder. */
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
 * response then only joins them around its nonce (server/http/compression.ts gzipWithNonce).
 */
export function gzipWithNonceOf(entry: CachedPage, nonce: string): Buffer {
  if (!entry.gzip) {
    entry.gzip = gzipSegments(entry.bytes);
    entry.grew?.(entry.gzip.segments.reduce((n, s) => n + s.length, 0));
  }
  return gzipWithNonce(entry.bytes, entry.gzip, Buffer.from(nonce));
}
