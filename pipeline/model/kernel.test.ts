// The kernel and its tables (docs/decisions/013-model-kernel.md): released tables are never edited, every
// table is a registered model, the current model is declared once, and the kernel with its blend runs in a
// browser without the pipeline.
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { blendSubScores } from "./blend.ts";
import { CURRENT_PARAMS } from "./current.ts";
import { CURRENT_MODEL, CURRENT_MODEL_ID, MODELS } from "./index.ts";
import { computeCountry, modelOf } from "./kernel.ts";
import { TABLES, type ModelParams } from "./tables.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./test-helpers.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** JSON with every object's keys sorted: the same table gives the same text whatever its key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}
const hashOf = (t: ModelParams) => createHash("sha256").update(canonical(t)).digest("hex");

/** The hash of each released table. A released table is never edited: a new model is a new table and id. */
const RELEASED: Readonly<Record<string, string>> = {
  v2: "0ce69d0b19ccc98d3de70ce78e9b07fd0a210e5fd69bb65c136028fcc41cc97c",
  "v2.1": "d07e1957bc85821e19921b05823165f0d1a2d5e99e93ee958dac1fc1a03cdb53",
  "v2.2": "94eeafd68f81214dbd870759f7ec81839819a1552b6b7c1a75ed211d7fbec442",
  "v2.3": "6d2fc3c5e5684e635c84a6fc84be2678e2050dd98d08c96e7b8fe952aec9d155",
  "v2.4": "a25996b8427dfd097b84675fe7ea9c6dfd86c7628d04fbb1d507673d5b4a7058",
};

describe("released parameter tables", () => {
  it("are exactly the tables that were released (hash of every number and switch)", () => {
    const now = Object.fromEntries(Object.entries(TABLES).map(([id, t]) => [id, hashOf(t)]));
    expect(now).toEqual(RELEASED);
  });

  it("notice a change of any number", () => {
    const edited = { ...TABLES.v2, weights: { ...TABLES.v2.weights, S: 0.51 } };
    expect(hashOf(edited)).not.toBe(RELEASED.v2);
  });

  it("are frozen all the way down and name themselves", () => {
    for (const [id, t] of Object.entries(TABLES)) {
      expect(t.id).toBe(id);
      expect(Object.isFrozen(t)).toBe(true);
      expect(Object.isFrozen(t.anchors.U[0])).toBe(true);
      expect(Object.isFrozen(t.sentimentSources)).toBe(true);
    }
  });
});

describe("the registry", () => {
  it("has one model per table, each the kernel on that very table", () => {
    expect(Object.keys(MODELS).sort()).toEqual(Object.keys(TABLES).sort());
    for (const [id, model] of Object.entries(MODELS)) {
      expect(model.id).toBe(id);
      expect(model.params).toBe(TABLES[id as keyof typeof TABLES]);
    }
  });

  it("declares the current model once: the model, its id and its parameters agree", () => {
    expect(CURRENT_MODEL).toBe(MODELS[CURRENT_MODEL_ID]);
    expect(CURRENT_MODEL.params).toBe(CURRENT_PARAMS);
    expect(CURRENT_PARAMS.id).toBe(CURRENT_MODEL_ID);
  });

  it("computes the same result through the model object and the bare kernel", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2025-10", [7, 7, 6.8, 6.6, 6.5, 6.4, 6.3, 6.3, 6.2, 6.1, 6, 6, 5.9, 5.9]),
      vacancy: quarterlyEndingAt("2025-Q3", [2, 2.1, 2.2]),
    });
    for (const [id, model] of Object.entries(MODELS)) {
      const viaKernel = computeCountry(input, "2025-11-20", TABLES[id as keyof typeof TABLES]);
      expect(model.computeCountry(input, "2025-11-20")).toEqual(viaKernel);
      expect(modelOf(model.params).computeCountry(input, "2025-11-20")).toEqual(viaKernel);
      expect(viaKernel.snapshot.model).toBe(id);
      expect(viaKernel.snapshot.score).not.toBeNull();
    }
  });

  it("lets a caller blend with its own weights through the same blend", () => {
    const subs = {
      U: { value: 80, effectiveWeight: 0.2 },
      V: { value: 40, effectiveWeight: 0.125 },
      C: null,
      M: null,
      S: { value: 60, effectiveWeight: 0.5 },
    };
    const published = blendSubScores(subs, CURRENT_PARAMS)!;
    const own = blendSubScores(
      { ...subs, U: { value: 80, effectiveWeight: 0.4 } },
      { ...CURRENT_PARAMS, weights: { ...CURRENT_PARAMS.weights, U: 0.4 } },
    )!;
    expect(own.score).toBeGreaterThan(published.score);
  });
});

describe("browser use", () => {
  it("bundles the kernel and the blend for a browser without the pipeline's storage, parsers or Node", async () => {
    const result = await build({
      stdin: {
        contents: `export { computeCountry, modelOf } from "./pipeline/model/kernel.ts"; export { blendPlan, blendInto, blendSubScores } from "./pipeline/model/blend.ts";`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs).filter((f) => f !== "<stdin>");
    const allowed =
      /^(pipeline\/(model\/(kernel|anchors|rating|prepared-input|context|sub-scores|evaluate|country-result|blend|explain|period|round|tables|types|score-model)\.ts|types\.ts)|lib\/errors\.ts)$/;
    expect(inputs.filter((f) => !allowed.test(f))).toEqual([]);
    expect(inputs).toContain("pipeline/model/kernel.ts");
  });
});
