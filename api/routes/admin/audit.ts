// The audit log as the operator reads it, newest first, filtered by action.
import { Router } from "express";
import { z } from "zod";
import { listQuerySchema } from "../../schemas.ts";
import type { AdminKit } from "./kit.ts";

const auditQuery = listQuerySchema.extend({ action: z.string().max(60).optional() });

/** GET /audit. */
export function auditRoutes({ d }: AdminKit): Router {
  const r = Router();
  const { audit } = d;

  r.get("/audit", (req, res) => {
    const q = auditQuery.parse(req.query);
    res.json({
      items: audit.list({ action: q.action ?? null, limit: q.limit, offset: q.offset }),
      limit: q.limit,
      offset: q.offset,
    });
  });

  return r;
}
