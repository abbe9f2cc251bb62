// The upload rules the operator page (/admin) shows and pre-checks, read from the pipeline modules that enforce
// them (the parsers, the model, the validation). The server computes them here and hands them to the site in the
// load context (web/app/lib/context.ts), so the site's server bundle never imports the parsers (exceljs) nor the
// store; and only when the operator page is first rendered (a dynamic import), so the server does not load the
// write path (DuckDB) at start for them (docs/decisions/003-jobs-in-a-child-process.md).
import type { Family, FreshnessRule } from "../pipeline/model/current.ts";
import type { DataType } from "../pipeline/types.ts";
import type { UploadExtension } from "../pipeline/validate.ts";

interface DataTypeRule {
  id: DataType;
  /** The file extensions accepted (`.json`, `.csv`; `.xlsx` for the barometer); the file input's `accept`. */
  extensions: readonly UploadExtension[];
  /** Tables accepted for this type and the one series each must hold (`dimension=CODE`). */
  tables: Array<{ table: string; frequency: "monthly" | "quarterly"; series: string[] }>;
}

/** What the page shows and pre-checks about uploads; built here, from the pipeline modules that enforce it. */
export interface UploadRules {
  dataTypes: DataTypeRule[];
  messages: { notJson: string; notAnObject: string };
  model: string;
  /** Share of the score (percent) from official statistics and from the barometer (the 50/50 blend). */
  blend: { historical: number; sentiment: number };
  freshness: Readonly<Record<Family, FreshnessRule>>;
  tolerancePp: number;
  barometerRange: { min: number; max: number };
}

let rules: Promise<UploadRules> | null = null;

/** The upload rules, read from the pipeline's modules on first use and kept. */
export function uploadRules(): Promise<UploadRules> {
  rules ??= makeUploadRules().catch((err: unknown) => {
    rules = null;
    throw err;
  });
  return rules;
}

async function makeUploadRules(): Promise<UploadRules> {
  const [
    { DEFAULT_TOLERANCE_PP },
    { CURRENT_PARAMS },
    { LMB_MAX, LMB_MIN },
    { NOT_AN_OBJECT, NOT_JSON },
    { ECFIN_EEI },
    { ACCEPTED_TABLES },
    { DATA_TYPES },
    { expectedExtensions },
  ] = await Promise.all([
    import("../pipeline/ingest.ts"),
    import("../pipeline/model/current.ts"),
    import("../pipeline/sources/barometer/parse.ts"),
    import("../pipeline/sources/eurostat/parse.ts"),
    import("../pipeline/sources/ecfin/parse.ts"),
    import("../pipeline/sources/eurostat/tables.ts"),
    import("../pipeline/types.ts"),
    import("../pipeline/validate.ts"),
  ]);
  const percent = (keys: readonly string[]) =>
    Math.round(
      keys.reduce((sum, k) => sum + CURRENT_PARAMS.weights[k as keyof typeof CURRENT_PARAMS.weights], 0) * 100,
    );
  return {
    dataTypes: DATA_TYPES.map((id) => ({
      id,
      extensions: expectedExtensions(id),
      tables:
        id === "lmb"
          ? []
          : [...ACCEPTED_TABLES[id], ...(id === "expectations" ? [ECFIN_EEI] : [])].map((t) => ({
              table: t.table,
              frequency: t.freq === "M" ? ("monthly" as const) : ("quarterly" as const),
              series: t.pins.filter((p) => p.dimension !== "freq").map((p) => `${p.dimension}=${p.codes.join(" or ")}`),
            })),
    })),
    messages: { notJson: NOT_JSON, notAnObject: NOT_AN_OBJECT },
    model: CURRENT_PARAMS.id,
    blend: {
      historical: percent(CURRENT_PARAMS.blocks.historical),
      sentiment: percent(CURRENT_PARAMS.blocks.sentiment),
    },
    freshness: CURRENT_PARAMS.freshness,
    tolerancePp: DEFAULT_TOLERANCE_PP,
    barometerRange: { min: LMB_MIN, max: LMB_MAX },
  };
}
