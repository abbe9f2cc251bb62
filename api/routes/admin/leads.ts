// Personal data the site collects (the waiting list, contact messages): listed, exported as CSV, handled and
// deleted by the operator only; every export and change audited (without the message's content).
import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { CONTACT_TOPIC_IDS, WAITING_LIST_SERVICE_IDS } from "../../../product/options.ts";
import { operatorOf } from "../../auth.ts";
import { toCsv } from "../../csv.ts";
import { HttpError } from "../../../server/http/errors.ts";
import { listQuerySchema } from "../../schemas.ts";
import { idParam, type AdminKit } from "./kit.ts";

const waitingListQuery = listQuerySchema.extend({ service: z.enum(WAITING_LIST_SERVICE_IDS).optional() });
const contactQuery = listQuerySchema.extend({
  topic: z.enum(CONTACT_TOPIC_IDS).optional(),
  handled: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

/** /waiting-list (list, export, delete) and /contact-messages (list, export, handle, reopen, delete). */
export function leadRoutes({ d, json, record, withAudit }: AdminKit): Router {
  const r = Router();
  const { config } = d;

  // Views of a list are not audited (each visit of the page would add entries and bury the actions); exports,
  // which take personal data away, and deletions are.
  r.get("/waiting-list", (req, res) => {
    const q = waitingListQuery.parse(req.query);
    const items = d.waitingList.list({ service: q.service ?? null, limit: q.limit, offset: q.offset });
    res.json({
      items,
      total: d.waitingList.count(q.service ?? null),
      limit: q.limit,
      offset: q.offset,
      retention_days: config.leadsRetentionDays,
    });
  });

  r.get("/waiting-list/export", (req, res) => {
    const op = operatorOf(res);
    const q = waitingListQuery.parse(req.query);
    const items = d.waitingList.list({ service: q.service ?? null, limit: -1, offset: 0 });
    record(op.username, "waiting_list.export", "ok", { service: q.service ?? null, count: items.length });
    const csv = toCsv(
      ["id", "created_at", "service", "name", "email", "phone", "message"],
      items.map((w) => [w.id, w.created_at, w.service, w.name, w.email, w.phone, w.message]),
    );
    const day = d.now().toISOString().slice(0, 10);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader(
      "Content-Disposition",
      `attachment; filename="waiting-list${q.service ? `-${q.service}` : ""}-${day}.csv"`,
    );
    res.send(csv);
  });

  r.post("/waiting-list/:id/delete", json, (req, res) => {
    const op = operatorOf(res);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, "not_found", "No such waiting-list request.");
    const deleted = withAudit(() => {
      const item = d.waitingList.get(id.data);
      if (!item || !d.waitingList.delete(id.data)) return false;
      record(op.username, "waiting_list.delete", "ok", { service: item.service }, String(id.data));
      return true;
    });
    if (!deleted) throw new HttpError(404, "not_found", "No such waiting-list request.");
    res.json({ ok: true, id: id.data });
  });

  // Contact messages (personal data, like the waiting list): read, exported, handled and deleted by the operator
  // only, every export and change audited (without the message's content).
  r.get("/contact-messages", (req, res) => {
    const q = contactQuery.parse(req.query);
    const filter = { topic: q.topic ?? null, handled: q.handled ?? null };
    const items = d.contact.list({ ...filter, limit: q.limit, offset: q.offset });
    res.json({
      items,
      total: d.contact.count(filter),
      limit: q.limit,
      offset: q.offset,
      retention_days: config.leadsRetentionDays,
    });
  });

  r.get("/contact-messages/export", (req, res) => {
    const op = operatorOf(res);
    const q = contactQuery.parse(req.query);
    const filter = { topic: q.topic ?? null, handled: q.handled ?? null };
    const items = d.contact.list({ ...filter, limit: -1, offset: 0 });
    record(op.username, "contact.export", "ok", { ...filter, count: items.length });
    const csv = toCsv(
      ["id", "created_at", "topic", "name", "email", "message", "handled_at", "handled_by"],
      items.map((m) => [m.id, m.created_at, m.topic, m.name, m.email, m.message, m.handled_at, m.handled_by]),
    );
    const day = d.now().toISOString().slice(0, 10);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader(
      "Content-Disposition",
      `attachment; filename="contact-messages${q.topic ? `-${q.topic}` : ""}-${day}.csv"`,
    );
    res.send(csv);
  });

  const setHandled =
    (handled: boolean): RequestHandler =>
    (req, res) => {
      const op = operatorOf(res);
      const id = idParam.safeParse(req.params.id);
      if (!id.success) throw new HttpError(404, "not_found", "No such message.");
      const item = withAudit(() => {
        const changed = d.contact.setHandled(id.data, handled, op.username, d.now().toISOString());
        if (changed)
          record(
            op.username,
            handled ? "contact.handle" : "contact.reopen",
            "ok",
            { topic: changed.topic },
            String(id.data),
          );
        return changed;
      });
      if (!item) throw new HttpError(404, "not_found", "No such message.");
      res.json(item);
    };
  r.post("/contact-messages/:id/handle", json, setHandled(true));
  r.post("/contact-messages/:id/reopen", json, setHandled(false));

  r.post("/contact-messages/:id/delete", json, (req, res) => {
    const op = operatorOf(res);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, "not_found", "No such message.");
    const deleted = withAudit(() => {
      const item = d.contact.get(id.data);
      if (!item || !d.contact.delete(id.data)) return false;
      record(op.username, "contact.delete", "ok", { topic: item.topic }, String(id.data));
      return true;
    });
    if (!deleted) throw new HttpError(404, "not_found", "No such message.");
    res.json({ ok: true, id: id.data });
  });

  return r;
}
