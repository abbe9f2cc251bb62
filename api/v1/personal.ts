// `GET /api/v1/scores?weights=U:2,M:2,V:2,C:2,S:2` and its CSV download `/api/v1/scores/personal.csv`: a
// personal ranking under a visitor's own weights (docs/decisions/020-personal-weights.md), computed from the
// published sub-scores by product/personal-view.ts, the code the /your-weather page runs in the browser. The
// official fields (score, status) are the published ones and never depend on the weights. Not cached by the
// fast path (the answer depends on the query); each answer carries the publication's ETag prefix.
import { z } from "zod";
import type { ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { formatScore } from "../../pipeline/model/round.ts";
import { countryNameIn } from "../../product/country-names.ts";
import type { Locale } from "../../product/locales.ts";
import { API_V1_BASE } from "../../product/open-data.ts";
import { compactSub, personalNote, personalRows, type PersonalRowView } from "../../product/personal-view.ts";
import type { PublicationRow } from "../../product/shapes.ts";
import {
  formatSteps,
  INDEX_STEPS,
  parseSteps,
  weightVector,
  WEIGHT_KEYS,
  WEIGHT_TEXT,
  type WeightSteps,
} from "../../product/weights.ts";
import { toCsv } from "../csv.ts";
import { cachedBytes, cachedJson, tagIn, type CachedBody } from "../../server/http/cache.ts";
import { HttpError } from "../../server/http/errors.ts";
import type { PublishedView } from "../read-model.ts";
import { CSV_TYPE, csvFilename } from "./csv.ts";
import { API_DOC_VALUES } from "./doc-values.ts";
import { COUNTRY_NAME_TEXT as NAME_TEXT, SUB_SCORE_KEYS } from "./schemas/parts.ts";

const STATUS_VALUES = ["stormy", "rainy", "cloudy", "bright", "sunny"] as const;

const weightsQuery = z.object({
  weights: z
    .string()
    .optional()
    .meta({
      description: `Your weight of each input as a step from 0 to 5, \`KEY:STEP\` separated by commas: ${WEIGHT_KEYS.map((k) => `${k} ${WEIGHT_TEXT[k].name.toLowerCase()}`).join(", ")}. Step 2 weighs an input as the index does (its weight is the index's × step / 2); 0 ignores it. An input left out keeps step 2; without the parameter every input has step 2 and the personal scores are the published ones.`,
      example: "U:2,M:1,V:2,C:2,S:5",
    }),
});

const status = z.enum(STATUS_VALUES).nullable();

const personalRowSchema = z.strictObject({
  code: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .meta({ description: "Two-letter country code." }),
  name: z.string().meta({ description: NAME_TEXT }),
  rank: z
    .int()
    .min(1)
    .nullable()
    .meta({ description: "Position by personal score, 1 first, ties by country code; null without a personal score." }),
  score: z.number().min(1).max(10).nullable().meta({
    description: "The published score (unrounded), exactly as /countries answers it: weights never change it.",
  }),
  status: status.meta({ description: "The published status: weights never change it." }),
  personal_score: z.number().min(1).max(10).nullable().meta({
    description:
      "The score under your weights, unrounded: the published sub-scores blended with your weights. Null when nothing you weigh is available for the country, or it has no published score shown today.",
  }),
  personal_status: status.meta({ description: "Weather status of the personal score as shown (one decimal)." }),
  difference: z.number().nullable().meta({ description: "personal_score − score; null when either is null." }),
  moved_by: z
    .array(
      z.strictObject({
        key: z.enum(SUB_SCORE_KEYS).meta({ description: "The input whose weight changed (U, V, C, M or S)." }),
        contribution: z.number().meta({ description: "Its share of difference, in score points." }),
      }),
    )
    .meta({
      description:
        "Each weight you changed and its exact share (Shapley value) of difference, largest first; the shares add up to difference.",
    }),
});

const personalScoresSchema = z
  .strictObject({
    note: z.string().meta({
      description:
        "What this is: your ranking, not the index; or, under the index's own weights (every step 2), the published scores.",
    }),
    weights: z.string().meta({ description: "The steps used, in canonical form.", example: "U:2,M:2,V:2,C:2,S:2" }),
    weight_values: z
      .strictObject(
        Object.fromEntries(
          SUB_SCORE_KEYS.map((k) => [
            k,
            z
              .number()
              .min(0)
              .meta({ description: `The weight of ${k} (${WEIGHT_TEXT[k].name.toLowerCase()}).` }),
          ]),
        ) as Record<(typeof SUB_SCORE_KEYS)[number], z.ZodNumber>,
      )
      .meta({
        description: "The weight of each input these steps give (the index's base weight × step / 2).",
      }),
    publication: z
      .strictObject({
        id: z.int().meta({ description: "Publication id." }),
        model: z.string().meta({ description: "Score model (v2.1)." }),
        as_of: z.string().meta({ description: "As-of date (YYYY-MM-DD)." }),
        published_at: z.string().meta({ description: "When it was published (ISO 8601, UTC)." }),
      })
      .nullable()
      .meta({ description: "The publication the sub-scores come from; null before the first." }),
    items: z
      .array(personalRowSchema)
      .meta({ description: "Every covered country: those with a personal score by rank, then the others by code." }),
  })
  .meta({ id: "PersonalScores", description: "A personal ranking under your weights: never the index." });

type PersonalScoresBody = z.infer<typeof personalScoresSchema>;

/** The steps of a request's `weights` parameter; a 400 that says what is wrong for anything else. */
export function stepsOfQuery(query: unknown): WeightSteps {
  const parsed = weightsQuery.safeParse(query);
  if (!parsed.success)
    throw new HttpError(400, "invalid_weights", "weights must be given once, like U:2,M:2,V:2,C:2,S:2.");
  if (parsed.data.weights === undefined) return INDEX_STEPS;
  const steps = parseSteps(parsed.data.weights);
  if (!steps.ok) throw new HttpError(400, "invalid_weights", steps.error);
  return steps.steps;
}

function rowsOf(view: PublishedView, steps: WeightSteps, lang: Locale): PersonalRowView[] {
  return personalRows(
    view.items.map((item) => ({
      code: item.code,
      name: countryNameIn(lang, item.code),
      score: item.score,
      status: item.status,
      sub: compactSub(view.readings.get(item.code)?.snapshot?.sub_scores ?? null),
    })),
    steps,
  );
}

const publicationOf = (p: PublicationRow | null) =>
  p ? { id: p.id, model: p.model, as_of: p.as_of, published_at: p.published_at } : null;

export function personalScoresBody(view: PublishedView, steps: WeightSteps, lang: Locale = "en"): CachedBody {
  const body: PersonalScoresBody = {
    note: personalNote(steps),
    weights: formatSteps(steps),
    weight_values: weightVector(steps),
    publication: publicationOf(view.publication),
    items: rowsOf(view, steps, lang),
  };
  return cachedJson(body, tagIn(view.tag, lang));
}

const PERSONAL_CSV_COLUMNS: ReadonlyArray<{
  name: string;
  description: string;
  value: (r: PersonalRowView, steps: string, p: PublicationRow | null) => string | number | null;
}> = [
  {
    name: "rank",
    description: "Position by personal score (ties by code); empty without a personal score.",
    value: (r) => r.rank,
  },
  { name: "code", description: "Two-letter country code.", value: (r) => r.code },
  { name: "name", description: NAME_TEXT, value: (r) => r.name },
  {
    name: "personal_score",
    description: "The score under your weights, one decimal; empty without one.",
    value: (r) => (r.personal_score === null ? null : formatScore(r.personal_score)),
  },
  { name: "personal_status", description: "Its weather status.", value: (r) => r.personal_status },
  {
    name: "score",
    description: "The published score, one decimal (never changed by weights); empty when none is shown.",
    value: (r) => (r.score === null ? null : formatScore(r.score)),
  },
  { name: "status", description: "The published status.", value: (r) => r.status },
  { name: "personal_score_unrounded", description: "The personal score unrounded.", value: (r) => r.personal_score },
  { name: "weights", description: "Your steps (U:…,M:…,V:…,C:…,S:…), on every line.", value: (_r, s) => s },
  { name: "as_of", description: "As-of date of the publication.", value: (_r, _s, p) => p?.as_of ?? null },
];

const PERSONAL_CSV_DESCRIPTION = `RFC 4180 CSV, UTF-8 without a byte order mark, CRLF line ends, a header row, then one covered country per line in the order of the JSON answer. Your ranking, not the index. Columns:\n\n${PERSONAL_CSV_COLUMNS.map((c) => `- \`${c.name}\`: ${c.description}`).join("\n")}`;

export function personalScoresCsvBody(view: PublishedView, steps: WeightSteps, lang: Locale = "en"): CachedBody {
  const s = formatSteps(steps);
  const rows = rowsOf(view, steps, lang);
  const text = toCsv(
    PERSONAL_CSV_COLUMNS.map((c) => c.name),
    rows.map((r) => PERSONAL_CSV_COLUMNS.map((c) => c.value(r, s, view.publication))),
    { bom: false },
  );
  const tag = s.replace(/[^A-Z0-9]+/g, "");
  return cachedBytes(Buffer.from(text), tagIn(view.tag, lang), {
    type: CSV_TYPE,
    filename: csvFilename(`your-ranking-${tag}`, view.publication),
  });
}

/** The OpenAPI entries of both routes (api/v1/openapi.ts lists them with the others). */
export function personalRoutes(answer: {
  json: (schema: z.ZodType, description: string) => ResponseConfig;
  csv: (description: string) => ResponseConfig;
  error: (description: string) => ResponseConfig;
  conditional: Pick<NonNullable<RouteConfig["request"]>, "headers">;
  langQuery: z.ZodObject<{ lang: z.ZodOptional<z.ZodType> }>;
  notModified: ResponseConfig;
}) {
  const bad = answer.error(
    `Bad Request: \`weights\` is not a list of \`KEY:STEP\` with keys U, M, V, C, S and whole steps 0 to 5 (\`invalid_weights\`, the message says what is wrong), or \`lang\` is not one of ${API_DOC_VALUES.languages} (\`invalid_lang\`); or the URL's path has broken percent-encoding (\`invalid_url\`), or the request is not valid HTTP/1.1 (\`bad_request\`).`,
  );
  const query = weightsQuery.extend(answer.langQuery.shape);
  return [
    {
      method: "get" as const,
      path: `${API_V1_BASE}/scores`,
      operationId: "getPersonalScores",
      tags: ["Scores"],
      summary: "A personal ranking under your own weights (never the index)",
      description:
        "Every country's published score beside its personal score: the published sub-scores blended with your weights (the model's own blend, docs: /methodology). With the index's weights (every step 2, the default) the personal scores equal the published scores exactly.",
      request: { query, ...answer.conditional },
      responses: { 200: answer.json(personalScoresSchema, "The personal ranking."), 304: answer.notModified, 400: bad },
    },
    {
      method: "get" as const,
      path: `${API_V1_BASE}/scores/personal.csv`,
      operationId: "downloadPersonalScores",
      tags: ["Downloads"],
      summary: "A personal ranking as CSV",
      description: "The ranking of /scores under your weights as a CSV download.",
      request: { query, ...answer.conditional },
      responses: { 200: answer.csv(PERSONAL_CSV_DESCRIPTION), 304: answer.notModified, 400: bad },
    },
  ];
}
