import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  deflate,
  deflateGenerated,
  denseWorkbook,
  honestWorkbook,
  lyingBomb,
  manyEntriesBomb,
  ratioBomb,
  workbookParts,
  zip,
} from "../../../tests/helpers/xlsx-bombs.ts";
import { InputError } from "../../../lib/errors.ts";
import { checkXlsxArchive, formatBytes, MAX_WORKBOOK_CELLS, verifyInflatedSizes, XLSX_LIMITS } from "./guard.ts";
import { NOT_XLSX_MESSAGE, parseBarometer } from "./parse.ts";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/synthetic/barometer");
const fixture = (name: string) => readFile(path.join(FIXTURES, name));
const MIB = 1024 * 1024;

/** Runs `check` and answers the InputError it threw, with how long it took. */
async function refusal(check: Promise<unknown>): Promise<{ message: string; ms: number }> {
  const started = performance.now();
  const err = await check.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  return { message: (err as Error).message, ms: performance.now() - started };
}

describe("the archive check passes real workbooks", () => {
  it.each(["lmb-months-down.xlsx", "lmb-months-across.xlsx", "lmb-out-of-range.xlsx"])("%s", async (name) => {
    const summary = await checkXlsxArchive(await fixture(name));
    expect(summary.entries).toBe(16);
    expect(summary.totalBytes).toBeGreaterThan(15_000);
    expect(summary.totalBytes).toBeLessThan(40_000);
    expect(summary.largest?.name).toMatch(/^xl\/(worksheets\/sheet1|theme\/theme1)\.xml$/);
    await expect(verifyInflatedSizes(await fixture(name))).resolves.toBeUndefined();
  });

  it("sums the declared sizes of the months-down fixture as unzip does", async () => {
    expect(await checkXlsxArchive(await fixture("lmb-months-down.xlsx"))).toEqual({
      entries: 16,
      totalBytes: 30_435,
      largest: { name: "xl/worksheets/sheet1.xml", bytes: 14_835 },
    });
  });

  it("passes a dense honest sheet just under the per-part limit (~1.1 million cells)", async () => {
    const buf = await denseWorkbook(110_000);
    const summary = await checkXlsxArchive(buf);
    expect(summary.largest!.bytes).toBeGreaterThan(28 * MIB);
    expect(summary.largest!.bytes).toBeLessThan(XLSX_LIMITS.maxEntryBytes);
  });
});

describe("the archive check refuses, without inflating", () => {
  it.each([
    ["random bytes", Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256))],
    ["an empty file", Buffer.alloc(0)],
    ["JSON", Buffer.from('{"value": {"0": 100.1}}')],
    ["a truncated zip", Buffer.from("PK\u0003\u0004 truncated")],
    ["a zip cut before its central directory", honestWorkbook().subarray(0, 900)],
  ])("%s as not a readable workbook", async (_, buf) => {
    expect((await refusal(checkXlsxArchive(buf))).message).toBe(NOT_XLSX_MESSAGE);
  });

  it("an old .xls or a password-protected workbook with the parser's message", async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect((await refusal(checkXlsxArchive(ole))).message).toMatch(/old-style \.xls or a password-protected workbook/);
  });

  it("a ratio bomb: one row repeated to 300 MB in a 2 MB file", async () => {
    const bomb = await ratioBomb(300);
    expect(bomb.length).toBeLessThan(3 * MIB);
    const { message, ms } = await refusal(checkXlsxArchive(bomb));
    expect(message).toBe(
      'Part "xl/worksheets/sheet1.xml" of this workbook would unpack to 300 MB; the limit per part is 32 MB (a sheet of the barometer or of a data browser spreadsheet is a few MB at most), so it was not opened.',
    );
    expect(ms).toBeLessThan(500);
  });

  it("a part under the size limit that inflates more than 100:1", async () => {
    const { message } = await refusal(checkXlsxArchive(await ratioBomb(20)));
    expect(message).toMatch(
      /^Part "xl\/worksheets\/sheet1\.xml" of this workbook would unpack from \d+ KB to 20 MB \(\d{3,4}:1\); real workbooks compress less than 100:1, so this looks like a zip bomb and was not opened\.$/,
    );
  });

  it("a small part may compress well (under the 100 KB grace size)", async () => {
    const buf = zip(workbookParts({ data: Buffer.from("<x/>".repeat(20_000)) })); // 80 KB at ~300:1
    await expect(checkXlsxArchive(buf)).resolves.toMatchObject({ entries: 5 });
  });

  it("too many parts, before reading the directory", async () => {
    const { message, ms } = await refusal(checkXlsxArchive(manyEntriesBomb(5_000)));
    expect(message).toBe(
      "This workbook holds 5,005 files in its archive; the limit is 1,000 (the barometer's workbook and the data browser's spreadsheets hold a few dozen), so it was not opened.",
    );
    expect(ms).toBeLessThan(500);
  });

  it("a declared size above the per-part limit (4 GB claimed)", async () => {
    const buf = zip(workbookParts({ data: Buffer.from("<worksheet/>"), declaredSize: 0xfffffff0 }));
    expect((await refusal(checkXlsxArchive(buf))).message).toBe(
      'Part "xl/worksheets/sheet1.xml" of this workbook would unpack to 4,096 MB; the limit per part is 32 MB (a sheet of the barometer or of a data browser spreadsheet is a few MB at most), so it was not opened.',
    );
  });

  it("parts that are each within the limit but too big together", async () => {
    const part = deflate(Buffer.alloc(30 * MIB, '<c r="A1"><v>1</v></c>')); // ~1000:1, so the ratio check is relaxed here
    const buf = zip([
      ...workbookParts({ data: Buffer.from("<worksheet/>") }),
      ...[1, 2, 3].map((i) => ({ name: `xl/media/image${i}.bin`, deflated: part })),
    ]);
    const { message } = await refusal(checkXlsxArchive(buf, { ...XLSX_LIMITS, maxRatio: 10_000 }));
    expect(message).toMatch(
      /^This workbook would unpack to at least 90 MB; the limit is 64 MB \(the barometer's workbook and the data browser's spreadsheets unpack to a few MB at most\), so it was not opened\.$/,
    );
  });

  it("a workbook over smaller limits, with the figures", async () => {
    const buf = await fixture("lmb-months-down.xlsx");
    expect((await refusal(checkXlsxArchive(buf, { ...XLSX_LIMITS, maxTotalBytes: 20_000 }))).message).toMatch(
      /^This workbook would unpack to at least 2\d KB; the limit is 20 KB/,
    );
    expect((await refusal(checkXlsxArchive(buf, { ...XLSX_LIMITS, maxEntries: 10 }))).message).toMatch(
      /holds 16 files in its archive; the limit is 10 /,
    );
  });

  it("an encrypted part", async () => {
    const buf = zip(workbookParts({ data: Buffer.from("<worksheet/>"), flags: 1 }));
    expect((await refusal(checkXlsxArchive(buf))).message).toBe(
      "This workbook is encrypted (password-protected), so it cannot be read. Save it as an unprotected Excel Workbook (.xlsx) and upload again.",
    );
  });

  it("strong encryption", async () => {
    const buf = zip(workbookParts({ data: Buffer.from("<worksheet/>"), flags: 0x41 }));
    expect((await refusal(checkXlsxArchive(buf))).message).toMatch(/^This workbook is encrypted/);
  });

  it.each([
    ["/xl/worksheets/sheet2.xml", "an absolute path"],
    ["C:/temp/sheet.xml", "an absolute path"],
    ["xl/../../etc/passwd", 'a ".." step out of the archive'],
    ["xl\\..\\..\\evil.xml", 'a ".." step out of the archive'],
  ])("an unsafe name: %s", async (name, why) => {
    const buf = zip([...workbookParts({ data: Buffer.from("<worksheet/>") }), { name, data: Buffer.from("x") }]);
    expect((await refusal(checkXlsxArchive(buf))).message).toBe(
      `This workbook's archive holds a file named "${name.replace(/\\/g, "/")}", with ${why}; the file is damaged or crafted, so it was not opened.`,
    );
  });

  it("a part named twice (JSZip would keep one, the check would have seen the other)", async () => {
    const buf = zip([
      ...workbookParts({ data: Buffer.from("<worksheet/>") }),
      { name: "XL/Workbook.xml", data: Buffer.from("<workbook/>") },
    ]);
    expect((await refusal(checkXlsxArchive(buf))).message).toBe(
      `This workbook's archive holds the file "XL/Workbook.xml" twice; the file is damaged or crafted, so it was not opened.`,
    );
  });

  it("a compression method other than stored or deflated", async () => {
    const buf = zip(workbookParts({ data: Buffer.from("<worksheet/>") }));
    const cd = buf.lastIndexOf(Buffer.from("PK\u0001\u0002"));
    buf.writeUInt16LE(14, cd + 10); // LZMA
    expect((await refusal(checkXlsxArchive(buf))).message).toBe(NOT_XLSX_MESSAGE);
  });
});

describe("the archive check reads the archive as the parser (JSZip) will", () => {
  const EOCD = Buffer.from("PK\u0005\u0006", "latin1");
  /** `buf` with `bytes` inserted just before its end record, the end record edited by `edit`. */
  function beforeEnd(buf: Buffer, bytes: Buffer, edit: (eocd: Buffer) => void = () => {}): Buffer {
    const at = buf.lastIndexOf(EOCD);
    const eocd = Buffer.from(buf.subarray(at));
    edit(eocd);
    return Buffer.concat([buf.subarray(0, at), bytes, eocd]);
  }
  const CONSISTENT =
    /^This workbook's archive is laid out inconsistently \((.+)\); the file is damaged or crafted, so it was not opened\.$/;

  it("refuses bytes between the directory and its end record (JSZip would shift every offset by them)", async () => {
    const buf = beforeEnd(honestWorkbook(), Buffer.alloc(64, 0x20));
    const { message } = await refusal(checkXlsxArchive(buf));
    expect(message).toMatch(CONSISTENT);
    expect(message).toContain("its directory does not end where its end record starts");
  });

  it("refuses a directory whose declared size is larger than its records", async () => {
    const buf = beforeEnd(honestWorkbook(), Buffer.alloc(10, 0x20), (eocd) =>
      eocd.writeUInt32LE(eocd.readUInt32LE(12) + 10, 12),
    );
    expect((await refusal(checkXlsxArchive(buf))).message).toContain("its directory's size does not match its records");
  });

  /** honestWorkbook() with ZIP64 end records before its ordinary one; `maxed` marks the ordinary one's fields as in ZIP64. */
  function withZip64(maxed: boolean): Buffer {
    const plain = honestWorkbook();
    const at = plain.lastIndexOf(EOCD);
    const entries = plain.readUInt16LE(at + 10);
    const cdSize = plain.readUInt32LE(at + 12);
    const cdOffset = plain.readUInt32LE(at + 16);
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeBigUInt64LE(BigInt(entries), 24);
    record.writeBigUInt64LE(BigInt(entries), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(at), 8); // the record sits where the end record was
    locator.writeUInt32LE(1, 16);
    return beforeEnd(plain, Buffer.concat([record, locator]), (eocd) => {
      if (!maxed) return;
      eocd.writeUInt16LE(0xffff, 8);
      eocd.writeUInt16LE(0xffff, 10);
      eocd.writeUInt32LE(0xffffffff, 12);
      eocd.writeUInt32LE(0xffffffff, 16);
    });
  }

  it("refuses ZIP64 records that only yauzl would follow (the ordinary end record has no maxed-out field)", async () => {
    const { message } = await refusal(checkXlsxArchive(withZip64(false)));
    expect(message).toMatch(CONSISTENT);
    expect(message).toContain("a ZIP64 record where none is needed, or none where one is");
  });

  it("accepts a consistent ZIP64 archive, which the parser reads too", async () => {
    const buf = withZip64(true);
    await expect(checkXlsxArchive(buf)).resolves.toMatchObject({ entries: 5 });
    expect((await parseBarometer(buf)).observations).toHaveLength(12);
  });

  it("still accepts a well-formed archive with a comment", async () => {
    const comment = Buffer.from("made by a test");
    const buf = beforeEnd(honestWorkbook(), Buffer.alloc(0), (eocd) => eocd.writeUInt16LE(comment.length, 20));
    await expect(checkXlsxArchive(Buffer.concat([buf, comment]))).resolves.toMatchObject({ entries: 5 });
  });
});

describe("the inflated sizes are verified (in the worker)", () => {
  it("a part that inflates past its declared size is stopped at the first chunk", async () => {
    const bomb = await lyingBomb(300);
    await expect(checkXlsxArchive(bomb)).resolves.toMatchObject({ entries: 5 }); // the headers pass every check
    const rss = process.memoryUsage().rss;
    const { message, ms } = await refusal(verifyInflatedSizes(bomb));
    expect(message).toMatch(
      /^Part "xl\/worksheets\/sheet1\.xml" of this workbook unpacks to more than \d+ KB, not the 40 KB its archive declares; the file is damaged or crafted, so it was not read\.$/,
    );
    expect(ms).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * MIB);
  });

  it("a part that inflates to less than declared", async () => {
    const buf = zip(workbookParts({ data: Buffer.from("<worksheet/>"), declaredSize: 5000 }));
    expect((await refusal(verifyInflatedSizes(buf))).message).toBe(
      'Part "xl/worksheets/sheet1.xml" of this workbook unpacks to only 12 bytes, not the 5 KB its archive declares; the file is damaged or crafted, so it was not read.',
    );
  });

  it("a workbook denser than the cell limit is refused while its parts are inflated, before any reader", async () => {
    const dense = await denseWorkbook(110_000, 2); // 2.2 million cells, every part within the archive limits
    await expect(checkXlsxArchive(dense)).resolves.toMatchObject({ entries: 6 });
    const { message, ms } = await refusal(verifyInflatedSizes(dense));
    expect(message).toBe(
      "This workbook holds more than 500,000 cells; the limit is 500,000 (a barometer holds a few hundred, a data browser spreadsheet tens of thousands), so it was not read. Delete unused sheets, rows and columns and upload again.",
    );
    expect(MAX_WORKBOOK_CELLS).toBe(500_000);
    expect(ms).toBeLessThan(5_000);
    // the limit holds for all sheets together: two sheets of 300,000 cells each
    expect((await refusal(verifyInflatedSizes(await denseWorkbook(30_000, 2)))).message).toMatch(
      /more than 500,000 cells/,
    );
    await expect(verifyInflatedSizes(await denseWorkbook(30_000))).resolves.toBeUndefined();
  });

  it("counts every cell, however the XML is cut into chunks and whatever its namespace prefix", async () => {
    // 10 cells a row; 20,000 rows inflate to several chunks, so tags are cut at chunk ends
    const plain = await denseWorkbook(20_000);
    await expect(verifyInflatedSizes(plain, 200_000)).resolves.toBeUndefined();
    await expect(refusal(verifyInflatedSizes(plain, 199_999))).resolves.toMatchObject({
      message: expect.stringMatching(/more than 199,999 cells/),
    });
    // `<x:c>` cells (a prefixed SpreadsheetML namespace) and empty `<c/>` ones count; `<col>` and `<x:cols>` do not
    const row = (i: number) =>
      `<x:row r="${i + 1}"><x:c r="A${i + 1}"><x:v>1</x:v></x:c><c/><c r="C${i + 1}" t="n"><v>2</v></c></x:row>`;
    const prefixed = zip(
      workbookParts({
        deflated: await deflateGenerated(
          '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:cols><col min="1" max="3"/></x:cols><x:sheetData>',
          row,
          50_000,
          "</x:sheetData></x:worksheet>",
        ),
      }),
    );
    await expect(verifyInflatedSizes(prefixed, 150_000)).resolves.toBeUndefined();
    await expect(refusal(verifyInflatedSizes(prefixed, 149_999))).resolves.toMatchObject({
      message: expect.stringMatching(/more than 149,999 cells/),
    });
  });

  it("the real data browser spreadsheet (65 sheets, 54,507 cells) is within the limit", async () => {
    const real = await readFile(path.join(FIXTURES, "../../real/eurostat/ei_lmjv_q_r2_databrowser_2023Q2_2025Q3.xlsx"));
    await expect(verifyInflatedSizes(real, 54_507)).resolves.toBeUndefined();
    await expect(refusal(verifyInflatedSizes(real, 54_506))).resolves.toMatchObject({
      message: expect.stringMatching(/more than 54,506 cells/),
    });
  });

  it("corrupt deflate data is not a readable workbook", async () => {
    const good = deflate(Buffer.from("<worksheet><sheetData/></worksheet>".repeat(50)));
    const bad = { ...good, bytes: Buffer.from(good.bytes.map((b, i) => (i > 2 ? b ^ 0x5a : b))) };
    expect((await refusal(verifyInflatedSizes(zip(workbookParts({ deflated: bad }))))).message).toBe(NOT_XLSX_MESSAGE);
  });
});

describe("formatBytes", () => {
  it.each([
    [512, "512 bytes"],
    [40_000, "40 KB"],
    [14_835, "15 KB"],
    [32 * MIB, "32 MB"],
    [17.23 * MIB, "17.2 MB"],
    [4_294_967_280, "4,096 MB"],
  ])("%d → %s", (n, s) => expect(formatBytes(n)).toBe(s));
});
