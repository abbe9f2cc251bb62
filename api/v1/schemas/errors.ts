// Every error answer of the public API v1 (api/v1/schemas/parts.ts says how the schemas are made).
import { z } from "zod";
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
      })
      .meta({ description: "What went wrong." }),
  })
  .meta({ id: "Error", description: "Every error answer." });

type _Shapes = [Assert<Fits<ErrorBody, z.infer<typeof errorSchema>>>];
