import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blendSubScores } from "./blend.ts";
import {
  explainChange,
  explainSnapshots,
  marketAndEvidence,
  type SubScoreLike,
  type SubScoresLike,
} from "./explain.ts";
import { roundExplanation } from "./explain-text.ts";
import { tenths } from "./round.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./test-helpers.ts";
import type { SubScoreKey } from "./types.ts";
import { TABLES, modelFunctions } from "./index.ts";

const MODEL_V2_1 = TABLES["v2.1"];
const { computeCountry } = modelFunctions("v2.1");

const KEYS: SubScoreKey[] = ["U", "V", "C", "M", "S"];
const P = MODEL_V2_1;
const MONTHS = { from_month: "2026-10", to_month: "2026-11" };

const sub = (value: number, freshness = 1, extra: Partial<SubScoreLike> = {}): SubScoreLike => ({
  input: 0,
  period: "2026-10",
  age: 0,
  freshness,
  value,
  ...extra,
});

/** The score of one side, as the model blends it. */
function scoreOf(side: SubScoresLike): number | null {
  const full = {} as Record<SubScoreKey, { value: number; effectiveWeight: number } | null>;
  for (const k of KEYS) {
    const s = side[k] ?? null;
    full[k] = s === null ? null : { value: s.value, effectiveWeight: P.weights[k] * s.freshness };
  }
  return blendSubScores(full, P)?.score ?? null;
}

/**
 * Reference Shapley values by brute force over every order of the players (k! orders), with every potential
 * player (value and freshness of each sub-score present on both sides, presence otherwise) — null players
 * included — and the same convention for a mix without evidence (the neutral 5.5).
 */
function bruteForce(from: SubScoresLike, to: SubScoresLike): Map<string, number> | null {
  type Pl = { id: string; apply: (s: Record<SubScoreKey, SubScoreLike | null>) => void };
  const players: Pl[] = [];
  for (const k of KEYS) {
    const a = from[k] ?? null;
    const b = to[k] ?? null;
    if (a === null && b === null) continue;
    if (a !== null && b !== null) {
      players.push({ id: `${k} value`, apply: (s) => (s[k] = { ...s[k]!, value: b.value }) });
      players.push({ id: `${k} freshness`, apply: (s) => (s[k] = { ...s[k]!, freshness: b.freshness }) });
    } else {
      players.push({ id: `${k} ${a === null ? "added" : "removed"}`, apply: (s) => (s[k] = b) });
    }
  }
  const v = (set: Set<number>) => {
    const state = {} as Record<SubScoreKey, SubScoreLike | null>;
    for (const k of KEYS) state[k] = from[k] ?? null;
    players.forEach((p, i) => set.has(i) && p.apply(state));
    return scoreOf(state) ?? 5.5;
  };
  if (players.length > 6) return null; // 7! orders and more: too slow for a test
  const totals = new Map<string, number>(players.map((p) => [p.id, 0]));
  let orders = 0;
  const permute = (rest: number[], prefix: number[]) => {
    if (rest.length === 0) {
      orders++;
      const set = new Set<number>();
      for (const i of prefix) {
        const before = v(set);
        set.add(i);
        totals.set(players[i].id, totals.get(players[i].id)! + (v(set) - before));
      }
      return;
    }
    rest.forEach((x, j) => permute([...rest.slice(0, j), ...rest.slice(j + 1)], [...prefix, x]));
  };
  permute(
    players.map((_, i) => i),
    [],
  );
  for (const [id, t] of totals) totals.set(id, t / orders);
  return totals;
}

// ---------------------------------------------------------------------------------------------------------
// Generators: two sides of a country, each sub-score absent, unchanged, or changed in value and/or freshness.

const subArb = fc.record({
  value: fc.double({ min: 0, max: 100, noNaN: true }),
  freshness: fc.oneof(fc.constant(1), fc.double({ min: 0.01, max: 1, noNaN: true })),
  input: fc.double({ min: -5, max: 120, noNaN: true }),
  age: fc.integer({ min: 0, max: 24 }),
});
const changeArb = fc.constantFrom(
  "absent",
  "same",
  "value",
  "freshness",
  "both",
  "added",
  "removed",
  "same-other-period",
);

const pairArb = fc
  .record({
    subs: fc.tuple(subArb, subArb, subArb, subArb, subArb),
    others: fc.tuple(subArb, subArb, subArb, subArb, subArb),
    changes: fc.tuple(changeArb, changeArb, changeArb, changeArb, changeArb),
  })
  .map(({ subs, others, changes }) => {
    const from: Record<string, SubScoreLike | null> = {};
    const to: Record<string, SubScoreLike | null> = {};
    KEYS.forEach((k, i) => {
      const a: SubScoreLike = { ...subs[i], period: "2026-Q2" };
      const o = others[i];
      switch (changes[i]) {
        case "absent":
          from[k] = to[k] = null;
          break;
        case "same":
          from[k] = a;
          to[k] = { ...a };
          break;
        case "same-other-period": // input, period and age differ but value and freshness do not: still a null player
          from[k] = a;
          to[k] = { ...a, input: o.input, age: o.age, period: "2026-Q3" };
          break;
        case "value":
          from[k] = a;
          to[k] = { ...a, value: o.value, input: o.input };
          break;
        case "freshness":
          from[k] = a;
          to[k] = { ...a, freshness: o.freshness, age: o.age };
          break;
        case "both":
          from[k] = a;
          to[k] = { ...o, period: "2026-Q3" };
          break;
        case "added":
          from[k] = null;
          to[k] = a;
          break;
        case "removed":
          from[k] = a;
          to[k] = null;
          break;
      }
    });
    return { from: from as SubScoresLike, to: to as SubScoresLike };
  });

const RUNS = { numRuns: 500 };

describe("explainChange: worked examples", () => {
  it("U alone, its value up and its data older: two players, hand-computed Shapley values", () => {
    // score = 5.5 + 0.09 × (U − 50) × (0.5 + 0.5 × cover), cover = 0.2 f / 0.5.
    const e = explainChange({ U: sub(60, 1) }, { U: sub(80, 0.5) }, MONTHS, P)!;
    expect(e.from_score).toBeCloseTo(6.13, 12);
    expect(e.to_score).toBeCloseTo(7.12, 12);
    expect(e.parts.map((p) => [p.key, p.kind])).toEqual([
      ["U", "value"],
      ["U", "freshness"],
    ]);
    expect(e.parts[0].contribution).toBeCloseTo((7.39 - 6.13 + (7.12 - 6.04)) / 2, 12); // 1.17
    expect(e.parts[1].contribution).toBeCloseTo((6.04 - 6.13 + (7.12 - 7.39)) / 2, 12); // −0.18
  });

  it("a single changed input gets the whole change, to the last bit", () => {
    const from = { U: sub(60), V: sub(45, 0.8), S: sub(70) };
    const e = explainChange(from, { ...from, V: sub(55, 0.8) }, MONTHS, P)!;
    expect(e.parts).toHaveLength(1);
    expect(e.parts[0]).toMatchObject({ key: "V", kind: "value" });
    expect(e.parts[0].contribution).toBe(e.delta);
  });

  it("evidence coming in: one added player, which also moves cover and block presence", () => {
    const from = { U: sub(60) };
    const e = explainChange(from, { ...from, S: sub(80) }, MONTHS, P)!;
    expect(e.parts).toEqual([{ key: "S", kind: "added", from: null, to: sub(80), contribution: e.delta }]);
    // Historical only: cover .4, score 5.5 + .09 × 10 × .7; blended: raw (12 + 40) / .7, cover .7.
    expect(e.from_score).toBeCloseTo(6.13, 12);
    const raw = (0.2 * 60 + 0.5 * 80) / 0.7;
    expect(e.to_score).toBeCloseTo(1 + 0.09 * (50 + (raw - 50) * 0.85), 12);
  });

  it("a swap of sources (U goes, S comes) passes through a mix without evidence, counted as neutral", () => {
    const e = explainChange({ U: sub(90) }, { S: sub(20) }, MONTHS, P)!;
    expect(e.parts.map((p) => p.kind)).toEqual(["removed", "added"]);
    expect(e.parts[0].contribution + e.parts[1].contribution).toBeCloseTo(e.delta, 14);
    const ref = bruteForce({ U: sub(90) }, { S: sub(20) })!;
    expect(e.parts[0].contribution).toBeCloseTo(ref.get("U removed")!, 12);
  });

  it("null without a score on either side; no parts when nothing changed", () => {
    expect(explainChange({}, { U: sub(50) }, MONTHS, P)).toBeNull();
    expect(explainChange({ U: sub(50) }, {}, MONTHS, P)).toBeNull();
    const same = explainChange(
      { U: sub(50), V: sub(30) },
      { U: sub(50, 1, { period: "2026-11", age: 1 }), V: sub(30) },
      MONTHS,
      P,
    )!;
    expect(same.parts).toEqual([]);
    expect(same.delta).toBe(0);
  });

  it("compares two snapshots from their sub-scores alone (after a JSON round trip)", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2026-09", [6.4, 6.3, 6.3, 6.2, 6.2, 6.1, 6, 6, 5.9, 5.9, 5.8, 5.8, 5.7]),
      vacancy: quarterlyEndingAt("2026-Q2", [2.1, 2.4]),
      expectations: monthlyEndingAt("2026-08", [101, 103]),
    });
    const a = JSON.parse(JSON.stringify(computeCountry(input, "2026-09-15").snapshot));
    const b = JSON.parse(JSON.stringify(computeCountry(input, "2026-11-22").snapshot));
    const e = explainSnapshots(a, b, P)!;
    expect(e.from_month).toBe("2026-09");
    expect(e.to_month).toBe("2026-11");
    expect(e.from_score).toBe(a.score);
    expect(e.to_score).toBe(b.score);
    expect(Math.abs(e.parts.reduce((s, p) => s + p.contribution, 0) - e.delta)).toBeLessThanOrEqual(1e-12);
  });
});

describe("explainChange: properties", () => {
  it("the end points are the model's scores and the parts add up to the change (|Σ − Δ| ≤ 1e-9)", () => {
    fc.assert(
      fc.property(pairArb, ({ from, to }) => {
        const e = explainChange(from, to, MONTHS, P);
        const a = scoreOf(from);
        const b = scoreOf(to);
        if (a === null || b === null) {
          expect(e).toBeNull();
          return;
        }
        expect(e!.from_score).toBe(a);
        expect(e!.to_score).toBe(b);
        expect(e!.delta).toBe(b - a);
        expect(Math.abs(e!.parts.reduce((s, p) => s + p.contribution, 0) - e!.delta)).toBeLessThanOrEqual(1e-9);
      }),
      RUNS,
    );
  });

  it("an input that did not change gets exactly 0 (it is no part), and the others match brute force over every order", () => {
    fc.assert(
      fc.property(pairArb, ({ from, to }) => {
        const e = explainChange(from, to, MONTHS, P);
        if (e === null) return;
        const ref = bruteForce(from, to);
        if (ref === null) return;
        const got = new Map(e.parts.map((p) => [`${p.key} ${p.kind}`, p.contribution]));
        for (const [id, value] of ref) {
          const [key, kind] = id.split(" ") as [SubScoreKey, string];
          const a = from[key];
          const b = to[key];
          const unchanged =
            a &&
            b &&
            ((kind === "value" && a.value === b.value) || (kind === "freshness" && a.freshness === b.freshness));
          if (unchanged) {
            expect(got.has(id)).toBe(false);
            expect(value).toBe(0); // a null player: every marginal contribution is exactly 0
          } else {
            expect(got.get(id)).toBeCloseTo(value, 10);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("swapping from and to negates every part exactly", () => {
    fc.assert(
      fc.property(pairArb, ({ from, to }) => {
        const e = explainChange(from, to, MONTHS, P);
        const r = explainChange(to, from, { from_month: MONTHS.to_month, to_month: MONTHS.from_month }, P);
        if (e === null) {
          expect(r).toBeNull();
          return;
        }
        // === : exact to the last bit (0 and −0 are the same change).
        expect(r!.delta === -e.delta).toBe(true);
        expect(r!.parts.map((p) => p.key)).toEqual(e.parts.map((p) => p.key));
        const flip = { value: "value", freshness: "freshness", added: "removed", removed: "added" } as const;
        r!.parts.forEach((p, i) => {
          expect(p.kind).toBe(flip[e.parts[i].kind]);
          expect(p.contribution === -e.parts[i].contribution, `${p.contribution} vs ${e.parts[i].contribution}`).toBe(
            true,
          );
          expect(p.from).toEqual(e.parts[i].to);
        });
      }),
      RUNS,
    );
  });

  it("a single changed player gets the whole delta", () => {
    fc.assert(
      fc.property(pairArb, fc.integer({ min: 0, max: 4 }), ({ from, to }, which) => {
        // Keep only one key's change: every other key as on the `from` side.
        const k = KEYS[which];
        const only: Record<string, SubScoreLike | null> = { ...from };
        only[k] = to[k] ?? null;
        const e = explainChange(from, only as SubScoresLike, MONTHS, P);
        if (e === null || e.parts.length !== 1) return;
        expect(e.parts[0].contribution).toBe(e.delta);
      }),
      RUNS,
    );
  });

  it("the display parts (whole tenths) add up exactly to the change as shown: the difference of the shown scores", () => {
    fc.assert(
      fc.property(pairArb, ({ from, to }) => {
        const e = explainChange(from, to, MONTHS, P);
        if (e === null) return;
        const shown = roundExplanation(e);
        expect(shown.delta_tenths).toBe(tenths(e.to_score) - tenths(e.from_score));
        expect(shown.parts.reduce((s, p) => s + p.shown_tenths, 0)).toBe(shown.delta_tenths);
        const value = shown.parts.filter((p) => p.kind === "value");
        const evidence = shown.parts.filter((p) => p.kind !== "value");
        // The market parts add up to the market part rounded (half away from zero), the number a sentence states,
        // unless the change has no evidence part (then the market part is the whole change as shown).
        expect(value.reduce((s, p) => s + p.shown_tenths, 0)).toBe(shown.market_tenths);
        expect(evidence.reduce((s, p) => s + p.shown_tenths, 0)).toBe(shown.evidence_tenths);
        if (evidence.length > 0 && value.length > 0) expect(shown.market_tenths).toBe(tenths(e.market));
        for (const p of shown.parts) expect(Number.isInteger(p.shown_tenths)).toBe(true);
        for (const p of value) {
          expect(Math.abs(p.shown_tenths - p.contribution * 10)).toBeLessThan(1 + 1e-9);
          // Rounding never turns a market part around: a rise is never shown as a fall.
          expect(p.shown_tenths * Math.sign(p.contribution)).toBeGreaterThanOrEqual(0);
        }
        // The evidence parts take the rest of the shown change: each stays within two tenths of its exact value.
        for (const p of evidence) expect(Math.abs(p.shown_tenths - p.contribution * 10)).toBeLessThan(2 + 1e-9);
      }),
      RUNS,
    );
  });

  it("splits every change into a market part (value parts) and an evidence part (the others) that add up to it", () => {
    fc.assert(
      fc.property(pairArb, ({ from, to }) => {
        const e = explainChange(from, to, MONTHS, P);
        if (e === null) return;
        const value = e.parts.filter((p) => p.kind === "value").reduce((a, p) => a + p.contribution, 0);
        const other = e.parts.filter((p) => p.kind !== "value").reduce((a, p) => a + p.contribution, 0);
        expect(e.market).toBe(value);
        expect(e.evidence).toBe(other);
        expect(Math.abs(e.market + e.evidence - e.delta)).toBeLessThan(1e-9);
        // Only inputs counted on both sides can move the market part; without any, the whole change is evidence.
        if (!e.parts.some((p) => p.kind === "value")) expect(e.market).toBe(0);
        expect(marketAndEvidence({ parts: e.parts })).toEqual({ market: e.market, evidence: e.evidence });
      }),
      RUNS,
    );
  });
});
