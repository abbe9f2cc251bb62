// Moderation of the community's experiences: the operator lists them (hidden ones too) and hides or shows one,
// each change audited.
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { operatorOf } from "../../auth.ts";
import { HttpError } from "../../../server/http/errors.ts";
import { listQuerySchema } from "../../schemas.ts";
import { idParam, type AdminKit } from "./kit.ts";

const experiencesQuery = listQuerySchema.extend({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country must be a two-letter code")
    .transform((v) => v.toUpperCase())
    .optional(),
  hidden: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

/** GET /experiences, POST /experiences/:id/hide, POST /experiences/:id/unhide. */
export function moderationRoutes({ d, json, record, withAudit }: AdminKit): Router {
  const r = Router();

  r.get("/experiences", (req, res) => {
    const q = experiencesQuery.parse(req.query);
    const items = d.experiences.listForAdmin({
      country: q.country ?? null,
      hidden: q.hidden ?? null,
      limit: q.limit,
      offset: q.offset,
    });
    res.json({ items, limit: q.limit, offset: q.offset });
  });

  const setHidden =
    (hidden: boolean): RequestHandler =>
    (req, res) => {
      const op = operatorOf(res);
      const id = idParam.safeParse(req.params.id);
      if (!id.success) throw new HttpError(404, "not_found", "No such experience.");
      const item = withAudit(() => {
        const changed = d.experiences.setHidden(id.data, hidden, op.username, d.now().toISOString());
        if (changed)
          record(
            op.username,
            hidden ? "experience.hide" : "experience.unhide",
            "ok",
            { country: changed.country_code },
            String(id.data),
          );
        return changed;
      });
      if (!item) throw new HttpError(404, "not_found", `No experience with id ${id.data}.`);
      res.json(item);
    };
  r.post("/experiences/:id/hide", json, setHidden(true));
  r.post("/experiences/:id/unhide", json, setHidden(false));

  return r;
}
