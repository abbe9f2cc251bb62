// What every operator route module shares (api/routes/admin.ts composes them): the dependencies, the body
// parsers, and the audit helpers. Every operator action is written to the audit log (viewing a list is not);
// passwords never are.
import express from "express";
import type { Response } from "express";
import type { Logger } from "../../../lib/logger.ts";
import type { Pipeline } from "../../../pipeline/index.ts";
import type { ServingDb } from "../../../pipeline/serving-db.ts";
import { systemProblem } from "../../../lib/system-errors.ts";
import type { AuditResult } from "../../../product/shapes.ts";
import type { PasswordChecker } from "../../auth.ts";
import type { ExperienceStore, WaitingListStore } from "../../db/community.ts";
import type { ContactStore } from "../../db/contact.ts";
import type { AuditLog, SessionStore, SettingsStore } from "../../db/operator.ts";
import type { AppConfig } from "../../env.ts";
import { HttpError, requestIdOf } from "../../../server/http/errors.ts";
import type { ReadModel } from "../../read-model.ts";
import { z } from "zod";

export interface AdminDeps {
  /** The serving database (rate-limit counters). */
  db: ServingDb;
  pipeline: Pipeline;
  sessions: SessionStore;
  passwords: PasswordChecker;
  settings: SettingsStore;
  audit: AuditLog;
  experiences: ExperienceStore;
  waitingList: WaitingListStore;
  contact: ContactStore;
  read: ReadModel;
  config: AppConfig;
  logger: Logger;
  now: () => Date;
}

/** A positive integer id in a path (`/contact-messages/:id/delete`). */
export const idParam = z.coerce.number().int().positive();

/** The shared parts of the operator routes, made once per app. */
export interface AdminKit {
  d: AdminDeps;
  /** JSON bodies of the operator's small writes, at most `config.jsonLimitBytes` (api/env.ts). */
  json: express.RequestHandler;
  /** One audit entry of `actor`'s `action`. */
  record(actor: string, action: string, result: AuditResult, detail?: unknown, target?: string): void;
  /**
   * An operator action and its audit entry commit together or not at all: on a full disk the action fails
   * whole (507) instead of answering an error for a change that was in fact made.
   */
  withAudit<T>(work: () => T): T;
  /**
   * The audit entry of a data job that has ended (it ran in the job child and committed on its own). When the
   * entry cannot be written, a job that changed data answers 5xx saying so (`done`): "Nothing was saved" would
   * be untrue.
   */
  recordAfterJob(res: Response, done: string | null, write: () => void): void;
  /** The audit entry of a job that failed: its own error is the answer, even when the entry cannot be written. */
  recordFailedJob(res: Response, write: () => void): void;
}

export function adminKit(d: AdminDeps): AdminKit {
  const { audit } = d;
  const record = (actor: string, action: string, result: AuditResult, detail?: unknown, target?: string) =>
    audit.record({ actor, action, result, detail, target: target ?? null }, d.now());
  const withAudit = <T>(work: () => T): T => d.db.transaction(work)();
  const recordAfterJob = (res: Response, done: string | null, write: () => void): void => {
    try {
      write();
    } catch (err) {
      const problem = systemProblem(err);
      if (done === null || problem === null) throw err;
      d.logger.error({ err, request_id: requestIdOf(res) }, "the audit entry of a finished job could not be written");
      const full = problem === "disk-full";
      throw new HttpError(
        full ? 507 : 503,
        full ? "storage_full" : "storage_unavailable",
        `${done}, but the server could not write it to its audit log (${full ? "its disk is full" : "its data cannot be written"}). ` +
          "Free some space on the server; the action itself need not be repeated.",
        { request_id: requestIdOf(res) },
      );
    }
  };
  const recordFailedJob = (res: Response, write: () => void): void => {
    try {
      write();
    } catch (err) {
      d.logger.error({ err, request_id: requestIdOf(res) }, "the audit entry of a failed job could not be written");
    }
  };

  return {
    d,
    json: express.json({ limit: d.config.jsonLimitBytes, strict: true }),
    record,
    withAudit,
    recordAfterJob,
    recordFailedJob,
  };
}
