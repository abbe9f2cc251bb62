import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { deflate, denseWorkbook, honestWorkbook, lyingBomb, manyEntriesBomb, ratioBomb, workbookParts, zip } from "../../../tests/helpers/xlsx-bombs.ts";
import { InputError } from "../../errors.ts";
import { checkXlsxArchive, formatBytes, verifyInflatedSizes, XLSX_LIMITS } from "./guard.ts";
import { NOT_XLSX_MESSAGE } from "./parse.ts";

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
      'Part "xl/worksheets/sheet1.xml" of this workbook would unpack to 300 MB; the limit per part is 32 MB (a barometer sheet is a few KB), so it was not opened.',
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
      "This workbook holds 5,005 files in its archive; the limit is 1,000 (a barometer workbook holds a few dozen), so it was not opened.",
    );
    expect(ms).toBeLessThan(500);
  });

  it("a declared size above the per-part limit (4 GB claimed)", async () => {
    const buf = zip(workbookParts({ data: Buffer.from("<worksheet/>"), declaredSize: 0xfffffff0 }));
    expect((await refusal(checkXlsxArchive(buf))).message).toBe(
      'Part "xl/worksheets/sheet1.xml" of this workbook would unpack to 4,096 MB; the limit per part is 32 MB (a barometer sheet is a few KB), so it was not opened.',
    );
  });

  it("parts that are each within the limit but too big together", async () => {
    const part = deflate(Buffer.alloc(30 * MIB, "<c r=\"A1\"><v>1</v></c>")); // ~1000:1, so the ratio check is relaxed here
    const buf = zip([...workbookParts({ data: Buffer.from("<worksheet/>") }), ...[1, 2, 3].map((i) => ({ name: `xl/media/image${i}.bin`, deflated: part }))]);
    const { message } = await refusal(checkXlsxArchive(buf, { ...XLSX_LIMITS, maxRatio: 10_000 }));
    expect(message).toMatch(/^This workbook would unpack to at least 90 MB; the limit is 64 MB \(a barometer workbook unpacks to well under 1 MB\), so it was not opened\.$/);
  });

  it("a workbook over smaller limits, with the figures", async () => {
    const buf = await fixture("lmb-months-down.xlsx");
    expect((await refusal(checkXlsxArchive(buf, { ...XLSX_LIMITS, maxTotalBytes: 20_000 }))).message).toMatch(
      /^This workbook would unpack to at least 2\d KB; the limit is 20 KB/,
    );
    expect((await refusal(checkXlsxArchive(buf, { ...XLSX_LIMITS, maxEntries: 10 }))).message).toMatch(/holds 16 files in its archive; the limit is 10 /);
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
    const buf = zip([...workbookParts({ data: Buffer.from("<worksheet/>") }), { name: "XL/Workbook.xml", data: Buffer.from("<workbook/>") }]);
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
