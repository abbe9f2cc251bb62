// The public API v1's path parameters (api/v1/schemas/parts.ts says how the schemas are made): the routes check
// `{code}` and `{type}` through them (api/v1/paths.ts).
import { z } from "zod";
import { COUNTRIES } from "../../../lib/countries.ts";
import { RANKING_SIZE, RANKING_TYPES } from "../../../product/options.ts";

/** `{code}`: a covered country's two-letter code, in any case. */
const countryCodeParam = z
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
