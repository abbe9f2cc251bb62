// Hostile .xlsx files built at run time (no big binaries in the repository): a tiny ZIP writer that can lie in
// its headers, and workbook skeletons whose sheet inflates to hundreds of MB.
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

export interface ZipEntry {
  name: string;
  /** Plain bytes: deflated (or stored with `store`) by the writer. */
  data?: Buffer;
  /** Already-deflated bytes with their true inflated size and CRC (big generated entries). */
  deflated?: Deflated;
  store?: boolean;
  /** Written in the headers instead of the true inflated size (an archive that lies). */
  declaredSize?: number;
  /** General-purpose flag bits (1 = encrypted). */
  flags?: number;
}

export interface Deflated {
  bytes: Buffer;
  size: number;
  crc: number;
}

/** Assembles a ZIP: local headers and data, then the central directory and its end record. */
export function zip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const plain = e.data ?? Buffer.alloc(0);
    const body = e.deflated ?? (e.store ? { bytes: plain, size: plain.length, crc: crc32(plain) } : deflate(plain));
    const method = e.store ? 0 : 8;
    const size = e.declaredSize ?? body.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE((e.flags ?? 0) | 0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(body.crc, 14);
    local.writeUInt32LE(body.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE((e.flags ?? 0) | 0x800, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt16LE(0x21, 14);
    cd.writeUInt32LE(body.crc, 16);
    cd.writeUInt32LE(body.bytes.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, name, body.bytes);
    central.push(cd, name);
    offset += local.length + name.length + body.bytes.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBytes, end]);
}

export function deflate(data: Buffer): Deflated {
  return { bytes: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/** Deflates `head`, then `chunk(i)` for i = 0…count-1, then `tail`, streaming (the plain text is never held whole). */
export async function deflateGenerated(
  head: string,
  chunk: (i: number) => string,
  count: number,
  tail: string,
): Promise<Deflated> {
  const z = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  z.on("data", (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    z.on("end", resolve);
    z.on("error", reject);
  });
  let size = 0;
  let crc = 0;
  const write = async (s: string) => {
    const b = Buffer.from(s, "utf8");
    size += b.length;
    crc = crc32(b, crc);
    if (!z.write(b)) await new Promise((r) => z.once("drain", r));
  };
  await write(head);
  let batch = "";
  for (let i = 0; i < count; i++) {
    batch += chunk(i);
    if (batch.length >= 1 << 20) {
      await write(batch);
      batch = "";
    }
  }
  await write(batch + tail);
  z.end();
  await done;
  return { bytes: Buffer.concat(out), size, crc };
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const sheetNumbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const contentTypes = (n: number) =>
  XML +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  sheetNumbers(n)
    .map(
      (i) =>
        `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join("") +
  "</Types>";
const ROOT_RELS =
  XML +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  "</Relationships>";
const workbook = (n: number) =>
  XML +
  `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>` +
  sheetNumbers(n)
    .map((i) => `<sheet name="${i === 1 ? "Data" : `Data ${i}`}" sheetId="${i}" r:id="rId${i}"/>`)
    .join("") +
  "</sheets></workbook>";
const workbookRels = (n: number) =>
  XML +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  sheetNumbers(n)
    .map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`)
    .join("") +
  "</Relationships>";
const SHEET_HEAD = XML + '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = "</sheetData></worksheet>";

/** The parts of a minimal workbook around its sheets (what Excel needs to open it, and exceljs too). */
export function workbookParts(...sheets: Array<Omit<ZipEntry, "name">>): ZipEntry[] {
  return [
    { name: "[Content_Types].xml", data: Buffer.from(contentTypes(sheets.length)) },
    { name: "_rels/.rels", data: Buffer.from(ROOT_RELS) },
    { name: "xl/workbook.xml", data: Buffer.from(workbook(sheets.length)) },
    { name: "xl/_rels/workbook.xml.rels", data: Buffer.from(workbookRels(sheets.length)) },
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, ...sheet })),
  ];
}

const COLS = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];

/** One row of ten numeric cells with their addresses, as Excel writes them (varied text: deflates ~10:1). */
function denseRow(i: number): string {
  const r = i + 1;
  let s = `<row r="${r}">`;
  for (let c = 0; c < COLS.length; c++) s += `<c r="${COLS[c]}${r}"><v>${(r * 7 + c) % 1000}</v></c>`;
  return s + "</row>";
}

/** A small readable barometer sheet built with the same writer (months down column A, two countries). */
export function honestWorkbook(): Buffer {
  const rows = [
    `<row r="1"><c r="A1" t="inlineStr"><is><t>Month</t></is></c><c r="B1" t="inlineStr"><is><t>Germany</t></is></c><c r="C1" t="inlineStr"><is><t>Austria</t></is></c></row>`,
  ];
  for (let m = 1; m <= 6; m++) {
    const r = m + 1;
    rows.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>2025-0${m}</t></is></c><c r="B${r}"><v>${100 + m / 10}</v></c><c r="C${r}"><v>${99 + m / 10}</v></c></row>`,
    );
  }
  return zip(workbookParts({ data: Buffer.from(SHEET_HEAD + rows.join("") + SHEET_TAIL) }));
}

/**
 * Honest headers, dense content: `sheets` sheets of `rows` rows of ten numeric cells (about 290 bytes of XML
 * per row, deflating ~5:1). Passes the archive check when small enough; its parse is what the worker's memory
 * and time limits are for.
 */
export async function denseWorkbook(rows: number, sheets = 1): Promise<Buffer> {
  const sheet = await deflateGenerated(SHEET_HEAD, denseRow, rows, SHEET_TAIL);
  return zip(workbookParts(...Array.from({ length: sheets }, () => ({ deflated: sheet }))));
}

/** One row repeated: inflates about 1000:1 (the classic bomb). */
export async function ratioBomb(megabytes: number): Promise<Buffer> {
  const row = `<row><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c></row>`;
  const count = Math.ceil((megabytes * 1024 * 1024) / row.length);
  return zip(workbookParts({ deflated: await deflateGenerated(SHEET_HEAD, () => row, count, SHEET_TAIL) }));
}

/** The repeated row of `ratioBomb`, its headers claiming only `declaredSize` bytes: every check on the headers passes. */
export async function lyingBomb(megabytes: number, declaredSize = 40_000): Promise<Buffer> {
  const row = `<row><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c><c><v>1</v></c></row>`;
  const count = Math.ceil((megabytes * 1024 * 1024) / row.length);
  return zip(
    workbookParts({ deflated: await deflateGenerated(SHEET_HEAD, () => row, count, SHEET_TAIL), declaredSize }),
  );
}

/** A workbook skeleton followed by `count` tiny extra parts. */
export function manyEntriesBomb(count: number): Buffer {
  const extra = Array.from({ length: count }, (_, i) => ({
    name: `xl/media/pad${i}.bin`,
    data: Buffer.from("x"),
    store: true,
  }));
  return zip([...workbookParts({ data: Buffer.from(SHEET_HEAD + SHEET_TAIL) }), ...extra]);
}
