// What the public API v1 says about its data and itself (api/v1/schemas/parts.ts says how the schemas are made): the
// source tables behind the publication, and the service's health.
import { z } from "zod";
import type { SourceRow } from "../../../product/shapes.ts";
import type { healthBody } from "../../routes/public.ts";
import { count, DATE, PAUSED_REASONS, period, timestamp, type Assert, type Fits, type Same } from "./parts.ts";

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

type _Shapes = [
  Assert<Same<z.infer<typeof sourcesSchema>, SourceRow[]>>,
  Assert<Fits<ReturnType<typeof healthBody>, z.infer<typeof healthSchema>>>,
];
