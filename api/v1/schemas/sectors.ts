// Where the openings are (api/v1/schemas/parts.ts says how the schemas are made): the job vacancy rate of each
// sector, as `sectors` of /countries/{code} (context only, never in any score).
import { z } from "zod";
import { period, sourceField } from "./parts.ts";

/** `sectors` of a published country: the job vacancy rate of each sector, with its trend. */
export const sectorsField = z
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
  });
