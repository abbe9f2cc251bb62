// The public API v1 (docs/open-data.md): every answer's shape and every path parameter, defined once as zod
// schemas, one file per resource in api/v1/schemas/ (this one: the value lists and the building blocks they share).
// The OpenAPI 3.1 document (api/v1/openapi.ts) is generated from them, the v1 routes validate their parameters with
// them, and the contract test (tests/api/open-data.test.ts) checks real answers against them and against the
// document. The shapes are the ones the one reader produces (api/read-model.ts, product/shapes.ts,
// pipeline/model/types.ts); type checks at the end of each file keep the two from drifting apart.
//
// Objects are strict (`additionalProperties: false` in the document): a field added to a snapshot without being
// described here fails the contract test rather than reaching clients undocumented.
// Their descriptions are the API documentation's one English copy: `npm run api:catalogue` writes the English
// catalogue of the open data pages from them (web/app/lib/api-catalogue.ts).
import { z } from "zod";
import { REGIONS, type RegionId } from "../../../lib/countries.ts";
import type {
  Basis,
  ChangeKind,
  Confidence,
  RatingLabel,
  Status,
  SubScoreKey,
  YoyLabel,
} from "../../../pipeline/model/types.ts";
import type { PausedReason, WithheldReason } from "../../../product/shapes.ts";

// ---------------------------------------------------------------------------------------------------------
// Value lists (each checked against its type below, both ways)

const STATUS_VALUES = ["stormy", "rainy", "cloudy", "bright", "sunny"] as const;
export const LABEL_VALUES = ["Very tough", "Mixed/average", "Rather favorable", "Very favorable"] as const;
export const CONFIDENCE_VALUES = ["low", "medium", "high"] as const;
export const BASIS_VALUES = ["blended", "sentiment-only", "historical-only"] as const;
export const YOY_VALUES = ["Up", "Down", "Same"] as const;
export const SUB_SCORE_KEYS = ["U", "V", "C", "M", "S"] as const;
export const CHANGE_KINDS = ["value", "freshness", "added", "removed"] as const;
export const REGION_IDS = REGIONS.map((r) => r.id) as [RegionId, ...RegionId[]];
export const PAUSED_REASONS = ["operator", "no-fresh-scores"] as const;
const WITHHELD_REASONS = ["paused", "stale", "no-data"] as const;
export const SIGNAL_VALUES = ["improving", "stable", "weakening"] as const;
export const withheldReason = z.enum(WITHHELD_REASONS).nullable().meta({
  description:
    "Why no score is shown, the one reason the map, the pages, the rankings and the CSV give: paused (publication is paused: no score is current; see /api/health), stale (every input it was or would be computed from is past its cut-off) or no-data (no scoring input at all); null when the score is shown.",
});
export const MARKET_TEXT =
  "The market part of the change: the sum of its parts of kind value (inputs counted on both sides whose level moved), unrounded; market + evidence = delta.";
export const EVIDENCE_TEXT =
  "The evidence part of the change: the sum of its other parts (data that started or stopped counting, aged or got fresher), unrounded.";

// ---------------------------------------------------------------------------------------------------------
// Small building blocks

/** The `name` of a country, in answers and CSV files: its language follows `lang` (api/v1/table.ts `langQuery`). */
export const COUNTRY_NAME_TEXT = "The country's name: English, or in the language `lang` asks for.";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/;
export const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const month = (description: string) => z.string().regex(MONTH).meta({ description, example: "2026-07" });
export const period = (description: string) => z.string().regex(PERIOD).meta({ description, example: "2026-Q2" });
export const timestamp = (description: string) =>
  z.string().meta({ description, format: "date-time", example: "2026-11-22T06:00:00.000Z" });
export const count = (description: string) => z.int().min(0).meta({ description });

export const statusOf = (description: string) => z.enum(STATUS_VALUES).nullable().meta({ description });
export const scoreText =
  "The score, 1 (very tough) to 10 (very favourable), unrounded (shown to one decimal, half away from zero)";

/**
 * Where a figure came from (pipeline/provenance.ts PublishedSource; docs/data-sources.md §8): the stored observation it
 * is, the file it was loaded from and two links to check it at its source.
 */
const sourceSchema = z
  .strictObject({
    table: z.string().meta({
      description:
        "The source table: a Eurostat table code (`une_rt_m`), `ecfin_eei` (DG ECFIN's Employment Expectations Indicator file) or `lmb` (the European Labour Market Barometer workbook).",
      example: "une_rt_q",
    }),
    series: z.record(z.string(), z.string()).meta({
      description:
        "The series within the table: each pinned dimension with its code, as the table's API query names them (the geo and time apart); empty for the barometer.",
      example: { s_adj: "SA", age: "Y15-74", sex: "T", unit: "PC_ACT" },
    }),
    geo: z.string().meta({
      description:
        "The geo of the value: the country's code (GR for Greece; the API query names Eurostat's, EL), or the aggregate (EU27_2020).",
      example: "ES",
    }),
    period: period("The period of the observation."),
    flag: z.string().nullable().meta({
      description:
        'Eurostat\'s observation flag: "p" provisional, "e" estimated, "d" definition differs, "b" break in time series, "u" low reliability (letters may combine, "bu"); null when none.',
    }),
    release: z.string().nullable().meta({
      description:
        "The release of the file the value came from (its JSON-stat `updated` or SDMX-CSV `LAST UPDATE`, as Eurostat's wall clock `YYYY-MM-DDTHH:MM:SS`; DG ECFIN's files: the last day of their newest month); null when the file states none (undated).",
      example: "2026-09-10T23:00:00",
    }),
    file: z
      .strictObject({
        name: z.string().meta({ description: "The file's name as it was loaded.", example: "une_rt_q.json" }),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .meta({ description: "SHA-256 of the file's bytes (hex)." }),
        ingested_at: timestamp("When it was loaded."),
      })
      .nullable()
      .meta({ description: "The file the value was loaded from; null only for a publication made before provenance." }),
    browser_url: z.string().nullable().meta({
      description:
        "The table in Eurostat's data browser (`https://ec.europa.eu/eurostat/databrowser/view/une_rt_q/default/table` for `une_rt_q`); DG ECFIN's business and consumer surveys page for `ecfin_eei`; null for the barometer.",
      format: "uri",
    }),
    api_url: z.string().nullable().meta({
      description:
        "The query of Eurostat's dissemination API that returns this series for this geo (`geo` and each dimension of `series`); null when the source is not Eurostat's.",
      format: "uri",
    }),
  })
  .meta({ id: "Source", description: "Where a figure came from, and where to check it." });

/** A figure's source, in every answer that carries one: null only where none was published with it. */
export const sourceField = sourceSchema.nullable().meta({
  description: "Where the figure came from (table, series, period, flag, release, file) and where to check it.",
});

/** A figure with its period, Eurostat flag and source. */
export const valueAt = (description: string) =>
  z
    .strictObject({
      value: z
        .number()
        .meta({ description: "The value, in the source's unit (%, or an index for the barometer and the EEI)." }),
      period: period("Period of the observation: YYYY-MM (month) or YYYY-Qn (quarter)."),
      flag: z
        .string()
        .nullable()
        .meta({ description: 'Eurostat observation flag ("p" provisional, "e" estimated, …); null when none.' }),
      source: sourceField,
    })
    .nullable()
    .meta({ description });

// ---------------------------------------------------------------------------------------------------------
// The schemas describe what the reader produces: compile-time checks, both ways where the types are exact.

export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Fits<A, B> = [A] extends [B] ? true : false;
export type Assert<T extends true> = T;
type Item<T extends readonly unknown[]> = T[number];

type _Values = [
  Assert<Same<Item<typeof STATUS_VALUES>, Status>>,
  Assert<Same<Item<typeof LABEL_VALUES>, RatingLabel>>,
  Assert<Same<Item<typeof CONFIDENCE_VALUES>, Confidence>>,
  Assert<Same<Item<typeof BASIS_VALUES>, Basis>>,
  Assert<Same<Item<typeof YOY_VALUES>, YoyLabel>>,
  Assert<Same<Item<typeof SUB_SCORE_KEYS>, SubScoreKey>>,
  Assert<Same<Item<typeof CHANGE_KINDS>, ChangeKind>>,
  Assert<Same<Item<typeof PAUSED_REASONS>, PausedReason>>,
  Assert<Same<Item<typeof WITHHELD_REASONS>, WithheldReason>>,
];
