// The public forms posted by a browser without JavaScript (docs/product.md §5, "Works before JavaScript"): the
// waiting-list, contact and experience forms are plain `<form method="post">` to their own page, and their posts
// come here, before the site, as `application/x-www-form-urlencoded`. They go through the very writes and limits of
// the JSON routes (api/routes/community.ts communityWrites). Then:
// - accepted: 303 See Other to the same page with `?sent=1` (post/redirect/get: a reload shows the page again and
//   stores nothing twice; the page says the success text);
// - refused (a field, the rate limit, a failure of ours): the outcome is handed to the site (res.locals.form), which
//   renders the page with that status, the errors next to their fields and what was typed (the route's `action`).
// With JavaScript the forms post JSON to /api as before.
import express, { Router, type NextFunction, type Request, type Response } from "express";
import { ZodError } from "zod";
import { countryByCode, type Country } from "../../lib/countries.ts";
import type { Logger } from "../../lib/logger.ts";
import { countryForJobMarketName } from "../../product/job-market-slugs.ts";
import { isLocale, localeFromPath, type Locale } from "../../product/locales.ts";
import { WAITING_LIST_SERVICES } from "../../product/options.ts";
import { fieldErrorCodes } from "../../lib/field-errors.ts";
import { HttpError, toErrorResponse } from "../../server/http/errors.ts";
import { fromForeignOrigin, mediaType } from "../../server/http/request.ts";
import { sameSiteLocation } from "../../server/http/request-target.ts";
import type { CommunityWrites } from "./community.ts";
import { SENT_PARAM, type FormName, type FormOutcome } from "../../product/forms.ts";

/** The fields each form may send (anything else is dropped before it is checked or echoed). */
const FIELDS: Record<FormName, readonly string[]> = {
  experience: ["role_family", "seniority", "residency", "mood", "local_language", "comment"],
  waitingList: ["name", "email", "phone", "message"],
  contact: ["name", "email", "topic", "message"],
};
const HONEYPOT = "website";

/** Form fields as sent (urlencoded: strings; a repeated field counts once, its first value). */
function fieldsOf(body: unknown, form: FormName): Record<string, string> {
  const out: Record<string, string> = {};
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  for (const name of [...FIELDS[form], HONEYPOT]) {
    const v = Array.isArray(b[name]) ? (b[name] as unknown[])[0] : b[name];
    if (typeof v === "string") out[name] = v;
  }
  return out;
}

/** The JSON body the write expects, out of a form's strings: the mood a number, the checkbox a boolean. */
function bodyOf(form: FormName, f: Record<string, string>): Record<string, unknown> {
  if (form !== "experience") return { ...f };
  const mood = f.mood === undefined || f.mood.trim() === "" ? undefined : Number(f.mood);
  return { ...f, mood, local_language: ["on", "true", "1"].includes(f.local_language ?? "") };
}

export interface FormPostDeps {
  writes: CommunityWrites;
  logger: Logger;
  /** Bytes a form's body may have (the JSON routes' limit). */
  limitBytes: number;
  /** The configured public origin (JWI_PUBLIC_ORIGIN), an origin a post may name besides the request's own. */
  publicOrigin: string | null;
}

export function formPostRoutes({ writes, logger, limitBytes, publicOrigin }: FormPostDeps): Router {
  const r = Router();
  const urlencoded = express.urlencoded({ extended: false, limit: limitBytes, parameterLimit: 50 });

  /** Hands a refusal to the site, which renders the form's page with it (or answers JSON when no page can). */
  const refuse = (req: Request, res: Response, next: NextFunction, form: FormName, err: unknown) => {
    const fields = fieldsOf(req.body, form);
    delete fields[HONEYPOT];
    const outcome: FormOutcome = { form, status: 500, errors: [], values: fields, code: null };
    if (err instanceof ZodError) {
      outcome.status = 400;
      outcome.errors = fieldErrorCodes(err);
    } else {
      const { status, body } = toErrorResponse(err, res.getHeader("X-Request-Id") as string | undefined);
      if (status >= 500) logger.error({ err, form }, "a form post failed");
      if (status === 429) {
        const retry = (body.error.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds;
        if (retry !== undefined) res.setHeader("Retry-After", String(retry));
      }
      outcome.status = status;
      outcome.code = body.error.code;
    }
    res.status(outcome.status);
    res.locals.form = outcome;
    // On to the site, past whatever this route still had to do (the write, when a limit refused it).
    next("route");
  };

  /** Runs a limiter; its refusal (429) becomes the page's, not the API's JSON. */
  const limited =
    (form: FormName, limit: express.RequestHandler): express.RequestHandler =>
    (req, res, next) =>
      limit(req, res, (err?: unknown) => (err ? refuse(req, res, next, form, err) : next()));

  /**
   * Only a page of this site posts its forms: a browser says where a post comes from, by Sec-Fetch-Site and by
   * Origin. Either naming another site refuses the post; a browser that sends no Sec-Fetch-Site (older ones, or one
   * that strips it) is still judged by its Origin.
   */
  const sameSite =
    (form: FormName): express.RequestHandler =>
    (req, res, next) => {
      const site = req.headers["sec-fetch-site"];
      if (site !== "cross-site" && site !== "same-site" && !fromForeignOrigin(req, publicOrigin)) return next();
      refuse(
        req,
        res,
        next,
        form,
        new HttpError(403, "cross_site_post", "This form can only be sent from this site's own pages."),
      );
    };

  /** The post of a form: a browser's own submission only (urlencoded); anything else is the site's 405. */
  const isFormPost: express.RequestHandler = (req, _res, next) =>
    mediaType(req) === "application/x-www-form-urlencoded" ? next() : next("route");

  const answer =
    (form: FormName, write: (req: Request, body: Record<string, unknown>) => unknown): express.RequestHandler =>
    (req, res, next) => {
      try {
        write(req, bodyOf(form, fieldsOf(req.body, form)));
      } catch (err) {
        return refuse(req, res, next, form, err);
      }
      // Post/redirect/get: the page again, saying it was sent; a reload stores nothing twice.
      res.setHeader("Cache-Control", "no-store");
      res.redirect(303, sameSiteLocation(`${req.path}?${SENT_PARAM}=1${form === "experience" ? "#share" : ""}`));
    };

  /** The page's language from its path (`/de/contact` → de); undefined for a prefix that is no language. */
  const langOf = (req: Request): Locale | undefined => {
    const lang = req.params.lang as string | undefined;
    if (lang === undefined) return "en";
    return isLocale(lang) && lang !== "en" ? lang : undefined;
  };

  const withLang = (paths: string[]) => paths.flatMap((p) => [p, `/:lang${p}`]);
  const pageOf =
    (find: (req: Request) => boolean): express.RequestHandler =>
    (req, _res, next) =>
      langOf(req) !== undefined && find(req) ? next() : next("route");

  const countryOf = (req: Request): Country | undefined => {
    if (req.params.code !== undefined) {
      const code = String(req.params.code);
      return /^[a-z]{2}$/.test(code) ? countryByCode(code) : undefined;
    }
    return countryForJobMarketName(localeFromPath(req.path), String(req.params.name ?? ""));
  };

  r.post(
    withLang(["/country/:code", "/job-market/:name"]),
    pageOf((req) => countryOf(req) !== undefined),
    isFormPost,
    limited("experience", urlencoded),
    sameSite("experience"),
    limited("experience", writes.failedLimit),
    limited("experience", writes.experienceLimit),
    answer("experience", (req, body) => writes.experience(countryOf(req)!, body)),
  );
  r.post(
    withLang(["/waiting-list/:service"]),
    pageOf((req) => WAITING_LIST_SERVICES.some((s) => s.id === req.params.service)),
    isFormPost,
    limited("waitingList", urlencoded),
    sameSite("waitingList"),
    limited("waitingList", writes.failedLimit),
    limited("waitingList", writes.waitingListLimit),
    // The service is the page's, whatever the body says.
    answer("waitingList", (req, body) => writes.waitingList({ ...body, service: req.params.service })),
  );
  r.post(
    withLang(["/contact"]),
    pageOf(() => true),
    isFormPost,
    limited("contact", urlencoded),
    sameSite("contact"),
    limited("contact", writes.failedLimit),
    limited("contact", writes.contactLimit),
    answer("contact", (_req, body) => writes.contact(body)),
  );
  return r;
}
