// The embeddable badge (GET /badge/{code}.svg): a two-part SVG like a CI badge, "job weather · Greece" on the left,
// "7.4 cloudy" on the right in the status colour (product/weather.ts owns the colours). Pure: text in, SVG out.
// Widths come from a per-character table (api/badge-widths.ts) and every text pins its width with textLength, so
// whatever font the viewer has, the text fits its box.
import { STATUS_STYLE, MAP_STYLE, type Status } from "../product/weather.ts";
import { formatScore } from "../product/format.ts";
import { ASCII_WIDTHS, BADGE_FONT_PX, LATIN1_WIDTHS } from "./badge-widths.ts";

const HEIGHT = 20;
const PAD_X = 6;
const LABEL_FILL = "#555555";
const LABEL_INK = "#ffffff";
/** No score: the map's no-data stripe colour, white text (4.8:1). */
const NO_SCORE_FILL = MAP_STYLE.noDataStripe;
const NO_SCORE_INK = "#ffffff";
/** Unknown characters count as wide as "W", so the box is never too small. */
const FALLBACK_WIDTH = ASCII_WIDTHS["W".charCodeAt(0) - 32]!;

/** The badge's message while publication is paused. */
export const BADGE_PAUSED = "paused";

/** Escapes text for XML character data and attribute values (both quote kinds). */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}

/** Width of a text at the badge's font size (px), from the DejaVu Sans table. */
export function textWidth(text: string): number {
  let hundredths = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const w =
      code >= 32 && code <= 126
        ? ASCII_WIDTHS[code - 32]
        : code >= 160 && code <= 255
          ? LATIN1_WIDTHS[code - 160]
          : undefined;
    hundredths += w ?? FALLBACK_WIDTH;
  }
  return hundredths / 100;
}

export interface BadgeParts {
  /** Left text, e.g. "job weather · Greece". */
  label: string;
  /** Right text, e.g. "7.4 cloudy". */
  message: string;
  /** Right background and text colours. */
  fill: string;
  ink: string;
  /** What a screen reader says, also the tooltip (<title>). */
  title: string;
}

/** What a country's badge says: its score and status, or why it has none (a phrase from product/no-score.ts). */
export function badgeParts(
  countryName: string,
  shown: { score: number; status: Status } | { score: null; phrase: string },
): BadgeParts {
  const label = `job weather · ${countryName}`;
  if (shown.score === null) {
    return {
      label,
      message: shown.phrase,
      fill: NO_SCORE_FILL,
      ink: NO_SCORE_INK,
      title: `Job Weather Index for ${countryName}: ${shown.phrase}`,
    };
  }
  const style = STATUS_STYLE[shown.status];
  const score = formatScore(shown.score);
  return {
    label,
    message: `${score} ${shown.status}`,
    fill: style.fill,
    ink: style.ink,
    title: `Job Weather Index for ${countryName}: ${score} out of 10, ${style.name.toLowerCase()}`,
  };
}

/**
 * The badge's width in px: what badgeSvg draws. The site's preview <img> names it with the height, so the browser
 * keeps the room before the picture arrives.
 */
export function badgeWidth(parts: Pick<BadgeParts, "label" | "message">): number {
  return Math.ceil(textWidth(parts.label)) + Math.ceil(textWidth(parts.message)) + 4 * PAD_X;
}

/** The badge as a standalone SVG document (role="img", aria-label and <title> for screen readers). */
export function badgeSvg(parts: BadgeParts): string {
  const labelText = Math.ceil(textWidth(parts.label));
  const messageText = Math.ceil(textWidth(parts.message));
  const left = labelText + 2 * PAD_X;
  const right = messageText + 2 * PAD_X;
  const width = left + right;
  const title = escapeXml(parts.title);
  // Text drawn at 10× and scaled down (sub-pixel positions without long decimals), as CI badges do.
  const text = (content: string, centre: number, length: number, ink: string) =>
    `<text x="${centre * 10}" y="140" transform="scale(.1)" fill="${escapeXml(ink)}" textLength="${length * 10}">${escapeXml(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)">`,
    `<rect width="${left}" height="${HEIGHT}" fill="${LABEL_FILL}"/>`,
    `<rect x="${left}" width="${right}" height="${HEIGHT}" fill="${escapeXml(parts.fill)}"/>`,
    `</g>`,
    `<g text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="${BADGE_FONT_PX * 10}">`,
    text(parts.label, left / 2, labelText, LABEL_INK),
    text(parts.message, left + right / 2, messageText, parts.ink),
    `</g>`,
    `</svg>`,
  ].join("");
}
