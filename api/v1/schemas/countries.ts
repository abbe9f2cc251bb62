// The public API v1's lists of countries (api/v1/schemas/parts.ts says how the schemas are made): a country as
// every list shows it, the 31 countries, the rankings and the regions.
import { z } from "zod";
import { RANKING_SIZE, RANKING_TYPES } from "../../../product/options.ts";
import type { CountryListItem, RankingItem, RegionRow } from "../../../product/shapes.ts";
import type { Snapshot } from "../../../pipeline/model/types.ts";
import {
  BASIS_VALUES,
  CONFIDENCE_VALUES,
  COUNTRY_NAME_TEXT,
  count,
  EVIDENCE_TEXT,
  LABEL_VALUES,
  MARKET_TEXT,
  month,
  REGION_IDS,
  scoreText,
  statusOf,
  withheldReason,
  SUB_SCORE_KEYS,
  YOY_VALUES,
  type Assert,
  type Fits,
  type Same,
} from "./parts.ts";

export const countryListItemSchema = z
  .strictObject({
    code: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ description: "Two-letter country code (ISO 3166-1 alpha-2; GR for Greece).", example: "DE" }),
    name: z.string().meta({ description: COUNTRY_NAME_TEXT, example: "Germany" }),
    flag: z.string().meta({ description: "Emoji flag.", example: "🇩🇪" }),
    slug: z.string().meta({ description: "Lower-case English name, as in /job-market/{slug}.", example: "germany" }),
    region: z.enum(REGION_IDS).meta({ description: "European region (see /api/v1/regions)." }),
    fresh: z.boolean().meta({
      description:
        "True when the country's published score may be shown today (an input is within its cut-off). When false, score, status, label, confidence and basis are null.",
    }),
    score: z
      .number()
      .min(1)
      .max(10)
      .nullable()
      .meta({ description: `${scoreText}; null when none may be shown.`, example: 6.93 }),
    status: statusOf(
      "Weather status from the score as shown: stormy < 2 ≤ rainy < 4 ≤ cloudy < 7 ≤ bright < 9 ≤ sunny; null without a score.",
    ),
    label: z
      .enum(LABEL_VALUES)
      .nullable()
      .meta({ description: "Rating label from the score as shown; null without a score." }),
    confidence: z
      .enum(CONFIDENCE_VALUES)
      .nullable()
      .meta({ description: "How much evidence the score rests on; null without a score." }),
    basis: z
      .enum(BASIS_VALUES)
      .nullable()
      .meta({ description: "Which blocks of evidence fed the score; null without a score." }),
    evidence: z
      .strictObject({
        inputs: z
          .number()
          .int()
          .min(0)
          .max(SUB_SCORE_KEYS.length)
          .meta({ description: "Inputs (sub-scores U, V, C, M, S) that count in the score.", example: 3 }),
        of: z.number().int().meta({ description: "Inputs the model has.", example: 5 }),
        cover: z.number().min(0).max(1).meta({ description: "The blend's evidence cover, 0 to 1.", example: 0.4 }),
      })
      .nullable()
      .meta({ description: "How much evidence the score rests on; null without a score." }),
    anchor_month: month(
      "Newest month with any scoring input (a quarter counts as its end month); null without inputs.",
    ).nullable(),
    yoy: z
      .strictObject({
        delta: z.number().nullable().meta({
          description:
            "Score of the as-of month minus the score of the same month a year before (each from the data available then; model v2.2), the change `change.year_before` explains, unrounded; null when either is missing or the score is withheld.",
        }),
        label: z.enum(YOY_VALUES).nullable().meta({
          description:
            "Up when shown is above +0.5, Down when it is below −0.5, else Same (+0.5 is Same); null with delta.",
        }),
        shown: z.number().nullable().meta({
          description:
            "The change as shown: the difference of the two scores as shown (one decimal each), the number the pages print; null with delta.",
        }),
        market: z
          .number()
          .nullable()
          .meta({
            description: `${MARKET_TEXT} Null with delta.`,
          }),
        evidence: z
          .number()
          .nullable()
          .meta({ description: `${EVIDENCE_TEXT} Null with delta.` }),
      })
      .meta({ description: "Year-on-year change of the score." }),
    withheld_reason: withheldReason,
  })
  .meta({ id: "CountryListItem", description: "A covered country with its published score as every list shows it." });

export const countriesSchema = z
  .array(countryListItemSchema)
  .meta({ description: "The 31 covered countries, in the product's fixed order." });

export const rankingSchema = z
  .strictObject({
    type: z.enum(RANKING_TYPES).meta({ description: "Which ranking." }),
    items: z
      .array(
        countryListItemSchema.extend({
          rank: z.int().min(1).max(RANKING_SIZE).meta({ description: "Position, 1 first." }),
          score: z
            .number()
            .min(1)
            .max(10)
            .meta({ description: `${scoreText}. Rankings sort by it, then by country code.` }),
        }),
      )
      .max(RANKING_SIZE)
      .meta({ description: `At most ${RANKING_SIZE} countries with a score that may be shown today.` }),
  })
  .meta({ id: "Ranking", description: "The brightest or stormiest job markets today." });

export const regionsSchema = z
  .array(
    z.strictObject({
      id: z.enum(REGION_IDS).meta({ description: "Region id." }),
      name: z.string().meta({ description: "Region name, in English whatever `lang` asks.", example: "Nordic" }),
      average: z
        .number()
        .min(1)
        .max(10)
        .nullable()
        .meta({ description: "Mean of the region's scores that may be shown today; null when none." }),
      status: statusOf("Weather status of the average; null without one."),
      scored: count("Countries of the region with a score that may be shown today."),
      total: count("Covered countries of the region."),
      best: countryListItemSchema.nullable().meta({ description: "The region's highest score; null when none." }),
      worst: countryListItemSchema
        .nullable()
        .meta({ description: "The region's lowest score; null with fewer than two scored countries." }),
      countries: z
        .array(countryListItemSchema)
        .meta({ description: "Every covered country of the region, by English name." }),
    }),
  )
  .meta({ id: "Regions", description: "European regions, best average first; a region without any score last." });

// product/shapes.ts types label, confidence and basis as strings; the schemas name their values (the model's
// types), so for lists the check is: same fields, and every answer the schema allows is a CountryListItem.
type ListItem = z.infer<typeof countryListItemSchema>;
type Region = z.infer<typeof regionsSchema>[number];
type _Shapes = [
  Assert<Same<keyof ListItem, keyof CountryListItem>>,
  Assert<Fits<ListItem, CountryListItem>>,
  Assert<
    Fits<
      Snapshot["label"] | Snapshot["confidence"] | Snapshot["basis"],
      ListItem["label"] | ListItem["confidence"] | ListItem["basis"]
    >
  >,
  Assert<Same<keyof z.infer<typeof rankingSchema>["items"][number], keyof RankingItem>>,
  Assert<Same<keyof Region, keyof RegionRow>>,
  Assert<Fits<Region, RegionRow>>,
];
