// Operator routes under /api/admin, one module per concern (api/routes/admin/): sign-in and session, data jobs
// (upload, recalculate, status), the pause switch, leads (waiting list, contact messages), moderation of
// experiences, the audit log. Every route but login needs a session (401 first, before any body is read).
// Writes must be JSON or multipart (with the SameSite=Strict cookie and the origin check, that is the CSRF
// defence). Every operator action is written to the audit log (viewing a list is not); passwords never are.
import { Router, type RequestHandler } from "express";
import { requireOperator, sameOriginGuard } from "../auth.ts";
import { requireMediaType } from "../../server/http/request.ts";
import { auditRoutes } from "./admin/audit.ts";
import { jobRoutes } from "./admin/jobs.ts";
import { adminKit, type AdminDeps } from "./admin/kit.ts";
import { leadRoutes } from "./admin/leads.ts";
import { moderationRoutes } from "./admin/moderation.ts";
import { publicationRoutes } from "./admin/publication.ts";
import { loginRoutes, sessionRoutes } from "./admin/session.ts";

export type { AdminDeps };

export function adminRoutes(d: AdminDeps): Router {
  const r = Router();
  const kit = adminKit(d);
  const writeGuards: RequestHandler[] = [
    sameOriginGuard(d.config),
    requireMediaType("application/json", "multipart/form-data"),
  ];

  r.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  r.use(loginRoutes(kit));

  // Everything below needs a session: 401 before any body is parsed.
  r.use(requireOperator);
  r.post("/{*any}", ...writeGuards);

  r.use(sessionRoutes(kit));
  r.use(jobRoutes(kit));
  r.use(publicationRoutes(kit));
  r.use(leadRoutes(kit));
  r.use(moderationRoutes(kit));
  r.use(auditRoutes(kit));
  return r;
}
