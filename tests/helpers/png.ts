// Reads the size of a PNG from its header (signature, then the IHDR chunk): what an image viewer checks first.
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngSize(png: Buffer | Uint8Array): { width: number; height: number } {
  const b = Buffer.from(png);
  if (b.length < 24 || !b.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG: bad signature");
  if (b.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG: no IHDR chunk first");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}
