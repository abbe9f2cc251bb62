// Why a country's score changed (api/v1/schemas/parts.ts says how the schemas are made): the exact attribution to
// its inputs (`change`), the same in words as the country page shows it (`change_text`) and the general signal.
import { z } from "zod";
import type { ChangeViews } from "../../../product/change-view.ts";
import {
  CHANGE_KINDS,
  EVIDENCE_TEXT,
  MARKET_TEXT,
  month,
  period,
  SIGNAL_VALUES,
  SUB_SCORE_KEYS,
  type Assert,
  type Fits,
} from "./parts.ts";

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

export const signalSchema = z
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

/** `change` of a published country: why its score changed, input by input. */
export const changeField = z
  .strictObject({
    previous_month: explanation("Change since the month before the as-of month; null when either month has no score."),
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
  });

/** `change_text` of a published country: why its score changed, in words. */
export const changeTextField = z
  .strictObject({
    previous_month: changeView("Since the month before; null when either month has no score."),
    year_before: changeView("Since 12 months before; null when either month has no score."),
  })
  .nullable()
  .meta({
    description:
      "Why the score changed, in words, as the country page shows it (display-rounded, so that the parts add up to the change as shown); null when the score is withheld or the snapshot has no explanation.",
  });

type _Shapes = [Assert<Fits<ChangeViews | null, z.infer<typeof changeTextField>>>];
