// Header → country matching for the European Labour Market Barometer (ELMB) reader.
//
// The barometer is published per public employment service (PES), not per country, and Belgium takes
// part through its regional services. A header in a barometer workbook can be an English country name,
// a native name, an ISO code, or the name or abbreviation of a PES ("AMS", "Bundesagentur für Arbeit",
// "VDAB"). This module owns the matcher; the alias table is in employment-services.ts; country names and
// codes come from lib/countries.ts (never copied here).

import { COUNTRIES } from "../../../lib/countries.ts";
import {
  BELGIAN_REGIONS,
  EUROPEAN_AGGREGATE_WORDS,
  PUBLIC_EMPLOYMENT_SERVICES,
  type BelgianRegion,
} from "./employment-services.ts";

export { BELGIAN_REGIONS, ELMB_PARTICIPANTS, PUBLIC_EMPLOYMENT_SERVICES } from "./employment-services.ts";

/** Words and phrases that carry no identity in a header: "Austria (PES)", "PES Cyprus". */
const NOISE_PHRASES: readonly string[] = ["pes", "public employment service", "public employment services", "the"];

export type HeaderTarget = { kind: "country"; code: string } | { kind: "be-region"; region: BelgianRegion };

export type HeaderMatch = HeaderTarget | { kind: "aggregate" } | { kind: "unknown"; ambiguous: string[] };

/** Lower case, accents and special letters folded, punctuation to spaces, spaces collapsed. */
export function normaliseHeader(text: string): string {
  return tokens(text).join(" ");
}

const LETTER_FOLDS: Record<string, string> = {
  ß: "ss",
  ø: "o",
  æ: "ae",
  œ: "oe",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ħ: "h",
};

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßøæœđðþłıħ]/g, (ch) => LETTER_FOLDS[ch] ?? ch);
}

function tokens(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** Parts of a header that stand on their own: "Belgium (Wallonia)" → "Belgium", "Wallonia"; "BE-DG" → "BE", "DG". */
const SEGMENT_SEPARATORS = /[()[\]{}/\\,;:|–—-]+/u;

function stripNoise(words: string[]): string[] {
  let rest = [...words];
  for (const phrase of [...NOISE_PHRASES].sort((a, b) => b.length - a.length)) {
    const p = phrase.split(" ");
    for (let i = 0; i + p.length <= rest.length;) {
      if (p.every((w, k) => rest[i + k] === w)) rest = [...rest.slice(0, i), ...rest.slice(i + p.length)];
      else i++;
    }
  }
  return rest;
}

interface AliasEntry {
  words: string[];
  target: HeaderTarget;
}

/**
 * Short aliases (ISO codes, abbreviations of four letters or fewer) only match a whole header part, so
 * that "de" or "te" inside a longer name never does; longer aliases match as a run of words anywhere.
 */
function isShort(words: string[]): boolean {
  return words.length === 1 && words[0].length <= 4;
}

function buildAliases(): { short: Map<string, HeaderTarget[]>; long: AliasEntry[] } {
  const short = new Map<string, HeaderTarget[]>();
  const long: AliasEntry[] = [];
  const add = (alias: string, target: HeaderTarget) => {
    const words = tokens(alias);
    if (words.length === 0) return;
    if (isShort(words)) {
      const list = short.get(words[0]) ?? [];
      if (!list.some((t) => sameTarget(t, target))) list.push(target);
      short.set(words[0], list);
    } else {
      long.push({ words, target });
    }
    // An alias written with a hyphen ("BE-DG", "TE-palvelut") is also matched as a whole.
    if (words.length > 1) {
      const joined = words.join(" ");
      const list = short.get(joined) ?? [];
      if (!list.some((t) => sameTarget(t, target))) list.push(target);
      short.set(joined, list);
    }
  };
  for (const country of COUNTRIES) {
    const target: HeaderTarget = { kind: "country", code: country.code };
    add(country.code, target);
    add(country.eurostatGeo, target); // EL → GR
    add(country.name, target);
    for (const native of country.nativeNames) add(native, target);
  }
  for (const pes of PUBLIC_EMPLOYMENT_SERVICES) {
    for (const alias of pes.aliases) add(alias, { kind: "country", code: pes.code });
  }
  for (const region of BELGIAN_REGIONS) {
    for (const alias of region.aliases) add(alias, { kind: "be-region", region });
  }
  long.sort((a, b) => b.words.length - a.words.length);
  return { short, long };
}

let aliasCache: ReturnType<typeof buildAliases> | undefined;
function aliases(): ReturnType<typeof buildAliases> {
  aliasCache ??= buildAliases();
  return aliasCache;
}

function sameTarget(a: HeaderTarget, b: HeaderTarget): boolean {
  if (a.kind === "country" && b.kind === "country") return a.code === b.code;
  if (a.kind === "be-region" && b.kind === "be-region") return a.region.id === b.region.id;
  return false;
}

function targetLabel(t: HeaderTarget): string {
  return t.kind === "country" ? t.code : `BE (${t.region.name})`;
}

/**
 * Maps one barometer header to a covered country, a Belgian region, the European aggregate, or nothing.
 * Case, accents, punctuation and filler words ("PES", "Public Employment Service") do not matter.
 * Belgium plus a region ("BE-Flanders", "Belgium (Wallonia)") is that region. Two different countries
 * in one header ("Germany / Austria") match nothing and are reported as ambiguous.
 */
export function matchHeader(header: string): HeaderMatch {
  const { short, long } = aliases();
  const found: HeaderTarget[] = [];

  // Word positions of the whole header, and which part (segment) each word belongs to.
  const segments = header
    .split(SEGMENT_SEPARATORS)
    .map((s) => tokens(s))
    .filter((s) => s.length > 0);
  const allWords = segments.flat();
  const used = new Array<boolean>(allWords.length).fill(false);

  // 1. The whole header as one alias, after removing filler words ("BE-VLG", "Arbeitsamt der DG", "PES BA").
  const whole = short.get(stripNoise(allWords).join(" "));
  if (whole && whole.length === 1) return whole[0];

  // 2. Whole parts: codes and abbreviations standing on their own ("Germany (DE)", "AT – AMS").
  let offset = 0;
  for (const seg of segments) {
    const key = stripNoise(seg).join(" ");
    const hits = key ? short.get(key) : undefined;
    if (hits && hits.length === 1) {
      found.push(hits[0]);
      for (let k = 0; k < seg.length; k++) used[offset + k] = true;
    }
    offset += seg.length;
  }
  // 3. Longer aliases as runs of words anywhere, longest first, never overlapping.
  for (const entry of long) {
    const n = entry.words.length;
    for (let i = 0; i + n <= allWords.length; i++) {
      let free = true;
      for (let k = 0; k < n; k++) {
        if (used[i + k] || allWords[i + k] !== entry.words[k]) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      found.push(entry.target);
      for (let k = 0; k < n; k++) used[i + k] = true;
    }
  }

  const distinct: HeaderTarget[] = [];
  for (const t of found) if (!distinct.some((d) => sameTarget(d, t))) distinct.push(t);

  if (distinct.length === 1) return distinct[0];
  if (distinct.length > 1) {
    // Belgium together with exactly one of its regions is that region.
    const regions = distinct.filter((t) => t.kind === "be-region");
    const others = distinct.filter((t) => !(t.kind === "be-region" || (t.kind === "country" && t.code === "BE")));
    if (regions.length === 1 && others.length === 0) return regions[0];
    return { kind: "unknown", ambiguous: distinct.map(targetLabel) };
  }

  const rest = stripNoise(allWords);
  if (rest.some((w) => EUROPEAN_AGGREGATE_WORDS.includes(w))) return { kind: "aggregate" };
  return { kind: "unknown", ambiguous: [] };
}

/** "Germany (DE)", "Belgium – VDAB (Flanders)": how a target is named in warnings and notes. */
export function describeTarget(t: HeaderTarget): string {
  if (t.kind === "be-region") return `Belgium – ${t.region.service} (${t.region.name})`;
  const country = COUNTRIES.find((c) => c.code === t.code);
  return country ? `${country.name} (${country.code})` : t.code;
}
