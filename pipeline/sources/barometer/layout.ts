// Where the barometer lies in a sheet: a run of month cells down a column or across a row, the header line before
// it naming countries (services.ts), and where a second table starts. Reads either axis with the same code.
import { textOf, type Grid, type Plain } from "../xlsx/grid.ts";
import { monthOf } from "./months.ts";
import type { HeaderMatch } from "./services.ts";

export interface Layout {
  orientation: "months-down" | "months-across";
  /** The column (months down) or row (months across) holding the months. */
  monthLine: number;
  /** The row (months down) or column (months across) holding the country headers. */
  headerLine: number;
  /** Positions along the month line: rows (down) or columns (across), with their month. */
  months: Array<{ pos: number; period: string }>;
  /** Positions along the header line: columns (down) or rows (across), with their header. */
  headers: Array<{ pos: number; text: string; match: HeaderMatch }>;
  /** Row/column where a second table starts (not read), if any. */
  nextBlock: number | null;
}

/** Reads the grid along either axis with the same code: `at(line, pos)` is the cell on a line. */
interface Axis {
  orientation: Layout["orientation"];
  lines: number; // columns (months down) or rows (months across)
  positions: number; // rows (months down) or columns (months across)
  at(line: number, pos: number): Plain;
}

function axes(g: Grid): Axis[] {
  return [
    { orientation: "months-down", lines: g.cols, positions: g.rows, at: (line, pos) => g.cell(pos, line) },
    { orientation: "months-across", lines: g.rows, positions: g.cols, at: (line, pos) => g.cell(line, pos) },
  ];
}

export interface Attempt {
  layout: Layout | null;
  /** For the error message when nothing is found. */
  monthsSeen: { orientation: Layout["orientation"]; line: number; first: string; last: string; count: number } | null;
  headersSeen: string[];
}

type HeaderLine = { line: number; headers: Layout["headers"]; mapped: number };

/** The month cells along one line, with their positions. */
function monthsOn(axis: Axis, line: number): Layout["months"] {
  const months: Array<{ pos: number; period: string }> = [];
  for (let pos = 1; pos <= axis.positions; pos++) {
    const period = monthOf(axis.at(line, pos));
    if (period) months.push({ pos, period });
  }
  return months;
}

/**
 * The header line: before the first month, the line naming most countries (nearest on a tie). Headers that name
 * no country or region are added to `headersSeen`.
 */
function headerBefore(
  axis: Axis,
  line: number,
  firstPos: number,
  match: (text: string) => HeaderMatch,
  headersSeen: Set<string>,
): HeaderLine | null {
  let header: HeaderLine | null = null;
  for (let h = firstPos - 1; h >= 1; h--) {
    const headers: Layout["headers"] = [];
    let mapped = 0;
    for (let hl = line + 1; hl <= axis.lines; hl++) {
      const text = textOf(axis.at(hl, h));
      if (!text) continue;
      const m = match(text);
      headers.push({ pos: hl, text, match: m });
      if (m.kind === "country" || m.kind === "be-region") mapped++;
      else headersSeen.add(text);
    }
    if (mapped > (header?.mapped ?? 0)) header = { line: h, headers, mapped };
  }
  return header;
}

/** A second table below/after this one (a line that again names countries): where it starts, or null. */
function nextBlockAfter(
  axis: Axis,
  header: HeaderLine,
  months: Layout["months"],
  match: (text: string) => HeaderMatch,
): number | null {
  const need = Math.max(1, Math.ceil(header.mapped / 2));
  const monthPositions = new Set(months.map((m) => m.pos));
  for (let p = header.line + 1; p <= axis.positions; p++) {
    if (monthPositions.has(p)) continue;
    let mapped = 0;
    for (const hd of header.headers) {
      const text = textOf(axis.at(hd.pos, p));
      if (!text) continue;
      const m = match(text);
      if (m.kind === "country" || m.kind === "be-region") mapped++;
    }
    if (mapped >= need) return p;
  }
  return null;
}

/** The best layout of the sheet (most months × mapped headers), and what was seen for the error when there is none. */
export function findLayout(g: Grid, match: (text: string) => HeaderMatch): Attempt {
  let best: { layout: Layout; score: number } | null = null;
  let monthsSeen: Attempt["monthsSeen"] = null;
  const headersSeen = new Set<string>();

  for (const axis of axes(g)) {
    for (let line = 1; line <= axis.lines; line++) {
      const months = monthsOn(axis, line);
      if (months.length === 0) continue;
      if (!monthsSeen || months.length > monthsSeen.count) {
        const sorted = months.map((m) => m.period).sort();
        monthsSeen = {
          orientation: axis.orientation,
          line,
          first: sorted[0],
          last: sorted[sorted.length - 1],
          count: months.length,
        };
      }

      const header = headerBefore(axis, line, months[0].pos, match, headersSeen);
      if (!header) continue;

      // Stop at a second table below/after this one.
      const nextBlock = nextBlockAfter(axis, header, months, match);
      const inBlock = months.filter((m) => m.pos > header.line && (nextBlock === null || m.pos < nextBlock));
      if (inBlock.length === 0) continue;

      const score = inBlock.length * header.mapped;
      if (!best || score > best.score) {
        best = {
          score,
          layout: {
            orientation: axis.orientation,
            monthLine: line,
            headerLine: header.line,
            months: inBlock,
            headers: header.headers,
            nextBlock,
          },
        };
      }
    }
  }
  return { layout: best?.layout ?? null, monthsSeen, headersSeen: [...headersSeen] };
}
