// The public API v1's history of a country (api/v1/schemas/parts.ts says how the schemas are made).
import { z } from "zod";
import type { HistoryPoint } from "../../../product/shapes.ts";
import { BASIS_VALUES, month, period, statusOf, type Assert, type Same } from "./parts.ts";

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

type _Shapes = [Assert<Same<z.infer<typeof historySchema>, HistoryPoint[]>>];
