// Community writes: experiences, waiting-list requests and contact messages. JSON here, validated with zod, rate-limited
// per client (accepted and refused posts separately), with a honeypot. A rejected write stores nothing; an accepted one
// is a single INSERT. The same writes and limits answer the forms posted by a browser without JavaScript
// (api/routes/form-posts.ts).
import express, { Router } from "express";
import type { Logger } from "../../lib/logger.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import type { ExperienceStore, WaitingListStore } from "../db/community.ts";
import type { ContactStore } from "../db/contact.ts";
import { DEFAULT_FAILED_POSTS_LIMIT, type AppConfig } from "../env.ts";
import { requireMediaType } from "../../server/http/request.ts";
import { MOOD_LABELS } from "../../product/options.ts";
import { failureLimiter, limiter } from "../rate-limit.ts";
import { contactInputSchema, experienceInputSchema, isHoneypotFilled, waitingListInputSchema } from "../schemas.ts";
import { countryFromParam } from "./public.ts";
import type { Country } from "../../lib/countries.ts";

/**
 * The forms' checks keep each refused field's input on its issue, so a refusal can say "required" apart from "not
 * one of the options" (lib/field-errors.ts); it never leaves the process (the answer names codes only).
 */
const REPORT_INPUT = { reportInput: true } as const;

export interface CommunityDeps {
  /** The serving database (rate-limit counters). */
  db: ServingDb;
  experiences: ExperienceStore;
  waitingList: WaitingListStore;
  contact: ContactStore;
  config: AppConfig;
  logger: Logger;
  now: () => Date;
}

/**
 * The limits and the stores' writes of the public forms, made once: the JSON routes below and the forms' own door
 * (api/routes/form-posts.ts, a browser's post without JavaScript) share them, so a visitor's budget is one
 * whichever door they use, and both apply the same rules.
 */
export function communityWrites({ db, experiences, waitingList, contact, config, logger, now }: CommunityDeps) {
  // Only accepted posts use up a visitor's budget on each form: a post refused for a mistake in a field (400) does
  // not count, so a visitor correcting a typo never ends up rate-limited (every check is the server's: one set of
  // rules). Refused posts have a budget of their own instead, much larger and shared by all public forms, so that
  // a flood of garbage is still stopped (docs/product.md §6). It comes first, so that every refusal counts.
  const failedLimit = failureLimiter(
    config.rateLimits.failedPosts ?? DEFAULT_FAILED_POSTS_LIMIT,
    "Too many of your posts were refused in a short time.",
    {
      db,
      bucket: "failed-posts",
    },
  );
  const experienceLimit = limiter(
    config.rateLimits.experiences,
    "You have shared several experiences in a short time.",
    {
      db,
      bucket: "experiences",
      skipFailedRequests: true,
    },
  );
  const waitingListLimit = limiter(config.rateLimits.waitingList, "You have sent several requests in a short time.", {
    db,
    bucket: "waiting-list",
    skipFailedRequests: true,
  });
  const contactLimit = limiter(config.rateLimits.contact, "You have sent several messages in a short time.", {
    db,
    bucket: "contact",
    skipFailedRequests: true,
  });

  return {
    failedLimit,
    experienceLimit,
    waitingListLimit,
    contactLimit,
    /** Validates (throws ZodError) and stores an experience; a filled honeypot is answered alike and not stored. */
    experience(country: Country, body: unknown) {
      const input = experienceInputSchema.parse(body, REPORT_INPUT);
      const createdAt = now().toISOString();
      if (isHoneypotFilled(input.website)) {
        // Decision: a bot gets the same 201 it would get for a real post, so it learns nothing; nothing is stored.
        logger.info({ route: "experiences" }, "honeypot filled: experience discarded");
        const { website: _ignored, ...rest } = input;
        return {
          stored: false,
          item: {
            id: null,
            country_code: country.code,
            ...rest,
            mood_label: MOOD_LABELS[rest.mood],
            created_at: createdAt,
          },
        } as const;
      }
      return { stored: true, item: experiences.insert(country.code, input, createdAt) } as const;
    },
    /** Validates and stores a waiting-list request; the answer names no personal data (the operator reads it). */
    waitingList(body: unknown) {
      const input = waitingListInputSchema.parse(body, REPORT_INPUT);
      const createdAt = now().toISOString();
      if (isHoneypotFilled(input.website)) {
        logger.info({ route: "waiting-list" }, "honeypot filled: request discarded");
        return { stored: false, item: { ok: true, id: null, service: input.service, created_at: createdAt } } as const;
      }
      return { stored: true, item: { ok: true, ...waitingList.insert(input, createdAt) } } as const;
    },
    /** Validates and stores a contact message; the answer names no personal data (the operator reads it). */
    contact(body: unknown) {
      const input = contactInputSchema.parse(body, REPORT_INPUT);
      const createdAt = now().toISOString();
      if (isHoneypotFilled(input.website)) {
        logger.info({ route: "contact" }, "honeypot filled: message discarded");
        return { stored: false, item: { ok: true, id: null, topic: input.topic, created_at: createdAt } } as const;
      }
      return { stored: true, item: { ok: true, ...contact.insert(input, createdAt) } } as const;
    },
  };
}

export type CommunityWrites = ReturnType<typeof communityWrites>;

export function communityRoutes(deps: CommunityDeps, writes: CommunityWrites = communityWrites(deps)): Router {
  const r = Router();
  const json = express.json({ limit: deps.config.jsonLimitBytes, strict: true });
  const { failedLimit, experienceLimit, waitingListLimit, contactLimit } = writes;

  r.post(
    "/countries/:code/experiences",
    failedLimit,
    (req, _res, next) => {
      countryFromParam(req.params.code); // 404 before anything else
      next();
    },
    requireMediaType("application/json"),
    experienceLimit,
    json,
    (req, res) => {
      const { item } = writes.experience(countryFromParam(req.params.code), req.body);
      res.setHeader("Cache-Control", "no-store");
      res.status(201).json(item);
    },
  );

  r.post("/waiting-list", failedLimit, requireMediaType("application/json"), waitingListLimit, json, (req, res) => {
    const { item } = writes.waitingList(req.body);
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json(item);
  });

  r.post("/contact", failedLimit, requireMediaType("application/json"), contactLimit, json, (req, res) => {
    const { item } = writes.contact(req.body);
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json(item);
  });

  return r;
}
