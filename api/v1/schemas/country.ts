// One country of the public API v1, /countries/{code} (api/v1/schemas/parts.ts says how the schemas are made): its
// published snapshot with identity, inputs, sub-scores, context figures and the market panel, or the few fields of a
// country nothing was published for yet.
import { z } from "zod";
import type { Snapshot, SubScoreKey } from "../../../pipeline/model/types.ts";
import type { countryBody } from "../../country-body.ts";
import { changeField, changeTextField, signalSchema } from "./change.ts";
import { countryListItemSchema } from "./countries.ts";
import { marketPanelSchema } from "./market-panel.ts";
import {
  count,
  DATE,
  month,
  period,
  scoreText,
  sourceField,
  timestamp,
  valueAt,
  withheldReason,
  type Assert,
  type Fits,
} from "./parts.ts";
import { sectorsField } from "./sectors.ts";

const publicationRef = z
  .strictObject({
    id: z.int().min(1).meta({ description: "Publication number; every recalc publishes a new one." }),
    model: z
      .string()
      .meta({ description: "Score model that computed it (v2, v2.1, v2.2, v2.3, v2.4).", example: "v2.4" }),
    as_of: z
      .string()
      .regex(DATE)
      .meta({ description: "As-of date of the scores (YYYY-MM-DD).", example: "2026-11-22" }),
    published_at: timestamp("When it was published."),
  })
  .nullable()
  .meta({ description: "The publication this answer comes from; null before the first." });

const identity = {
  code: countryListItemSchema.shape.code,
  name: countryListItemSchema.shape.name,
  flag: countryListItemSchema.shape.flag,
  slug: countryListItemSchema.shape.slug,
  region: countryListItemSchema.shape.region,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .meta({ description: "The country code again (the snapshot's own field)." }),
};

const subScore = (key: SubScoreKey, what: string) =>
  z
    .strictObject({
      key: z.literal(key).meta({ description: "Which sub-score." }),
      value: z.number().min(0).max(100).meta({ description: "The sub-score, 0 to 100, from unrounded inputs." }),
      input: z.number().meta({
        description:
          "The input the anchor table reads (u, v, c = u/v, d = u − u 12 months before, or the sentiment index).",
      }),
      period: period("Period of the newest observation used (for C, the older of its two inputs)."),
      age: z.int().min(0).meta({ description: "Age of that observation in months, as of the as-of month." }),
      freshness: z.number().min(0).max(1).meta({ description: "Freshness factor f, 0 to 1." }),
      weight: z.number().min(0).meta({ description: "Base weight w." }),
      effectiveWeight: z.number().min(0).meta({ description: "Effective weight e = w × f." }),
    })
    .nullable()
    .meta({ description: `${what}; null when missing (no data within its cut-off) or withheld.` });

const publishedCountry = z.strictObject({
  ...identity,
  model: z.string().meta({ description: "Score model that computed this snapshot.", example: "v2.4" }),
  as_of: z
    .string()
    .regex(DATE)
    .meta({ description: "As-of date of the snapshot (YYYY-MM-DD).", example: "2026-11-22" }),
  anchor_month: countryListItemSchema.shape.anchor_month,
  score: z
    .number()
    .min(1)
    .max(10)
    .nullable()
    .meta({ description: `${scoreText}; null when there is none or it may not be shown today.` }),
  status: countryListItemSchema.shape.status,
  label: countryListItemSchema.shape.label,
  confidence: countryListItemSchema.shape.confidence,
  basis: countryListItemSchema.shape.basis,
  cover: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: "Share of the evidence present, after freshness; null without a score." }),
  raw: z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .meta({ description: "The blend of the sub-scores before shrinking, 0 to 100; null without a score." }),
  shrunk: z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .meta({ description: "The blend after shrinking toward 50 by cover, 0 to 100; null without a score." }),
  sub_scores: z
    .strictObject({
      U: subScore("U", "Unemployment level"),
      V: subScore("V", "Vacancy level"),
      C: subScore("C", "Competition (job seekers per opening)"),
      M: subScore("M", "Momentum (change of unemployment over 12 months)"),
      S: subScore("S", "Sentiment (barometer and/or Employment Expectations Indicator)"),
    })
    .meta({ description: "The five sub-scores." }),
  unemployment_series: z
    .enum(["monthly", "quarterly"])
    .nullable()
    .meta({ description: "Which unemployment series fed U and M." }),
  unemployment: valueAt("Newest unemployment rate (%) of that series."),
  unemployment_year_before: valueAt("Unemployment rate 12 months (4 quarters) before, used by M."),
  unemployment_history_points: count("Unemployment observations of the series up to the as-of month."),
  vacancy: valueAt("Newest job vacancy rate (%)."),
  competition: z.number().nullable().meta({ description: "Job seekers per opening: unemployment ÷ vacancy rate." }),
  lmb: valueAt("Newest European Labour Market Barometer value (100 = neutral), © IAB."),
  gdp: z
    .strictObject({
      value: z.number().meta({ description: "GDP growth (%)." }),
      period: period("Its quarter."),
      flag: z.string().nullable().meta({ description: "Eurostat observation flag; null when none." }),
      unit: z.string().nullable().meta({ description: "Eurostat unit (CLV_PCH_PRE or CLV_PCH_SM)." }),
      source: sourceField,
    })
    .nullable()
    .meta({ description: "Newest GDP growth: context only, never in the score." }),
  inflation: valueAt("Newest inflation (HICP annual rate, %): context only, never in the score."),
  averages_3y: z
    .strictObject({
      vacancy: z.number().nullable().meta({ description: "Mean vacancy rate; null with fewer than 2 points." }),
      competition: z.number().nullable().meta({ description: "Mean competition; null with fewer than 2 points." }),
      vacancy_points: count("Vacancy observations averaged."),
      competition_points: count("Competition values averaged."),
    })
    .meta({ description: "Means over the 36 months ending at the newest vacancy quarter." }),
  eu_average: z
    .strictObject({
      unemployment: z
        .number()
        .nullable()
        .meta({ description: "EU27_2020 unemployment of the same period; null when not loaded." }),
      period: period("Its period.").nullable(),
      source: z.enum(["EU27_2020", "fixed-thresholds"]).meta({
        description: "EU27_2020 when that value exists, else the fixed thresholds (below 6 % lower, above 7 % higher).",
      }),
      provenance: sourceField.meta({
        description:
          "Where the EU-27 figure came from (a Source; named so because `source` names the yardstick); null with the fixed thresholds.",
      }),
    })
    .meta({ description: "The EU average the unemployment rate is compared with." }),
  yoy: z
    .strictObject({
      ...countryListItemSchema.shape.yoy.shape,
      from_month: month(
        "The month compared with: the as-of month − 12 (model v2.2; v2 and v2.1: the anchor month − 12); null without any input.",
      ).nullable(),
    })
    .meta({ description: "Year-on-year change of the score." }),
  ingest_ids: z
    .array(z.int().min(1))
    .meta({ description: "Ids of the data loads every observation of this snapshot came from (provenance)." }),
  eei: valueAt(
    "Newest Employment Expectations Indicator (long-term mean 100), shown even past its cut-off (model v2.1).",
  ).optional(),
  youth_unemployment: z
    .strictObject({
      value: z.number().meta({ description: "Unemployment rate of the under-25s (% of their labour force)." }),
      period: period("Its month (YYYY-MM)."),
      flag: z.string().nullable().meta({ description: "Eurostat observation flag; null when none." }),
      table: z.string().meta({ description: "The Eurostat table it comes from (une_rt_m).", example: "une_rt_m" }),
      eu_value: z
        .number()
        .nullable()
        .meta({ description: "The EU-27 (EU27_2020) under-25 rate of the same month; null when not stored." }),
      source: sourceField,
    })
    .nullable()
    .optional()
    .meta({
      description:
        "Youth unemployment (age Y_LT25), newest month within 24 months: context only, never in any score (model v2.2 §10).",
    }),
  sectors: sectorsField,
  sentiment_sources: z
    .array(
      z.strictObject({
        source: z
          .enum(["lmb", "eei"])
          .meta({ description: "lmb: the barometer; eei: the Employment Expectations Indicator." }),
        value: z.number().meta({ description: "The index value." }),
        period: period("Its month."),
        age: z.int().min(0).meta({ description: "Age in months." }),
        freshness: z.number().min(0).max(1).meta({ description: "Freshness factor." }),
        sub_score: z.number().min(0).max(100).meta({ description: "The value through the S anchor table, 0 to 100." }),
      }),
    )
    .optional()
    .meta({ description: "The sentiment sources that fed S, barometer first; empty without S (model v2.1)." }),
  change: changeField,
  published: z.literal(true).meta({ description: "A snapshot was published for this country." }),
  signal: signalSchema,
  fresh: countryListItemSchema.shape.fresh,
  withheld_reason: withheldReason,
  publication: publicationRef,
  market_panel: marketPanelSchema,
  change_text: changeTextField,
});

const unpublishedCountry = z.strictObject({
  ...identity,
  published: z.literal(false).meta({ description: "Nothing was published for this country yet." }),
  signal: z.null().meta({ description: "No signal." }),
  fresh: z.literal(false).meta({ description: "Always false without a publication." }),
  withheld_reason: z.null().meta({ description: "Nothing to withhold." }),
  score: z.null().meta({ description: "No score." }),
  status: z.null().meta({ description: "No status." }),
  label: z.null().meta({ description: "No label." }),
  publication: publicationRef,
  market_panel: z.null().meta({ description: "No market panel." }),
  change_text: z.null().meta({ description: "No explanation." }),
});

export const countrySchema = z.union([publishedCountry, unpublishedCountry]).meta({
  id: "Country",
  description:
    "One country: its published snapshot with identity and the market panel. A score that may not be shown today is withheld: score, status, label, confidence, basis, cover, the sub-scores, the year-on-year change and its explanation are null, the inputs stay.",
});

/** The snapshot's figures the API answers with their `source` (api/country-body.ts withSourceFields): checked by countryBody's. */
type SourcedFigure =
  "unemployment" | "unemployment_year_before" | "vacancy" | "lmb" | "eei" | "gdp" | "inflation" | "eu_average";
type _Shapes = [
  Assert<
    Fits<
      Omit<Snapshot, "change" | SourcedFigure> & { change?: Snapshot["change"] | null },
      Omit<
        z.infer<typeof publishedCountry>,
        | keyof typeof identity
        | "published"
        | "signal"
        | "yoy"
        | "fresh"
        | "withheld_reason"
        | "publication"
        | "market_panel"
        | "change_text"
        | SourcedFigure
      > & { country: string }
    >
  >,
  Assert<Fits<ReturnType<typeof countryBody>, z.infer<typeof countrySchema>>>,
];
