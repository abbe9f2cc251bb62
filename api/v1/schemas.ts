// The public API v1 (docs/open-data.md): every answer's shape and every path parameter, defined once as zod
// schemas. The OpenAPI 3.1 document (api/v1/openapi.ts) is generated from them, the v1 routes validate their
// parameters with them, and the contract test (tests/api/open-data.test.ts) checks real answers against them
// and against the document. The shapes are the ones the one reader produces (api/read-model.ts, product/shapes.ts,
// pipeline/model/types.ts); type checks at the end of this file keep the two from drifting apart.
//
// Objects are strict (`additionalProperties: false` in the document): a field added to a snapshot without being
// described here fails the contract test rather than reaching clients undocumented.
import { z } from "zod";
import { COUNTRIES, REGIONS, type RegionId } from "../../lib/countries.ts";
import type {
  Basis,
  ChangeKind,
  Confidence,
  RatingLabel,
  Snapshot,
  Status,
  SubScoreKey,
  YoyLabel,
} from "../../pipeline/model/types.ts";
import type { ChangeViews } from "../../product/change-view.ts";
import type { MarketPanel, PanelFigure } from "../../product/market-panel.ts";
import { RANKING_SIZE, RANKING_TYPES } from "../../product/options.ts";
import type {
  CountryListItem,
  HistoryPoint,
  PausedReason,
  RankingItem,
  RegionRow,
  SourceRow,
  WithheldReason,
} from "../../product/shapes.ts";
import type { ErrorBody } from "../../server/http/errors.ts";
import { FIELD_ERROR_CODES } from "../../lib/field-errors.ts";
import type { countryBody } from "../read-model.ts";
import type { healthBody } from "../routes/public.ts";

// ---------------------------------------------------------------------------------------------------------
// Value lists (each checked against its type below, both ways)

const STATUS_VALUES = ["stormy", "rainy", "cloudy", "bright", "sunny"] as const;
const LABEL_VALUES = ["Very tough", "Mixed/average", "Rather favorable", "Very favorable"] as const;
const CONFIDENCE_VALUES = ["low", "medium", "high"] as const;
const BASIS_VALUES = ["blended", "sentiment-only", "historical-only"] as const;
const YOY_VALUES = ["Up", "Down", "Same"] as const;
const SUB_SCORE_KEYS = ["U", "V", "C", "M", "S"] as const;
const CHANGE_KINDS = ["value", "freshness", "added", "removed"] as const;
const REGION_IDS = REGIONS.map((r) => r.id) as [RegionId, ...RegionId[]];
const PAUSED_REASONS = ["operator", "no-fresh-scores"] as const;
const WITHHELD_REASONS = ["paused", "stale", "no-data"] as const;
const SIGNAL_VALUES = ["improving", "stable", "weakening"] as const;
const withheldReason = z.enum(WITHHELD_REASONS).nullable().meta({
  description:
    "Why no score is shown, the one reason the map, the pages, the rankings and the CSV give: paused (publication is paused: no score is current; see /api/health), stale (every input it was or would be computed from is past its cut-off) or no-data (no scoring input at all); null when the score is shown.",
});
const MARKET_TEXT =
  "The market part of the change: the sum of its parts of kind value (inputs counted on both sides whose level moved), unrounded; market + evidence = delta.";
const EVIDENCE_TEXT =
  "The evidence part of the change: the sum of its other parts (data that started or stopped counting, aged or got fresher), unrounded.";

// ---------------------------------------------------------------------------------------------------------
// Small building blocks

/** The `name` of a country, in answers and CSV files: its language follows `lang` (api/v1/table.ts `langQuery`). */
export const COUNTRY_NAME_TEXT = "The country's name: English, or in the language `lang` asks for.";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const month = (description: string) => z.string().regex(MONTH).meta({ description, example: "2026-07" });
const period = (description: string) => z.string().regex(PERIOD).meta({ description, example: "2026-Q2" });
const timestamp = (description: string) =>
  z.string().meta({ description, format: "date-time", example: "2026-11-22T06:00:00.000Z" });
const count = (description: string) => z.int().min(0).meta({ description });

const statusOf = (description: string) => z.enum(STATUS_VALUES).nullable().meta({ description });
const scoreText =
  "The score, 1 (very tough) to 10 (very favourable), unrounded (shown to one decimal, half away from zero)";

/**
 * Where a figure came from (pipeline/provenance.ts PublishedSource; docs/data-sources.md §8): the stored observation it
 * is, the file it was loaded from and two links to check it at its source.
 */
export const sourceSchema = z
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
const sourceField = sourceSchema.nullable().meta({
  description: "Where the figure came from (table, series, period, flag, release, file) and where to check it.",
});

/** A figure with its period, Eurostat flag and source. */
const valueAt = (description: string) =>
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

const subScoreState = (description: string) =>
  z
    .strictObject({
      input: z.number().meta({ description: "The sub-score's input." }),
      period: period("Period of its newest observation."),
      age: z.int().min(0).meta({ description: "Age in months." }),
      freshness: z.number().min(0).max(1).meta({ description: "Freshness factor." }),
      value: z.number().min(0).max(100).meta({ description: "The sub-score, 0 to 100." }),
    })
    .nullable()
    .meta({ description });

const explanation = (description: string) =>
  z
    .strictObject({
      from_month: month("The earlier month (YYYY-MM)."),
      to_month: month("The later month (YYYY-MM)."),
      from_score: z.number().meta({ description: "The score of the earlier month, unrounded." }),
      to_score: z.number().meta({ description: "The score of the later month, unrounded." }),
      delta: z.number().meta({ description: "to_score − from_score." }),
      market: z.number().meta({ description: MARKET_TEXT }),
      evidence: z.number().meta({ description: EVIDENCE_TEXT }),
      parts: z
        .array(
          z.strictObject({
            key: z.enum(SUB_SCORE_KEYS).meta({ description: "The sub-score (U, V, C, M or S)." }),
            kind: z.enum(CHANGE_KINDS).meta({
              description:
                "value: its value changed; freshness: its data got older or newer; added / removed: it exists on one side only.",
            }),
            from: subScoreState("The sub-score on the earlier side; null when it did not exist there."),
            to: subScoreState("The sub-score on the later side; null when it does not exist there."),
            contribution: z
              .number()
              .meta({ description: "This part's exact Shapley value: the contributions add up to delta." }),
          }),
        )
        .meta({
          description: "One part per input that changed, in sub-score order (U, V, C, M, S), value before freshness.",
        }),
    })
    .nullable()
    .meta({ description });

const changeView = (description: string) =>
  z
    .strictObject({
      from_month: month("The earlier month (YYYY-MM)."),
      to_month: month("The later month (YYYY-MM)."),
      since: z.string().meta({ description: 'The earlier side in words ("October 2026").', example: "October 2026" }),
      text: z.string().meta({
        description: "The whole sentence, as the country page and the feeds say it.",
        example:
          "Up 0.2 since October 2026: unemployment fell 0.2 points: fewer people out of work, so the score rises (+0.3); " +
          "vacancy figures (Q2 2026) aged from 2 to 5 months, so they count less and the score moves toward the middle (−0.1).",
      }),
      head: z.string().meta({ description: 'The change as shown: "Up 0.4", "Down 0.1", "No change".' }),
      delta: z.number().meta({
        description: "The change as shown, one decimal: the difference of the two scores as shown (one decimal each).",
      }),
      market: z.number().meta({
        description: "Its market part as shown, one decimal (the sum of the value lines); market + evidence = delta.",
      }),
      evidence: z
        .number()
        .meta({ description: "Its evidence part as shown, one decimal (the sum of the other lines)." }),
      mostly_evidence: z.boolean().meta({
        description:
          "True when the evidence part is larger in size than the market part (unrounded) and the change shows: the text then says what mostly moved it and what the market did.",
      }),
      parts: z
        .array(
          z.strictObject({
            words: z.string().meta({
              description:
                'What changed and why that moved the score, in the sentence\'s words ("unemployment fell 0.2 points: fewer people out of work, so the score rises").',
            }),
            detail: z.string().meta({
              description: 'The figures behind the words, from → to ("6.1% (September 2026) → 5.9% (October 2026)").',
            }),
            shown: z.number().meta({
              description: "Its share of the change as shown, one decimal; the parts add up to delta exactly.",
            }),
            shown_text: z.string().meta({ description: 'The same with a sign and a proper minus ("+0.3", "−0.1").' }),
            inputs: z
              .array(
                z.strictObject({
                  key: z.enum(SUB_SCORE_KEYS).meta({ description: "The sub-score." }),
                  kind: z.enum(CHANGE_KINDS).meta({ description: "How it changed." }),
                }),
              )
              .meta({
                description:
                  "The model's inputs behind the line (two when unemployment's level and momentum age together).",
              }),
          }),
        )
        .meta({ description: "The lines that show as non-zero, largest first." }),
    })
    .nullable()
    .meta({ description });

const comparison = <R extends readonly [string, ...string[]]>(results: R, description: string) =>
  z
    .strictObject({
      result: z.enum(results).meta({
        description:
          "The outcome of the comparison: `same` (in line) when the figure is within ±10 % of its 3-year average (`difference_pct` from −10 to +10), else above or below it.",
      }),
      text: z.string().meta({ description: "The outcome in the page's words." }),
      reference: z
        .number()
        .nullable()
        .meta({ description: "What the value was compared with; null for the fixed EU thresholds." }),
      difference_pct: z.number().int().nullable().meta({
        description:
          "The figure against its 3-year average in whole percent ((figure − average) ÷ average, rounded half away from zero), the number `result` is decided from; null when the average is not above 0.",
      }),
    })
    .nullable()
    .meta({ description });

const breakdownCard = (description: string) =>
  z
    .strictObject({
      value: z.number().meta({ description: "The figure shown." }),
      bar: z.number().min(0).max(100).meta({ description: "Bar fill, 0 to 100." }),
      baseline: z.number().meta({ description: "The baseline the figure is compared with." }),
      level: z.enum(["high", "low", "average"]).meta({ description: "The figure's level." }),
      trend: z
        .enum(["Stable", "Better", "Worse"])
        .meta({ description: "Relative to the baseline, from a job seeker's point of view." }),
      text: z.string().meta({ description: "The card's sentence." }),
    })
    .nullable()
    .meta({ description });

const tone = (what: string) =>
  z
    .enum(["good", "fair", "poor"])
    .nullable()
    .meta({ description: `Colour of the ${what} line; null without the figure.` });

// ---------------------------------------------------------------------------------------------------------
// Path parameters

/** `{code}`: a covered country's two-letter code, in any case. */
export const countryCodeParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .meta({
    description: `Two-letter country code (ISO 3166-1 alpha-2; GR for Greece), upper or lower case. One of ${COUNTRIES.map((c) => c.code).join(", ")}.`,
    example: "DE",
  });

export const countryParams = z.strictObject({ code: countryCodeParam });

export const rankingParams = z.strictObject({
  type: z.enum(RANKING_TYPES).meta({
    description: `brightest: the ${RANKING_SIZE} highest shown scores, best first; stormiest: the ${RANKING_SIZE} lowest, lowest first.`,
    example: "brightest",
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

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
          .max(5)
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

export const historySchema = z
  .array(
    z.strictObject({
      month: month("The month scored (YYYY-MM)."),
      score: z.number().min(1).max(10).nullable().meta({
        description: "The score as of that month's end, unrounded; null when no input was recent enough then.",
      }),
      status: statusOf("Weather status of that score; null without a score."),
      basis: z.enum(BASIS_VALUES).nullable().meta({
        description:
          "Which blocks of evidence the month's score rests on: both (blended), the surveys alone (sentiment-only) or the official statistics alone (historical-only); null without a score, or in a publication made before the history kept it.",
      }),
      market: z.number().nullable().meta({
        description:
          "The market part of the change from the month before, unrounded: the inputs counted in both months whose level moved. market + evidence = score − the month before's score. Null on the first month, when either month has no score, or in a publication made before the history kept it.",
      }),
      evidence: z.number().nullable().meta({
        description:
          "The evidence part of that change, unrounded: data that started or stopped counting, aged or got fresher. Null likewise.",
      }),
      events: z
        .array(
          z.strictObject({
            input: z
              .enum(["unemployment", "vacancy", "expectations", "barometer"])
              .meta({ description: "The input: unemployment, vacancies, employment expectations or the barometer." }),
            change: z.enum(["starts", "stops"]).meta({
              description:
                "starts: it counts this month and did not the month before; stops: the reverse (its newest figure passed its cut-off).",
            }),
            period: period("The figure's period: the first one counted (starts) or the last one that counted (stops)."),
          }),
        )
        .optional()
        .meta({
          description: "The inputs that started or stopped counting this month; absent in a month without any.",
        }),
    }),
  )
  .meta({
    id: "History",
    description:
      "A country's monthly scores, oldest first: each computed as of its own month with the data published by then.",
  });

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

export const sourcesSchema = z
  .array(
    z.strictObject({
      source_table: z.string().meta({
        description: "Eurostat table code (e.g. une_rt_m), lmb for the barometer, ecfin_eei for DG ECFIN's file.",
        example: "une_rt_m",
      }),
      data_type: z.string().meta({
        description:
          "What the table feeds: unemployment, vacancy, gdp, inflation, lmb, expectations or youth_unemployment.",
        example: "unemployment",
      }),
      newest_period: period("Newest period held.").nullable(),
      observations: count("Observations held."),
      last_ingested_at: timestamp("When data of this table was last loaded.").nullable(),
      last_changed_at: timestamp("When a load last changed a stored value.").nullable(),
      source_updated: z.string().nullable().meta({
        description: "When the source says it last updated the table (as the source writes it); null when unknown.",
      }),
      last_checked_at: timestamp(
        "When the source was last asked for news; null for tables only loaded from files.",
      ).nullable(),
    }),
  )
  .meta({ id: "Sources", description: "The source tables behind the current publication." });

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

export const marketPanelSchema = z
  .strictObject({
    unemployment_rate: z.number().nullable().meta({ description: "Latest unemployment rate (%)." }),
    unemployment_period: period("Its period.").nullable(),
    unemployment_change: z.number().nullable().meta({
      description:
        "The yearly change of the unemployment rate in points (the momentum input: the latest rate minus the rate 12 months, or 4 quarters, before); null without both.",
    }),
    unemployment_change_from: period("The period it is measured from.").nullable(),
    competition_period: period("The period of the competition figure: the older of its two inputs.").nullable(),
    vacancy_rate: z.number().nullable().meta({ description: "Latest job vacancy rate (%)." }),
    vacancy_period: period("Its quarter (YYYY-Qn).").nullable(),
    competition: z.number().nullable().meta({ description: "Job seekers per opening (unemployment ÷ vacancy rate)." }),
    competition_text: z.string().nullable().meta({ description: "Competition in words." }),
    lmb_value: z
      .number()
      .nullable()
      .meta({ description: "Latest European Labour Market Barometer value (100 = neutral)." }),
    lmb_period: period("Its month.").nullable(),
    eei_value: z.number().nullable().meta({
      description: "Latest Employment Expectations Indicator value (100 = long-term mean, standard deviation 10).",
    }),
    eei_period: period("Its month.").nullable(),
    sentiment_sources: z
      .array(
        z.strictObject({
          source: z.enum(["lmb", "eei"]).meta({
            description: "lmb: the European Labour Market Barometer; eei: the Employment Expectations Indicator.",
          }),
          value: z.number().meta({ description: "Its newest value." }),
          period: period("Its month (YYYY-MM)."),
          age: z.number().int().meta({ description: "Age in months as of the snapshot's as-of date." }),
          counts: z
            .boolean()
            .meta({ description: "True when the value feeds today's score (within the sentiment cut-off)." }),
          freshness: z
            .number()
            .min(0)
            .max(1)
            .meta({ description: "Its freshness factor in the score (0 when it does not count)." }),
          cutoff_months: z
            .number()
            .int()
            .meta({ description: "The sentiment cut-off in months: older values stop counting." }),
          counts_until: period("The last month (YYYY-MM) whose score can use this value."),
        }),
      )
      .meta({ description: "The sentiment sources this country has, barometer first, and whether each counts today." }),
    youth_unemployment_rate: z.number().nullable().meta({
      description:
        "Unemployment rate of the under-25s (%, une_rt_m age Y_LT25), context only (model v2.2); null when none within 24 months.",
    }),
    youth_unemployment_period: period("Its month.").nullable(),
    youth_unemployment_eu_rate: z
      .number()
      .nullable()
      .meta({ description: "The EU-27 under-25 rate of the same month; null when not stored." }),
    gdp_rate: z.number().nullable().meta({ description: "GDP growth (%), context only." }),
    gdp_period: period("Its quarter.").nullable(),
    gdp_unit: z
      .string()
      .nullable()
      .meta({ description: "Eurostat unit of the GDP figure (CLV_PCH_PRE or CLV_PCH_SM)." }),
    inflation_rate: z.number().nullable().meta({ description: "Inflation, HICP annual rate (%), context only." }),
    inflation_period: period("Its month.").nullable(),
    vacancy_three_year_avg: z.number().nullable().meta({ description: "3-year average of the vacancy rate." }),
    competition_three_year_avg: z.number().nullable().meta({ description: "3-year average of competition." }),
    comparisons: z
      .strictObject({
        unemployment_vs_eu: z
          .strictObject({
            result: z.enum(["lower", "higher", "same"]).meta({ description: "The outcome of the comparison." }),
            text: z.string().meta({ description: "The outcome in the page's words." }),
            reference: z
              .number()
              .nullable()
              .meta({ description: "The EU27_2020 rate compared with; null for the fixed thresholds." }),
            basis: z.enum(["EU27_2020", "fixed-thresholds"]).meta({ description: "What the rate was compared with." }),
            eu_period: period("Period of the EU value.").nullable(),
          })
          .nullable()
          .meta({ description: "Unemployment compared with the EU average." }),
        vacancy_vs_3y: comparison(["above", "below", "same"], "Vacancy rate compared with its 3-year average."),
        competition_vs_3y: comparison(["higher", "lower", "same"], "Competition compared with its 3-year average."),
      })
      .meta({ description: "The panel's comparisons; each null without its figures." }),
    general_signal: z.enum(SIGNAL_VALUES).nullable().meta({
      description:
        "The market part of the score's change over the 3 months to the country's data month (the newest month in which one of the figures its score uses started counting): improving when it is +0.3 or more, weakening when it is −0.3 or less, else stable (a change because data started, stopped counting or aged is not the market moving); null when either month has no score.",
    }),
    general_signal_text: z.string().nullable().meta({ description: "The signal in words." }),
    general_signal_change: z.number().nullable().meta({
      description: "The whole change over the window: score of general_signal_to minus score of general_signal_from.",
    }),
    general_signal_market: z
      .number()
      .nullable()
      .meta({ description: "Its market part, the one the signal reads, unrounded." }),
    general_signal_evidence: z
      .number()
      .nullable()
      .meta({ description: "Its evidence part, unrounded; market + evidence = general_signal_change." }),
    general_signal_from: month("The earlier month of the signal (3 months before general_signal_to).").nullable(),
    general_signal_to: month(
      "The later month of the signal: the country's data month, the newest month in which one of the figures its score uses started counting (model v2.4; before: the as-of month).",
    ).nullable(),
    yoy: countryListItemSchema.shape.yoy.meta({ description: "Year-on-year change, as in the lists." }),
    callbacks_per_100: z.number().nullable().meta({ description: "100 ÷ competition, rounded." }),
    time_to_interview_days: z.number().meta({ description: "Typical days to a first interview (a product constant)." }),
    vacancies_trend: z.enum(["up", "down", "flat"]).meta({ description: "Trend of vacancies (a product constant)." }),
    tones: z
      .strictObject({
        unemployment: tone("unemployment"),
        vacancy: tone("vacancy"),
        competition: tone("competition"),
        barometer: tone("barometer"),
        gdp: tone("GDP"),
        inflation: tone("inflation"),
      })
      .meta({ description: "Colour of each line of the page's market snapshot." }),
    breakdown: z
      .strictObject({
        unemployment: breakdownCard("Unemployment card; null without the figure."),
        vacancy: breakdownCard("Vacancy card; null without the figure."),
        competition: breakdownCard("Competition card; null without the figure."),
        sentiment: breakdownCard("Sentiment card; null without the figure."),
      })
      .meta({ description: 'The four "Why the Job Market Score is X" cards.' }),
    flags: z
      .strictObject(
        Object.fromEntries(
          (
            [
              ["unemployment", "the unemployment rate"],
              ["unemployment_year_before", "the unemployment rate a year before"],
              ["youth_unemployment", "the under-25s' unemployment rate"],
              ["vacancy", "the job vacancy rate"],
              ["lmb", "the barometer"],
              ["eei", "the Employment Expectations Indicator"],
              ["gdp", "GDP growth"],
              ["inflation", "inflation"],
            ] as const
          ).map(([key, what]) => [
            key,
            z
              .string()
              .nullable()
              .meta({ description: `Eurostat's flag of ${what}; null without one or without the figure.` }),
          ]),
        ) as Record<PanelFigure, z.ZodNullable<z.ZodString>>,
      )
      .meta({
        description:
          'Eurostat\'s observation flag of each figure, shown beside it: "p" provisional, "e" estimated, "d" definition differs, "b" break in series, "u" low reliability (letters may combine).',
      }),
  })
  .nullable()
  .meta({
    description:
      "The country page's market panel, from the snapshot; null when the score is withheld or nothing was published.",
  });

const signalSchema = z
  .strictObject({
    word: z.enum(SIGNAL_VALUES).meta({
      description:
        "improving when the market part is +0.3 or more, weakening when it is −0.3 or less, else stable (the page's General signal).",
    }),
    market: z.number().meta({
      description:
        "The market part of the score's change over the window (inputs counted on both months whose level moved), unrounded: what the word reads.",
    }),
    evidence: z.number().meta({
      description:
        "The evidence part (data that started or stopped counting, aged or got fresher), unrounded; market + evidence = change.",
    }),
    change: z.number().meta({ description: "The whole change: score of to_month minus score of from_month." }),
    from_month: month("The earlier month: 3 months before to_month."),
    to_month: month(
      "The later month: the country's data month, the newest month in which one of the figures its score uses started counting (model v2.4; before: the as-of month).",
    ),
  })
  .nullable()
  .meta({
    description:
      "The general signal: the market part of the score's change over the 3 months to the country's data month; null without a shown score, when either month has no score, or for a snapshot published before the signal's attribution existed.",
  });

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
  sectors: z
    .array(
      z.strictObject({
        revision: z.enum(["nace_r2", "nace_r2_1"]).meta({
          description: "The NACE revision of its table: `nace_r2` (NACE Rev. 2) or `nace_r2_1` (NACE Rev. 2.1).",
        }),
        code: z.string().meta({ description: "The sector's NACE code in that revision.", example: "J" }),
        value: z.number().meta({ description: "The sector's job vacancy rate (% of posts vacant)." }),
        period: period("Its quarter (YYYY-Qn)."),
        flag: z.string().nullable().meta({ description: "Eurostat observation flag; null when none." }),
        table: z.string().meta({ description: "The Eurostat table it comes from.", example: "ei_lmjv_q_r2" }),
        s_adj: z.string().meta({
          description:
            "Seasonal adjustment of the series read: `SA`, else `NSA` where the country has no seasonally adjusted figure.",
        }),
        all_sectors: z.number().nullable().meta({
          description:
            "The country's rate for all sectors (NACE `B-S`; `B-T` or `A-T` in NACE Rev. 2.1) of the same quarter, table and adjustment; null when not stored.",
        }),
        eu_value: z.number().nullable().meta({
          description:
            "The EU-27 (`EU27_2020`) rate of the same sector, quarter, table and adjustment; null when not stored.",
        }),
        part_of: z.string().nullable().optional().meta({
          description:
            "For a finer section a role family reads where a loaded file holds it (`Q` human health and social work), the code of the shown aggregate it is part of (`O-Q`); null for a shown aggregate.",
          example: null,
        }),
        history: z
          .array(
            z.strictObject({
              period: period("The quarter (YYYY-Qn)."),
              value: z.number().meta({ description: "The sector's job vacancy rate that quarter (%)." }),
              flag: z.string().nullable().meta({ description: "Eurostat observation flag; null when none." }),
              all_sectors: z.number().nullable().meta({
                description:
                  "The country's rate for all sectors of the same quarter, table and adjustment; null when not stored.",
              }),
              eu_value: z.number().nullable().meta({
                description: "The EU-27 rate of the same sector, quarter, table and adjustment; null when not stored.",
              }),
            }),
          )
          .optional()
          .meta({
            description:
              "The trend: every quarter of the series the figure is read from (its table and seasonal adjustment, never two mixed), published by the as-of date, oldest first; the last is the figure itself. Quarters past the 24-month cut-off stay in it (they only no longer count as the current figure).",
          }),
        source: sourceField,
      }),
    )
    .optional()
    .meta({
      description:
        "Where the openings are: the job vacancy rate of each sector, its newest quarter published within 24 months, with its trend; one figure per sector (NACE Rev. 2.1 where its quarter is as new), then the finer sections role families read where loaded; empty without any. Context only, never in any score (model v2.3).",
    }),
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
  change: z
    .strictObject({
      previous_month: explanation(
        "Change since the month before the as-of month; null when either month has no score.",
      ),
      three_months: explanation(
        "Change over the general signal's window, the 3 months to the country's data month (model v2.4; before: to the as-of month); its market part is `signal.market`; null when either month has no score.",
      ).optional(),
      year_before: explanation("Change since 12 months before; null when either month has no score."),
    })
    .nullable()
    .optional()
    .meta({
      description:
        "Why the score changed: exact attribution to its inputs (model v2.1); null when the score is withheld.",
    }),
  published: z.literal(true).meta({ description: "A snapshot was published for this country." }),
  signal: signalSchema,
  fresh: countryListItemSchema.shape.fresh,
  withheld_reason: withheldReason,
  publication: publicationRef,
  market_panel: marketPanelSchema,
  change_text: z
    .strictObject({
      previous_month: changeView("Since the month before; null when either month has no score."),
      year_before: changeView("Since 12 months before; null when either month has no score."),
    })
    .nullable()
    .meta({
      description:
        "Why the score changed, in words, as the country page shows it (display-rounded, so that the parts add up to the change as shown); null when the score is withheld or the snapshot has no explanation.",
    }),
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

export const healthSchema = z
  .strictObject({
    ok: z.literal(true).meta({ description: "The server answers." }),
    model: z.string().nullable().meta({ description: "Model of the current publication; null before the first." }),
    as_of: z.string().regex(DATE).nullable().meta({ description: "As-of date of the current publication." }),
    published_at: timestamp("When it was published.").nullable(),
    countries_scored: count("Countries with a score in the current publication."),
    paused: z.boolean().meta({ description: "True while the site shows its paused notice." }),
    paused_reason: z.enum(PAUSED_REASONS).nullable().meta({
      description: "operator: paused by the operator; no-fresh-scores: no country has a score that may be shown.",
    }),
  })
  .meta({ id: "Health", description: "Whether the service runs and what it serves." });

export const errorSchema = z
  .strictObject({
    error: z
      .strictObject({
        code: z
          .string()
          .meta({ description: "Machine-readable code (not_found, invalid_request, …).", example: "not_found" }),
        message: z.string().meta({ description: "What went wrong, in words." }),
        details: z.unknown().optional().meta({ description: "More about it, when there is more." }),
        fields: z
          .array(
            z.strictObject({
              field: z.string().meta({ description: "The field refused, as sent." }),
              code: z.enum(FIELD_ERROR_CODES).meta({ description: "Why, as a code." }),
              max: z.number().optional().meta({ description: "The upper bound passed (characters of a text)." }),
              min: z.number().optional().meta({ description: "The lower bound passed." }),
            }),
          )
          .optional()
          .meta({ description: "Each refused field of an invalid_request, as a code and its bound." }),
      })
      .meta({ description: "What went wrong." }),
  })
  .meta({ id: "Error", description: "Every error answer." });

// ---------------------------------------------------------------------------------------------------------
// The schemas describe what the reader produces: compile-time checks, both ways where the types are exact.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Fits<A, B> = [A] extends [B] ? true : false;
type Assert<T extends true> = T;
type Item<T extends readonly unknown[]> = T[number];

export type _Values = [
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
/** The snapshot's figures the API answers with their `source` (api/read-model.ts withSourceFields): checked by countryBody's. */
type SourcedFigure =
  "unemployment" | "unemployment_year_before" | "vacancy" | "lmb" | "eei" | "gdp" | "inflation" | "eu_average";
// product/shapes.ts types label, confidence and basis as strings; the schemas name their values (the model's
// types), so for lists the check is: same fields, and every answer the schema allows is a CountryListItem.
type ListItem = z.infer<typeof countryListItemSchema>;
type Region = z.infer<typeof regionsSchema>[number];
export type _Shapes = [
  Assert<Same<keyof ListItem, keyof CountryListItem>>,
  Assert<Fits<ListItem, CountryListItem>>,
  Assert<
    Fits<
      Snapshot["label"] | Snapshot["confidence"] | Snapshot["basis"],
      ListItem["label"] | ListItem["confidence"] | ListItem["basis"]
    >
  >,
  Assert<Same<keyof z.infer<typeof rankingSchema>["items"][number], keyof RankingItem>>,
  Assert<Same<z.infer<typeof historySchema>, HistoryPoint[]>>,
  Assert<Same<keyof Region, keyof RegionRow>>,
  Assert<Fits<Region, RegionRow>>,
  Assert<Same<z.infer<typeof sourcesSchema>, SourceRow[]>>,
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
  Assert<Fits<MarketPanel | null, z.infer<typeof marketPanelSchema>>>,
  Assert<Fits<ChangeViews | null, z.infer<typeof publishedCountry>["change_text"]>>,
  Assert<Fits<ReturnType<typeof countryBody>, z.infer<typeof countrySchema>>>,
  Assert<Fits<ErrorBody, z.infer<typeof errorSchema>>>,
  Assert<Fits<ReturnType<typeof healthBody>, z.infer<typeof healthSchema>>>,
];
