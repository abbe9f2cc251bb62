// Community writes: experiences, waiting-list requests and contact messages. JSON only, validated with zod, rate-limited per
// client (accepted and refused posts separately), with a honeypot. A rejected write stores nothing; an accepted one is a single INSERT.
import express, { Router } from "express";
import type { Logger } from "../../pipeline/logger.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import type { ExperienceStore, WaitingListStore } from "../db/community.ts";
import type { ContactStore } from "../db/contact.ts";
import { DEFAULT_FAILED_POSTS_LIMIT, type AppConfig } from "../env.ts";
import { requireMediaType } from "../http.ts";
import { MOOD_LABELS } from "../../product/options.ts";
import { failureLimiter, limiter } from "../rate-limit.ts";
import { contactInputSchema, experienceInputSchema, isHoneypotFilled, waitingListInputSchema } from "../schemas.ts";
import { countryFromParam } from "./public.ts";

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

export function communityRoutes({ db, experiences, waitingList, contact, config, logger, now }: CommunityDeps): Router {
  const r = Router();
  const json = express.json({ limit: config.jsonLimitBytes, strict: true });
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
      const country = countryFromParam(req.params.code);
      const input = experienceInputSchema.parse(req.body);
      const createdAt = now().toISOString();
      if (isHoneypotFilled(input.website)) {
        // Decision: a bot gets the same 201 it would get for a real post, so it learns nothing; nothing is stored.
        logger.info({ route: "experiences" }, "honeypot filled: experience discarded");
        const { website: _ignored, ...rest } = input;
        res.status(201).json({
          id: null,
          country_code: country.code,
          ...rest,
          mood_label: MOOD_LABELS[rest.mood],
          created_at: createdAt,
        });
        return;
      }
      const item = experiences.insert(country.code, input, createdAt);
      res.setHeader("Cache-Control", "no-store");
      res.status(201).json(item);
    },
  );

  r.post("/waiting-list", failedLimit, requireMediaType("application/json"), waitingListLimit, json, (req, res) => {
    const input = waitingListInputSchema.parse(req.body);
    const createdAt = now().toISOString();
    res.setHeader("Cache-Control", "no-store");
    if (isHoneypotFilled(input.website)) {
      logger.info({ route: "waiting-list" }, "honeypot filled: request discarded");
      res.status(201).json({ ok: true, id: null, service: input.service, created_at: createdAt });
      return;
    }
    const stored = waitingList.insert(input, createdAt);
    // The answer names no personal data: the request is readable by the operator only.
    res.status(201).json({ ok: true, ...stored });
  });

  r.post("/contact", failedLimit, requireMediaType("application/json"), contactLimit, json, (req, res) => {
    const input = contactInputSchema.parse(req.body);
    const createdAt = now().toISOString();
    res.setHeader("Cache-Control", "no-store");
    if (isHoneypotFilled(input.website)) {
      logger.info({ route: "contact" }, "honeypot filled: message discarded");
      res.status(201).json({ ok: true, id: null, topic: input.topic, created_at: createdAt });
      return;
    }
    const stored = contact.insert(input, createdAt);
    // The answer names no personal data: the message is readable by the operator only.
    res.status(201).json({ ok: true, ...stored });
  });

  return r;
}
