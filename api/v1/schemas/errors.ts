// Every error answer of the public API v1 (api/v1/schemas/parts.ts says how the schemas are made).
import { z } from "zod";
import { FIELD_ERROR_CODES } from "../../../lib/field-errors.ts";
import type { ErrorBody } from "../../../server/http/errors.ts";
import { type Assert, type Fits } from "./parts.ts";

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

type _Shapes = [Assert<Fits<ErrorBody, z.infer<typeof errorSchema>>>];
