// Checks on an .xlsx archive before exceljs reads it, so that a zip bomb is refused instead of parsed.
//
// An .xlsx is a ZIP of XML parts. exceljs (through JSZip) inflates every part into memory and builds an object
// per cell, about 400 bytes of heap per cell; a 17 MB file can unpack to 8 million cells and gigabytes.
// Two steps, both without holding inflated bytes:
// 1. `checkXlsxArchive` (main thread, before anything else): reads the ZIP's central directory only, never
//    inflates. Refuses too many parts, declared sizes too large (per part and in total), absurd compression
//    ratios, encrypted parts, unknown compression methods, unsafe or duplicate names.
// 2. `verifyInflatedSizes` (in the parse worker, before exceljs): the sizes in step 1 are what the archive
//    declares and may lie, so every part is inflated as a stream and counted, stopping at the first byte past
//    its declared size; its cells are counted on the way, up to MAX_WORKBOOK_CELLS. What exceljs then reads is
//    bounded by the limits of step 1 and the cell limit.
// The worker's memory and time limits (parse-guarded.ts) remain the backstop for dense content that is
// within these limits. Limits and their reasons: docs/data-sources.md.

import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { InputError } from "../../../lib/errors.ts";
import { checkXlsxSignature, NOT_XLSX_MESSAGE } from "./parse.ts";

const KIB = 1024;
const MIB = 1024 * KIB;

export interface XlsxLimits {
  /** Parts (files) in the archive. */
  maxEntries: number;
  /** Declared inflated size of one part, in bytes. */
  maxEntryBytes: number;
  /** Sum of the declared inflated sizes of all parts, in bytes. */
  maxTotalBytes: number;
  /** Largest accepted inflated/compressed ratio of one part… */
  maxRatio: number;
  /** …checked only for parts that inflate to more than this many bytes (small parts cannot hurt). */
  ratioGraceBytes: number;
}

/**
 * The limits for a barometer workbook. A real one is ~9 KB with 16 parts unpacking to ~30 KB (a sheet of ~15 KB);
 * even one with a few sheets of several thousand rows, charts and images stays far inside them.
 * - 1,000 parts: Apache POI's default (ZipSecureFile MAX_FILE_COUNT); a workbook with many sheets, charts and
 *   images has a few hundred.
 * - 32 MiB per part: about 1.2 million cells of sheet XML, what exceljs can hold in the parse worker's 512 MB.
 * - 64 MiB in total: the upload limit (validate.ts MAX_UPLOAD_BYTES); parts are read one after another but
 *   their cells accumulate.
 * - 100:1 beyond 100 KiB: Apache POI's defaults (minInflateRatio 0.01, GRACE_ENTRY_SIZE 100 KiB). Sheet XML
 *   deflates about 5–20:1 (every cell carries its own address); a repeated row deflates ~1000:1.
 */
export const XLSX_LIMITS: XlsxLimits = Object.freeze({
  maxEntries: 1_000,
  maxEntryBytes: 32 * MIB,
  maxTotalBytes: 64 * MIB,
  maxRatio: 100,
  ratioGraceBytes: 100 * KIB,
});

/** What the central directory declares. */
export interface XlsxArchiveSummary {
  entries: number;
  /** Sum of the declared inflated sizes, in bytes. */
  totalBytes: number;
  /** The part that declares the largest inflated size. */
  largest: { name: string; bytes: number } | null;
}

/** A size for a message: `512 bytes`, `40 KB`, `17.2 MB` (KB and MB of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} bytes`;
  if (bytes < MIB) return `${Math.ceil(bytes / KIB)} KB`;
  const mb = bytes / MIB;
  return `${mb >= 100 ? Math.round(mb).toLocaleString("en-GB") : Math.round(mb * 10) / 10} MB`;
}

const count = (n: number) => Math.round(n).toLocaleString("en-GB");

const NOT_OPENED = "so it was not opened";

/** `xl/worksheets/sheet1.xml`, quoted and cut to a readable length. */
function quoted(name: string): string {
  const shown = name.length > 80 ? `${name.slice(0, 77)}…` : name;
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return `"${shown.replace(/[\u0000-\u001f\u007f]/g, "?")}"`;
}

function unsafeName(name: string): string | null {
  if (name === "") return "an empty name";
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return "an absolute path";
  if (name.split("/").includes("..")) return 'a ".." step out of the archive';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f]/.test(name)) return "control characters";
  return null;
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP64_LOCATOR = Buffer.from([0x50, 0x4b, 0x06, 0x07]);
const ZIP64_EOCD = 0x06064b50;

const INCONSISTENT = (why: string) =>
  new InputError(
    `This workbook's archive is laid out inconsistently (${why}); the file is damaged or crafted, ${NOT_OPENED}.`,
  );

/**
 * Where the central directory ends, by the archive's end records, read the way both yauzl and JSZip (inside
 * exceljs) read them; throws when they would read it differently. JSZip shifts every offset when the directory
 * does not end where the end record starts (for data prepended to the archive) and uses a ZIP64 record only when
 * a field of the ordinary end record is maxed out; yauzl does neither. Without this check a crafted file could
 * show the check a harmless directory and the parser another one.
 */
function directoryEnd(buf: Buffer): number {
  const eocd = buf.lastIndexOf(EOCD); // yauzl has found this one, whole, at the very end
  const maxed =
    buf.readUInt16LE(eocd + 4) === 0xffff ||
    buf.readUInt16LE(eocd + 6) === 0xffff ||
    buf.readUInt16LE(eocd + 8) === 0xffff ||
    buf.readUInt16LE(eocd + 10) === 0xffff ||
    buf.readUInt32LE(eocd + 12) === 0xffffffff ||
    buf.readUInt32LE(eocd + 16) === 0xffffffff;
  const locator = eocd - 20;
  const zip64 = locator >= 0 && buf.readUInt32LE(locator) === ZIP64_LOCATOR.readUInt32LE(0);
  if (maxed !== zip64) throw INCONSISTENT("a ZIP64 record where none is needed, or none where one is");
  if (!zip64) {
    const end = buf.readUInt32LE(eocd + 16) + buf.readUInt32LE(eocd + 12);
    if (end !== eocd) throw INCONSISTENT("its directory does not end where its end record starts");
    return end;
  }
  if (buf.lastIndexOf(ZIP64_LOCATOR) !== locator) throw INCONSISTENT("two ZIP64 locators");
  const record = Number(buf.readBigUInt64LE(locator + 8));
  if (record + 56 > locator || buf.readUInt32LE(record) !== ZIP64_EOCD) throw INCONSISTENT("a misplaced ZIP64 record");
  const end = Number(buf.readBigUInt64LE(record + 48)) + Number(buf.readBigUInt64LE(record + 40));
  if (end !== record || record + 12 + Number(buf.readBigUInt64LE(record + 4)) !== locator) {
    throw INCONSISTENT("its directory does not end where its ZIP64 end record starts");
  }
  return end;
}

async function openArchive(buf: Buffer): Promise<{ zipfile: yauzl.ZipFile; directoryEnd: number }> {
  checkXlsxSignature(buf);
  let zipfile: yauzl.ZipFile;
  try {
    zipfile = await yauzl.fromBufferPromise(buf, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (err) {
    throw new InputError(NOT_XLSX_MESSAGE, { cause: err instanceof Error ? err.message : String(err) });
  }
  try {
    return { zipfile, directoryEnd: directoryEnd(buf) };
  } catch (err) {
    zipfile.close();
    throw err;
  }
}

/** After the last entry: the directory's records fill it exactly (its declared size is what was read). */
function checkDirectoryRead(zipfile: yauzl.ZipFile, end: number): void {
  if (Number(zipfile.readEntryCursor) !== end) throw INCONSISTENT("its directory's size does not match its records");
}

/** Iterates the central directory; a broken directory record is "not a readable workbook". */
async function* entriesOf(zipfile: yauzl.ZipFile): AsyncGenerator<{ entry: yauzl.Entry; name: string }> {
  const it = zipfile.eachEntry();
  while (true) {
    let next: IteratorResult<yauzl.Entry>;
    try {
      next = await it.next();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (/strong encryption/.test(message)) throw new InputError(ENCRYPTED_MESSAGE);
      throw new InputError(NOT_XLSX_MESSAGE, { cause: message });
    }
    if (next.done) return;
    const entry = next.value;
    // Names are decoded here (decodeStrings: false) so that an unsafe one gets this module's message, not yauzl's.
    yield {
      entry,
      name: yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false),
    };
  }
}

const ENCRYPTED_MESSAGE =
  "This workbook is encrypted (password-protected), so it cannot be read. Save it as an unprotected Excel Workbook (.xlsx) and upload again.";

/**
 * Reads the archive's central directory (never inflating anything) and throws InputError, with the limit
 * and the figures, when the file is not a ZIP or looks like a zip bomb. Returns what the directory declares.
 */
export async function checkXlsxArchive(buf: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<XlsxArchiveSummary> {
  const { zipfile, directoryEnd: end } = await openArchive(buf);
  try {
    if (zipfile.entryCount > limits.maxEntries) {
      throw new InputError(
        `This workbook holds ${count(zipfile.entryCount)} files in its archive; the limit is ${count(limits.maxEntries)} ` +
          `(the barometer's workbook and the data browser's spreadsheets hold a few dozen), ${NOT_OPENED}.`,
      );
    }
    const seen = new Set<string>();
    const summary: XlsxArchiveSummary = { entries: 0, totalBytes: 0, largest: null };
    for await (const { entry, name } of entriesOf(zipfile)) {
      summary.entries++;
      const unsafe = unsafeName(name);
      if (unsafe) {
        throw new InputError(
          `This workbook's archive holds a file named ${quoted(name)}, with ${unsafe}; the file is damaged or crafted, ${NOT_OPENED}.`,
        );
      }
      const key = name.toLowerCase();
      if (seen.has(key)) {
        throw new InputError(
          `This workbook's archive holds the file ${quoted(name)} twice; the file is damaged or crafted, ${NOT_OPENED}.`,
        );
      }
      seen.add(key);
      if (entry.generalPurposeBitFlag & 0x41) throw new InputError(ENCRYPTED_MESSAGE);
      const isDir = name.endsWith("/");
      if (!isDir && entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        throw new InputError(NOT_XLSX_MESSAGE, { cause: `${name}: compression method ${entry.compressionMethod}` });
      }
      const size = entry.uncompressedSize;
      if (size > limits.maxEntryBytes) {
        throw new InputError(
          `Part ${quoted(name)} of this workbook would unpack to ${formatBytes(size)}; the limit per part is ${formatBytes(limits.maxEntryBytes)} ` +
            `(a sheet of the barometer or of a data browser spreadsheet is a few MB at most), ${NOT_OPENED}.`,
        );
      }
      if (size > limits.ratioGraceBytes) {
        const ratio = size / Math.max(entry.compressedSize, 1);
        if (ratio > limits.maxRatio) {
          throw new InputError(
            `Part ${quoted(name)} of this workbook would unpack from ${formatBytes(entry.compressedSize)} to ${formatBytes(size)} ` +
              `(${count(ratio)}:1); real workbooks compress less than ${count(limits.maxRatio)}:1, so this looks like a zip bomb and was not opened.`,
          );
        }
      }
      summary.totalBytes += size;
      if (summary.totalBytes > limits.maxTotalBytes) {
        throw new InputError(
          `This workbook would unpack to at least ${formatBytes(summary.totalBytes)}; the limit is ${formatBytes(limits.maxTotalBytes)} ` +
            `(the barometer's workbook and the data browser's spreadsheets unpack to a few MB at most), ${NOT_OPENED}.`,
        );
      }
      if (!summary.largest || size > summary.largest.bytes) summary.largest = { name, bytes: size };
    }
    checkDirectoryRead(zipfile, end);
    return summary;
  } finally {
    zipfile.close();
  }
}

/**
 * Cells a workbook may hold, all sheets together: a barometer holds a few hundred, the data browser's spreadsheet
 * of ei_lmjv_q_r2 54,507. exceljs builds an object of about 400 bytes per cell, so this keeps an honest
 * workbook far inside the parse process's heap; a denser one (within the archive limits a sheet can hold 1.2 million
 * cells) is refused while its parts are inflated, in about a second, instead of after the reader has filled the
 * heap limit (docs/data-sources.md §6).
 */
export const MAX_WORKBOOK_CELLS = 500_000;

/**
 * A cell element of sheet XML (`<c r="A1">`, `<c/>`, with or without a namespace prefix); other elements that start
 * with a c (`<col>`, `<cols>`, `<comment>`, a chart's `<c:chart>`) are not cells.
 */
const CELL_START = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;

/** Counts the cells of XML read in chunks; a tag cut by a chunk's end is counted with the next chunk. */
class CellCounter {
  cells = 0;
  private carry = "";
  add(chunk: Buffer): void {
    const text = this.carry + chunk.toString("latin1");
    const lastTag = text.lastIndexOf("<");
    const whole = lastTag >= 0 && text.length - lastTag < 64 ? lastTag : text.length;
    this.carry = text.slice(whole);
    this.cells += text.slice(0, whole).match(CELL_START)?.length ?? 0;
  }
  end(): void {
    this.cells += this.carry.match(CELL_START)?.length ?? 0;
    this.carry = "";
  }
}

const TOO_MANY_CELLS = (limit: number) =>
  new InputError(
    `This workbook holds more than ${count(limit)} cells; the limit is ${count(limit)} (a barometer holds a few hundred, ` +
      `a data browser spreadsheet tens of thousands), so it was not read. Delete unused sheets, rows and columns and upload again.`,
  );

/**
 * Inflates every part as a stream (keeping nothing) and throws InputError as soon as one produces more bytes
 * than its header declares, or fewer, or the XML parts together hold more than `maxCells` cells. Run off the main
 * thread: a part may inflate to at most its declared size plus one chunk before it is stopped, so this costs the
 * time to inflate what the archive check accepted.
 */
export async function verifyInflatedSizes(buf: Buffer, maxCells = MAX_WORKBOOK_CELLS): Promise<void> {
  const { zipfile } = await openArchive(buf);
  let counted = 0;
  try {
    for await (const { entry, name } of entriesOf(zipfile)) {
      if (name.endsWith("/") && entry.uncompressedSize === 0 && entry.compressedSize === 0) continue;
      const declared = entry.uncompressedSize;
      let stream: Readable;
      try {
        stream = await zipfile.openReadStreamPromise(entry);
      } catch (err) {
        throw new InputError(NOT_XLSX_MESSAGE, {
          cause: `${name}: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
      let actual = 0;
      const cells = name.toLowerCase().endsWith(".xml") ? new CellCounter() : null;
      try {
        for await (const chunk of stream) {
          actual += (chunk as Buffer).length;
          if (actual > declared) break;
          if (cells) {
            cells.add(chunk as Buffer);
            if (counted + cells.cells > maxCells) throw TOO_MANY_CELLS(maxCells);
          }
        }
        cells?.end();
      } catch (err) {
        if (err instanceof InputError) throw err;
        throw new InputError(NOT_XLSX_MESSAGE, {
          cause: `${name}: ${err instanceof Error ? err.message : String(err)}`,
        });
      } finally {
        stream.destroy();
      }
      if (actual !== declared) {
        throw new InputError(
          `Part ${quoted(name)} of this workbook unpacks to ${actual > declared ? "more than" : "only"} ${formatBytes(actual)}, ` +
            `not the ${formatBytes(declared)} its archive declares; the file is damaged or crafted, so it was not read.`,
        );
      }
      counted += cells?.cells ?? 0;
      if (counted > maxCells) throw TOO_MANY_CELLS(maxCells);
    }
  } finally {
    zipfile.close();
  }
}
