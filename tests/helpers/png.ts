// Reads PNGs as an image viewer does: the size from the header (signature, then the IHDR chunk), and, for a whole
// decode, every chunk's CRC, the inflated image data and its row filters, down to the pixels.
import { crc32, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngSize(png: Buffer | Uint8Array): { width: number; height: number } {
  const b = Buffer.from(png);
  if (b.length < 24 || !b.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG: bad signature");
  if (b.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG: no IHDR chunk first");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

export interface DecodedPng {
  width: number;
  height: number;
  /** The colour of the pixel at (x, y) as "#rrggbb" (alpha left out). */
  colour(x: number, y: number): string;
}

/** Decodes an 8-bit RGB or RGBA PNG (what resvg writes) completely; throws on any damage. */
export function decodePng(png: Buffer | Uint8Array): DecodedPng {
  const b = Buffer.from(png);
  const { width, height } = pngSize(b);
  const bitDepth = b[24]!;
  const colourType = b[25]!;
  if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6))
    throw new Error(`unsupported PNG: bit depth ${bitDepth}, colour type ${colourType}`);
  const channels = colourType === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  let at = 8;
  let ended = false;
  while (at < b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > b.length) throw new Error(`PNG truncated in chunk ${type}`);
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length))
      throw new Error(`PNG chunk ${type}: bad CRC`);
    if (type === "IDAT") idat.push(b.subarray(at + 8, at + 8 + length));
    if (type === "IEND") ended = true;
    at = end;
  }
  if (!ended) throw new Error("PNG without IEND");
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length !== height * (stride + 1)) throw new Error(`PNG data of ${raw.length} bytes for ${width} × ${height}`);
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? pixels[out + i - channels]! : 0;
      const up = y > 0 ? pixels[out - stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? pixels[out - stride + i - channels]! : 0;
      let predictor: number;
      if (filter === 0) predictor = 0;
      else if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else throw new Error(`PNG row ${y}: unknown filter ${filter}`);
      pixels[out + i] = (line[i]! + predictor) & 0xff;
    }
  }
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  return {
    width,
    height,
    colour(x, y) {
      const p = y * stride + x * channels;
      return `#${hex(pixels[p]!)}${hex(pixels[p + 1]!)}${hex(pixels[p + 2]!)}`;
    },
  };
}
