// Content negotiation and compression of answers (docs/decisions/012-compression.md): brotli when the client
// accepts it, else gzip, else the bytes as they are; `Vary: Accept-Encoding` on every compressible type; one
// ETag per encoding (the identity ETag with `-br` / `-gzip` inside its quotes), and If-None-Match matching any
// of them. Bodies kept by the read model are compressed once per encoding (a WeakMap beside them); cached pages,
// whose per-response CSP nonce sits in many places, keep their gzip form as independent deflate segments that are
// joined around each response's nonce (gzipWithNonce below), and prefer gzip (server/site/page-send.ts).
import type { ServerResponse } from "node:http";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** The encodings the server can make, in its order of preference at equal q-values. */
export const ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/** Bodies shorter than this go as they are: the encoding's framing would eat most of the saving. */
export const MIN_COMPRESS_BYTES = 1024;

/** Brotli quality of answers compressed on the fly: ~2 ms for a 90 KB page, ~10 % larger than the best (11). */
const DYNAMIC_BROTLI_QUALITY = 5;
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_LEVEL = 6;

/** Text-like media types worth compressing: HTML, JSON, CSV, XML and Atom, SVG, JavaScript, CSS, plain text. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|[a-z.+-]*\+(?:json|xml))|image\/svg\+xml)/i;

export function isCompressible(contentType: string | number | readonly string[] | undefined): boolean {
  return typeof contentType === "string" && COMPRESSIBLE.test(contentType.trim());
}

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): the offered coding with the
 * highest q-value above 0, `*` standing for any coding not named, ties going to `offered`'s order (br first).
 * Null: the identity (no header, `identity`, or every offered coding refused, as by `br;q=0`).
 */
export function negotiateEncoding(
  header: string | string[] | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header.join(",") : header;
  const q = new Map<string, number>();
  for (const item of text.split(",")) {
    const [rawName, ...params] = item.split(";");
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (!Number.isFinite(weight)) weight = 0;
    q.set(name === "x-gzip" ? "gzip" : name, Math.max(q.get(name) ?? 0, weight));
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const enc of offered) {
    const weight = q.get(enc) ?? q.get("*") ?? 0;
    if (weight > bestQ) {
      best = enc;
      bestQ = weight;
    }
  }
  return best;
}

/** The ETag of an encoded answer: the identity's with the encoding inside the quotes (`W/"abc"` → `W/"abc-br"`). */
export function encodedEtag(etag: string, encoding: Encoding | null): string {
  return encoding === null ? etag : etag.replace(/"$/, `-${encoding}"`);
}

/** An entity tag as If-None-Match names it, reduced to the identity's: weak marker and encoding suffix dropped. */
export function identityTag(tag: string): string {
  return tag
    .trim()
    .replace(/^W\//, "")
    .replace(/-(?:br|gzip)"$/, '"');
}

/** Adds a field to the response's Vary header, keeping what is there (`Host` → `Host, Accept-Encoding`). */
export function addVary(res: ServerResponse, field: string): void {
  const current = res.getHeader("Vary");
  const list = (Array.isArray(current) ? current.join(",") : current === undefined ? "" : String(current))
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (list.includes("*") || list.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  res.setHeader("Vary", [...list, field].join(", "));
}

/** Compresses bytes now (on the event loop: for bodies compressed once and kept, or small ones). */
function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, { level: GZIP_LEVEL });
}

/** Compresses bytes on the thread pool (per-response bodies: a page rendered for one visitor). */
export function compressAsync(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === "br") zlib.brotliCompress(body, BROTLI_OPTIONS, done);
    else zlib.gzip(body, { level: GZIP_LEVEL }, done);
  });
}

const kept = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** A kept body (the read model's, a feed's) in an encoding, compressed the first time it is asked for. */
export function keptEncoded(body: Buffer, encoding: Encoding): Buffer {
  let forms = kept.get(body);
  if (!forms) kept.set(body, (forms = {}));
  return (forms[encoding] ??= compressSync(body, encoding));
}

/**
 * A page's gzip form made once for every nonce: each part between two nonces deflated on its own (raw deflate,
 * ended by a sync flush so the next block starts on a byte), the last part with the final block. A deflate
 * stream may be any sequence of blocks, and a segment never refers back past its own start, so each response
 * joins the segments with its nonce in stored blocks, the gzip header, and the CRC-32 and length of its bytes.
 */
export interface GzipSegments {
  segments: Buffer[];
}

/** Made once per render, so at gzip's best level. */
export function gzipSegments(parts: readonly Buffer[]): GzipSegments {
  const last = parts.length - 1;
  return {
    segments: parts.map((part, i) =>
      zlib.deflateRawSync(part, { level: 9, ...(i < last ? { finishFlush: zlib.constants.Z_SYNC_FLUSH } : {}) }),
    ),
  };
}

/** gzip header: magic, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** One response's gzip bytes: the segments of `parts` joined with `nonce` (stored blocks of at most 65,535 bytes). */
export function gzipWithNonce(parts: readonly Buffer[], gz: GzipSegments, nonce: Buffer): Buffer {
  if (nonce.length > 0xffff) throw new Error("gzipWithNonce: nonce too long for one stored block");
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(nonce.length, 1);
  stored.writeUInt16LE(~nonce.length & 0xffff, 3);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(stored, nonce);
      crc = zlib.crc32(nonce, crc);
      size += nonce.length;
    }
    chunks.push(gz.segments[i]!);
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
