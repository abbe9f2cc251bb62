// Precomputes the SVG paths of the Europe map once (world-atlas 50m → d3-geo projection → rounded path strings)
// into web/app/lib/europe-map.generated.ts, so the browser never loads topojson or d3-geo.
// Run: node bin/run-ts.mjs web/scripts/build-europe-map.ts   (the output is committed)
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { geoAzimuthalEqualArea, geoBounds, geoCentroid, geoPath } from "d3-geo";
import { feature } from "topojson-client";
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from "geojson";
import { COUNTRIES } from "../../lib/countries.ts";

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const topology = require("world-atlas/countries-50m.json") as any;

/** ISO 3166-1 numeric → alpha-2 for the covered countries (world-atlas ids are numeric strings). */
const NUMERIC: Record<string, string> = {
  "756": "CH",
  "276": "DE",
  "040": "AT",
  "528": "NL",
  "724": "ES",
  "372": "IE",
  "578": "NO",
  "352": "IS",
  "056": "BE",
  "100": "BG",
  "191": "HR",
  "196": "CY",
  "203": "CZ",
  "208": "DK",
  "233": "EE",
  "246": "FI",
  "250": "FR",
  "300": "GR",
  "348": "HU",
  "380": "IT",
  "428": "LV",
  "440": "LT",
  "442": "LU",
  "470": "MT",
  "616": "PL",
  "620": "PT",
  "642": "RO",
  "703": "SK",
  "705": "SI",
  "752": "SE",
  "438": "LI",
};

const WIDTH = 800;
const HEIGHT = 700;
/** Only polygons whose bounding box lies in this lon/lat window are kept (no overseas territories, no Svalbard). */
const WINDOW = { west: -25, east: 45, south: 34, north: 71.5 };
/** Countries too small to click at this scale get a round marker as well. */
const TINY = new Set(["LU", "LI", "MT", "CY"]);

function ringBox(ring: Position[]) {
  let w = Infinity,
    e = -Infinity,
    s = Infinity,
    n = -Infinity;
  for (const [x, y] of ring) {
    w = Math.min(w, x);
    e = Math.max(e, x);
    s = Math.min(s, y);
    n = Math.max(n, y);
  }
  return { w, e, s, n };
}

function insideWindow(poly: Position[][]): boolean {
  const b = ringBox(poly[0]);
  return b.w >= WINDOW.west && b.e <= WINDOW.east && b.s >= WINDOW.south && b.n <= WINDOW.north;
}

function overlapsWindow(poly: Position[][]): boolean {
  const b = ringBox(poly[0]);
  return b.e >= WINDOW.west - 5 && b.w <= WINDOW.east + 10 && b.n >= WINDOW.south - 4 && b.s <= WINDOW.north + 2;
}

function keepPolygons(f: Feature<Geometry>, keep: (poly: Position[][]) => boolean): Feature<MultiPolygon> | null {
  const g = f.geometry;
  const polys: Position[][][] =
    g.type === "Polygon"
      ? [(g as Polygon).coordinates]
      : g.type === "MultiPolygon"
        ? (g as MultiPolygon).coordinates
        : [];
  const kept = polys.filter(keep);
  if (kept.length === 0) return null;
  return { type: "Feature", properties: f.properties, geometry: { type: "MultiPolygon", coordinates: kept } };
}

const all = feature(topology, topology.objects.countries) as unknown as FeatureCollection<Geometry, { name: string }>;

const covered: Array<{ code: string; f: Feature<MultiPolygon> }> = [];
const neighbours: Feature<MultiPolygon>[] = [];
for (const f of all.features) {
  const code = f.id !== undefined ? NUMERIC[String(f.id)] : undefined;
  if (code) {
    const kept = keepPolygons(f, insideWindow);
    if (!kept) throw new Error(`${code} has no polygon inside the window`);
    covered.push({ code, f: kept });
  } else if (f.geometry) {
    const kept = keepPolygons(f, overlapsWindow);
    if (kept) neighbours.push(kept);
  }
}
const missing = COUNTRIES.filter((c) => !covered.some((x) => x.code === c.code)).map((c) => c.code);
if (missing.length) throw new Error(`missing from the atlas: ${missing.join(", ")}`);

const projection = geoAzimuthalEqualArea().rotate([-12, -53]);
projection.fitExtent(
  [
    [8, 8],
    [WIDTH - 8, HEIGHT - 8],
  ],
  { type: "FeatureCollection", features: covered.map((x) => x.f) },
);
projection.clipExtent([
  [0, 0],
  [WIDTH, HEIGHT],
]);

/** Collects projected rings, simplifies them in pixel space (Douglas–Peucker) and writes integer path data. */
class RingContext {
  rings: Array<Array<[number, number]>> = [];
  private current: Array<[number, number]> | null = null;
  moveTo(x: number, y: number) {
    this.current = [[x, y]];
    this.rings.push(this.current);
  }
  lineTo(x: number, y: number) {
    this.current?.push([x, y]);
  }
  closePath() {
    this.current = null;
  }
  arc() {}
}

function simplify(points: Array<[number, number]>, tolerance: number): Array<[number, number]> {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax,
      dy = by - ay;
    const len = Math.hypot(dx, dy) || 1;
    let worst = -1,
      index = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const dist =
        len === 1 && dx === 0 && dy === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (dist > worst) {
        worst = dist;
        index = i;
      }
    }
    if (worst > tolerance) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

function ringArea(r: Array<[number, number]>): number {
  let s = 0;
  for (let i = 0; i < r.length; i++) {
    const [x1, y1] = r[i];
    const [x2, y2] = r[(i + 1) % r.length];
    s += x1 * y2 - x2 * y1;
  }
  return Math.abs(s / 2);
}

function pathOf(f: Feature<Geometry>, tolerance: number, minArea: number): string {
  const ctx = new RingContext();
  geoPath(projection, ctx as unknown as CanvasRenderingContext2D)(f);
  let d = "";
  for (const ring of ctx.rings) {
    if (ringArea(ring) < minArea) continue;
    const pts = simplify(ring, tolerance).map(([x, y]) => [Math.round(x * 2) / 2, Math.round(y * 2) / 2] as const);
    const dedup = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1][0] || p[1] !== pts[i - 1][1]);
    if (dedup.length < 3) continue;
    d += "M" + dedup.map(([x, y]) => `${x},${y}`).join("L") + "Z";
  }
  return d
    .replace(/L(-?[\d.]+),(-?[\d.]+)/g, "L$1 $2")
    .replace(/,/g, " ")
    .replace(/ -/g, "-");
}

const countries: Record<string, { d: string; x: number; y: number; tiny: boolean }> = {};
for (const { code, f } of covered.sort((a, b) => a.code.localeCompare(b.code))) {
  // Label point: centroid of the largest polygon (France's centroid without Corsica, Norway's on the mainland).
  const largest = f.geometry.coordinates
    .map((p) => ({ p, area: geoPath().area({ type: "Polygon", coordinates: p }) }))
    .sort((a, b) => b.area - a.area)[0].p;
  const [x, y] = projection(geoCentroid({ type: "Polygon", coordinates: largest })) ?? [0, 0];
  countries[code] = { d: pathOf(f, 0.7, 0.5), x: Math.round(x), y: Math.round(y), tiny: TINY.has(code) };
}
const neighbourPath = neighbours.map((f) => pathOf(f, 1.2, 4)).join("");
void geoBounds;

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/lib/europe-map.generated.ts");
const body =
  `// Generated by web/scripts/build-europe-map.ts from world-atlas countries-50m (Natural Earth, public domain).\n` +
  `// Azimuthal equal-area projection centred on Europe. Do not edit by hand.\n` +
  `export const MAP_WIDTH = ${WIDTH};\nexport const MAP_HEIGHT = ${HEIGHT};\n` +
  `/** Covered countries: path, label point, and whether a marker is drawn because the shape is tiny. */\n` +
  `export const COUNTRY_SHAPES: Readonly<Record<string, { d: string; x: number; y: number; tiny: boolean }>> = ${JSON.stringify(countries)};\n` +
  `/** Every other country in view, drawn in grey as one path. */\n` +
  `export const NEIGHBOURS_PATH = ${JSON.stringify(neighbourPath)};\n`;
writeFileSync(out, body);
console.log(`wrote ${path.relative(process.cwd(), out)} (${(body.length / 1024).toFixed(1)} KB)`);
