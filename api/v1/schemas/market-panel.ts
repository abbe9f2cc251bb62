// The market panel of a country (api/v1/schemas/parts.ts says how the schemas are made): the figures, comparisons,
// signal, cards and flags the country page shows, as `market_panel` of /countries/{code}.
import { z } from "zod";
import type { MarketPanel, PanelFigure } from "../../../product/market-panel.ts";
import { countryListItemSchema } from "./countries.ts";
import { month, period, SIGNAL_VALUES, type Assert, type Fits } from "./parts.ts";

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

type _Shapes = [Assert<Fits<MarketPanel | null, z.infer<typeof marketPanelSchema>>>];
