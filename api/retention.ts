// How long personal data is kept (docs/product.md §6; the privacy page states it): contact messages and
// waiting-list requests are deleted once they are older than JWI_LEADS_RETENTION_DAYS (365 by default). The
// server sweeps at start and every six hours; the operator may delete one earlier (a "Delete my data" request).
import type { Logger } from "../lib/logger.ts";
import type { WaitingListStore } from "./db/community.ts";
import type { ContactStore } from "./db/contact.ts";

const RETENTION_SWEEP_EVERY_MS = 6 * 3_600_000;

export interface LeadStores {
  contact: Pick<ContactStore, "deleteReceivedBefore">;
  waitingList: Pick<WaitingListStore, "deleteReceivedBefore">;
}

/** The time before which a lead is deleted. */
export function retentionCutoff(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
}

/** Deletes every contact message and waiting-list request received before the cut-off; returns how many. */
export function sweepLeads(
  stores: LeadStores,
  now: Date,
  retentionDays: number,
): { contact: number; waiting_list: number } {
  const before = retentionCutoff(now, retentionDays);
  return {
    contact: stores.contact.deleteReceivedBefore(before),
    waiting_list: stores.waitingList.deleteReceivedBefore(before),
  };
}

/** Sweeps now and then every RETENTION_SWEEP_EVERY_MS until stopped; a failed sweep is logged and tried again. */
export function startRetentionSweeps(opts: {
  stores: LeadStores;
  retentionDays: number;
  now: () => Date;
  logger: Logger;
}): { stop(): void } {
  const sweep = () => {
    try {
      const deleted = sweepLeads(opts.stores, opts.now(), opts.retentionDays);
      if (deleted.contact + deleted.waiting_list > 0) {
        opts.logger.info(
          { deleted, retention_days: opts.retentionDays },
          "deleted contact messages and waiting-list requests past their retention",
        );
      }
    } catch (err) {
      opts.logger.error({ err }, "retention sweep failed; it runs again later");
    }
  };
  sweep();
  const timer = setInterval(sweep, RETENTION_SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
