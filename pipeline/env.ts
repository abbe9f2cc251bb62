// Environment of the pipeline and the CLI, validated once with zod. Nothing else reads process.env
// for these names (the API's server variables extend this schema in api/env.ts).
import path from "node:path";
import { z } from "zod";

export const pipelineEnvSchema = z.object({
  JWI_DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type PipelineEnv = z.infer<typeof pipelineEnvSchema>;

/** Formats every bad variable, one per line, for a start-up error. */
export function formatEnvIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`).join("\n");
}

export function readPipelineEnv(env: NodeJS.ProcessEnv = process.env): PipelineEnv {
  const parsed = pipelineEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${formatEnvIssues(parsed.error)}`);
  }
  return { ...parsed.data, JWI_DATA_DIR: path.resolve(parsed.data.JWI_DATA_DIR) };
}
