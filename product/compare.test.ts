// The compare page's address rules and "why they differ": the attribution of the difference between two
// countries sums to the difference, and each part is the average marginal contribution over every order of
// swapping one country's inputs for the other's (checked by brute force, independently of explain.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blendSubScores } from "../pipeline/model/blend.ts";
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import type { SubScoreKey } from "../pipeline/model/types.ts";
import { comparePath, differenceView, explainDifference, readComparePath } from "./compare.ts";

const KEYS: SubScoreKey[] = ["U", "V", "C", "M", "S"];
type Sub = { value: number; freshness: number; input: number; period: string; age: number };

const subArb = (present: boolean) =>
  present
    ? fc.record({
        value: fc.constantFrom(0, 20, 50, 65.5, 100, 33.3),
        freshness: fc.constantFrom(1, 0.5, 0.25, 0.8),
        input: fc.double({ min: 0, max: 20, noNaN: true }),
        period: fc.constant("2026-09"),
        age: fc.constant(2),
      })
    : fc.constant(null);
const sideArb = (mask: number) =>
  fc.record(Object.fromEntries(KEYS.map((k, i) => [k, subArb(((mask >> i) & 1) === 1)]))) as fc.Arbitrary<
    Record<SubScoreKey, Sub | null>
  >;

/** Players as explain.ts defines them, and the blend of a coalition, built here from first principles. */
function bruteForce(a: Record<SubScoreKey, Sub | null>, b: Record<SubScoreKey, Sub | null>) {
  const players: { key: SubScoreKey; kind: string }[] = [];
  for (const k of KEYS) {
    const x = a[k];
    const y = b[k];
    if (!x && !y) continue;
    if (!x || !y) players.push({ key: k, kind: x ? "removed" : "added" });
    else {
      if (x.value !== y.value) players.push({ key: k, kind: "value" });
      if (x.freshness !== y.freshness) players.push({ key: k, kind: "freshness" });
    }
  }
  const neutral = 1 + (9 * 50) / 100;
  const v = (set: Set<number>): number => {
    const sub = {} as Record<SubScoreKey, { value: number; effectiveWeight: number } | null>;
    for (const k of KEYS) {
      const idx = (kind: string) => players.findIndex((p) => p.key === k && p.kind === kind);
      const x = a[k];
      const y = b[k];
      if (!x || !y) {
        const i = idx(x ? "removed" : "added");
        const on = i >= 0 && set.has(i) ? y : x;
        sub[k] = on ? { value: on.value, effectiveWeight: CURRENT_PARAMS.weights[k] * on.freshness } : null;
      } else {
        const iv = idx("value");
        const iF = idx("freshness");
        const value = iv >= 0 && set.has(iv) ? y.value : x.value;
        const f = iF >= 0 && set.has(iF) ? y.freshness : x.freshness;
        sub[k] = { value, effectiveWeight: CURRENT_PARAMS.weights[k] * f };
      }
    }
    return blendSubScores(sub, CURRENT_PARAMS)?.score ?? neutral;
  };
  const phi = players.map(() => 0);
  let orders = 0;
  const permute = (rest: number[], done: number[]) => {
    if (rest.length === 0) {
      orders++;
      const set = new Set<number>();
      let before = v(set);
      for (const p of done) {
        set.add(p);
        const after = v(set);
        phi[p] += after - before;
        before = after;
      }
      return;
    }
    rest.forEach((p, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...done, p]));
  };
  permute(
    players.map((_, i) => i),
    [],
  );
  return players.map((p, i) => ({ ...p, contribution: phi[i]! / orders }));
}

describe("why two countries differ", () => {
  it("gives each input its average marginal contribution over every order, and the parts add up to the difference", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 31 })
          .chain((ma) => fc.integer({ min: 1, max: 31 }).chain((mb) => fc.tuple(sideArb(ma), sideArb(mb)))),
        ([a, b]) => {
          const e = explainDifference({ code: "AA", sub_scores: a }, { code: "BB", sub_scores: b });
          fc.pre(e !== null && e.parts.length <= 6);
          const brute = bruteForce(a, b);
          expect(e!.parts.map((p) => [p.key, p.kind])).toEqual(brute.map((p) => [p.key, p.kind]));
          e!.parts.forEach((p, i) => expect(p.contribution).toBeCloseTo(brute[i]!.contribution, 9));
          expect(e!.parts.reduce((t, p) => t + p.contribution, 0)).toBeCloseTo(e!.delta, 9);
          const scoreOf = (s: typeof a) =>
            blendSubScores(
              Object.fromEntries(
                KEYS.map((k) => [
                  k,
                  s[k] ? { value: s[k]!.value, effectiveWeight: CURRENT_PARAMS.weights[k] * s[k]!.freshness } : null,
                ]),
              ) as never,
              CURRENT_PARAMS,
            )!.score;
          expect(e!.delta).toBe(scoreOf(b) - scoreOf(a));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("rounds it into lines whose shown parts add up to the shown difference", () => {
    const sub = (value: number, input: number) => ({ value, freshness: 1, input, period: "2026-09", age: 2 });
    const de = {
      code: "DE",
      name: "Germany",
      score: 7.2,
      sub_scores: { U: sub(80, 3.1), V: sub(60, 2.5), C: null, M: null, S: sub(50, 100) },
    };
    const fr = {
      code: "FR",
      name: "France",
      score: 5.9,
      sub_scores: { U: sub(45, 7.4), V: sub(60, 2.5), C: null, M: null, S: null },
    };
    const view = differenceView(fr, de)!;
    expect(view.higher).toBe("DE");
    expect(view.lines.reduce((t, l) => t + l.shown_tenths, 0)).toBe(view.delta_tenths);
    expect(view.names).toEqual({ lower: "France", higher: "Germany" });
    // Unemployment on both sides, the sentiment survey only in Germany (web/app/lib/compare-text.test.ts says them).
    expect(view.lines.find((l) => l.key === "U")).toMatchObject({
      kind: "value",
      lower: { input: 7.4, period: "2026-09", freshness: 1 },
      higher: { input: 3.1, period: "2026-09", freshness: 1 },
    });
    expect(view.lines.find((l) => l.key === "S")).toMatchObject({ kind: "added", lower: null });
    expect(differenceView(fr, { ...de, score: null })).toBeNull();
  });
});

describe("compare addresses", () => {
  it("accepts 2 to 4 covered codes in any order and case, canonical in alphabetical lower case", () => {
    expect(readComparePath("de-fr")).toEqual({ kind: "ok", codes: ["DE", "FR"] });
    // The visitor's order is kept (the canonical link names the alphabetical address); only case is redirected.
    expect(readComparePath("fr-de")).toEqual({ kind: "ok", codes: ["FR", "DE"] });
    expect(readComparePath("FR-de-at")).toEqual({ kind: "redirect", path: "/compare/fr-de-at" });
    expect(readComparePath("at-be-de-fr")).toEqual({ kind: "ok", codes: ["AT", "BE", "DE", "FR"] });
    for (const bad of ["de-xx", "de-fra", "", "de--fr", "de-fr-", "xx-de-de"])
      expect(readComparePath(bad), bad).toEqual({ kind: "not-found" });
    // A covered country named twice: the page says so (never "Country Not Found"), with each country once.
    expect(readComparePath("de-de")).toEqual({ kind: "duplicate", codes: ["DE"], repeated: ["DE"] });
    expect(readComparePath("DE-fr-de-it-es-de")).toEqual({
      kind: "duplicate",
      codes: ["DE", "FR", "IT", "ES"],
      repeated: ["DE"],
    });
    // Covered codes, one alone or five and more: the page explains the 2-to-4 rule instead.
    expect(readComparePath("de")).toEqual({ kind: "count", codes: ["DE"] });
    expect(readComparePath("at-be-de-fr-IT")).toEqual({ kind: "count", codes: ["AT", "BE", "DE", "FR", "IT"] });
    expect(comparePath(["SE", "at"])).toBe("/compare/at-se");
  });
});
