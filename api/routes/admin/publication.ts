// The operator's pause switch (docs/decisions/006-what-the-api-shows.md): what publication does now, pause and
// resume (which publishes the scores computed while paused).
import { Router } from "express";
import { pendingPublication } from "../../../pipeline/pause.ts";
import { publishPending } from "../../../pipeline/publish.ts";
import type { OperatorPublication } from "../../../product/shapes.ts";
import { operatorOf } from "../../auth.ts";
import { publicationInputSchema } from "../../schemas.ts";
import type { AdminKit } from "./kit.ts";

/** GET /publication, POST /publication. */
export function publicationRoutes({ d, json, record, withAudit }: AdminKit): Router {
  const r = Router();

  const publicationBody = (): OperatorPublication => {
    const state = d.read.publicationState(d.now());
    const pub = d.read.publication();
    return {
      paused: state.operator.paused,
      reason: state.operator.reason,
      updated_at: state.operator.updated_at,
      updated_by: state.operator.updated_by,
      site_paused: state.paused,
      site_paused_reason: state.reason,
      publication: pub,
      pending: pendingPublication(d.db),
    };
  };

  r.get("/publication", (_req, res) => {
    res.json(publicationBody());
  });

  r.post("/publication", json, (req, res) => {
    const op = operatorOf(res);
    const input = publicationInputSchema.parse(req.body);
    withAudit(() => {
      d.settings.setPublication(input.paused, input.reason ?? null, op.username, d.now());
      // Resume publishes the newest scores computed while paused, in the same transaction as the switch: a recalc
      // finishing meanwhile either stored them before (published here) or sees publication running.
      const published = input.paused ? null : publishPending(d.db, d.now().toISOString());
      record(op.username, input.paused ? "publication.pause" : "publication.resume", "ok", {
        reason: input.reason ?? null,
        ...(published ? { publication_id: published.publicationId } : {}),
      });
    });
    d.read.refresh();
    res.json(publicationBody());
  });

  return r;
}
