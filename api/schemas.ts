// Request bodies, validated with zod at the edge (docs/architecture.md). The site's forms reuse these schemas so
// that the browser and the server apply the very same rules (docs/product.md: "the same rules as the form").
import { z } from "zod";
import { cleanUserText } from "../lib/clean-text.ts";
import {
  COMMENT_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_TOPICS,
  CONTACT_TOPIC_IDS,
  MOOD_MAX,
  MOOD_MIN,
  RESIDENCY_OPTIONS,
  ROLE_FAMILIES,
  SENIORITY_LEVELS,
  WAITING_LIST_SERVICES,
  waitingListServiceId,
  type WaitingListService,
  WAITING_LIST_MESSAGE_MAX_LENGTH,
} from "../product/options.ts";

const required = (what: string, otherwise: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === "" ? `${what} is required` : otherwise;

// Every text a visitor or operator sends is cleaned before it is checked and stored (lib/clean-text.ts).
export { cleanUserText };

/** A text field: cleaned (cleanUserText), then checked by `then` (trim, lengths…). */
const cleaned = (v: unknown) => (typeof v === "string" ? cleanUserText(v) : v);

/** Empty or whitespace-only strings become null, so optional text fields store null rather than "". */
const emptyToNull = (v: unknown) => {
  const c = cleaned(v);
  return typeof c === "string" && c.trim() === "" ? null : c;
};

/** The honeypot: any value is accepted here; a non-empty one marks the request as a bot (see isHoneypotFilled). */
const honeypot = z.unknown().optional();

export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return typeof value !== "string" || value.trim() !== "";
}

export const experienceInputSchema = z.object({
  role_family: z.enum(ROLE_FAMILIES, {
    error: required("Role family", `Role family must be one of: ${ROLE_FAMILIES.join(", ")}`),
  }),
  seniority: z.enum(SENIORITY_LEVELS, {
    error: required("Seniority", `Seniority must be one of: ${SENIORITY_LEVELS.join(", ")}`),
  }),
  residency: z.enum(RESIDENCY_OPTIONS, {
    error: required("Residency", `Residency must be one of: ${RESIDENCY_OPTIONS.join(", ")}`),
  }),
  mood: z
    .int({ error: required("Mood", `Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}`) })
    .min(MOOD_MIN, `Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}`)
    .max(MOOD_MAX, `Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}`),
  local_language: z.boolean({ error: "local_language must be true or false" }).default(false),
  comment: z.preprocess(
    emptyToNull,
    z
      .string({ error: "Comment must be text" })
      .trim()
      .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  ),
  website: honeypot,
});
export type ExperienceInput = z.infer<typeof experienceInputSchema>;

export const waitingListInputSchema = z.object({
  name: z.preprocess(
    cleaned,
    z
      .string({ error: required("Full name", "Full name must be text") })
      .trim()
      .min(1, "Full name is required")
      .max(200, "Full name must be at most 200 characters"),
  ),
  email: z
    .string({ error: required("Email", "Email must be text") })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email({ error: "Please enter a valid email address" })),
  phone: z.preprocess(
    emptyToNull,
    z
      .string({ error: "Phone must be text" })
      .trim()
      .max(40, "Phone must be at most 40 characters")
      .regex(/^\+?[0-9][0-9 ().\-/]*$/, "Phone may hold digits, spaces, + ( ) . - / only")
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  ),
  message: z.preprocess(
    cleaned,
    z
      .string({ error: required("Message", "Message must be text") })
      .trim()
      .min(1, "Message is required")
      .max(WAITING_LIST_MESSAGE_MAX_LENGTH, `Message must be at most ${WAITING_LIST_MESSAGE_MAX_LENGTH} characters`),
  ),
  service: z
    .string({ error: required("Service", "Service must be text") })
    .refine((v) => waitingListServiceId(v) !== undefined, {
      error: `Service must be one of: ${WAITING_LIST_SERVICES.map((s) => s.id).join(", ")}`,
    })
    .transform((v) => waitingListServiceId(v) as WaitingListService),
  website: honeypot,
});
export type WaitingListInput = z.infer<typeof waitingListInputSchema>;

/** The contact form (docs/product.md §5: name, email, topic and message required). */
export const contactInputSchema = z.object({
  name: z.preprocess(
    cleaned,
    z
      .string({ error: required("Name", "Name must be text") })
      .trim()
      .min(1, "Name is required")
      .max(CONTACT_NAME_MAX_LENGTH, `Name must be at most ${CONTACT_NAME_MAX_LENGTH} characters`),
  ),
  email: z.preprocess(
    cleaned,
    z
      .string({ error: required("Email", "Email must be text") })
      .trim()
      .min(1, "Email is required")
      .max(254, "Email must be at most 254 characters")
      .pipe(z.email({ error: "Please enter a valid email address" })),
  ),
  topic: z.enum(CONTACT_TOPIC_IDS, {
    error: required("Topic", `Topic must be one of: ${CONTACT_TOPICS.map((t) => t.id).join(", ")}`),
  }),
  message: z.preprocess(
    cleaned,
    z
      .string({ error: required("Message", "Message must be text") })
      .trim()
      .min(1, "Message is required")
      .max(CONTACT_MESSAGE_MAX_LENGTH, `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`),
  ),
  website: honeypot,
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const loginInputSchema = z.object({
  // Cleaned like every other text: "\u202Eadmin" is the account "admin", and is stored (audit log) as such.
  username: z.preprocess(
    cleaned,
    z
      .string({ error: required("Username", "Username must be text") })
      .min(1, "Username is required")
      .max(200),
  ),
  password: z
    .string({ error: required("Password", "Password must be text") })
    .min(1, "Password is required")
    .max(1024),
});

export const publicationInputSchema = z.object({
  paused: z.boolean({ error: "paused must be true or false" }),
  reason: z.preprocess(cleaned, z.string().trim().max(500).optional()),
});

export const recalcInputSchema = z
  .object({
    as_of: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "as_of must be a date as YYYY-MM-DD")
      .optional(),
  })
  .default({});

const uploadOptions = {
  strict: z.boolean().optional(),
  tolerance_pp: z.number().nonnegative().optional(),
  dry_run: z.boolean().optional(),
};

/** JSON upload: `{data_type, source: "eurostat", payload}` (docs/product.md §3, docs/interfaces.md). */
export const jsonUploadSchema = z.object({
  data_type: z
    .string({ error: required("data_type", "data_type must be text") })
    .min(1, "data_type is required")
    .max(40),
  source: z.literal("eurostat", { error: 'source must be "eurostat"' }),
  payload: z.record(z.string(), z.unknown(), { error: "payload must be a JSON-stat object" }),
  ...uploadOptions,
});

const formBoolean = z
  .enum(["true", "false", "on", "1", "0", ""], { error: "expected true or false" })
  .transform((v) => v === "true" || v === "on" || v === "1");

/** Multipart upload: fields beside the `file` part. */
export const multipartUploadSchema = z.object({
  data_type: z
    .string({ error: required("data_type", "data_type must be text") })
    .min(1, "data_type is required")
    .max(40),
  strict: formBoolean.optional(),
  tolerance_pp: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "tolerance_pp must be a number, 0 or more")
    .transform(Number)
    .optional(),
  dry_run: formBoolean.optional(),
});

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
