// What every section of the operator panel shares: a counter that moves when data changed (sections reload),
// and one way to report a failed call (a toast; an ended session signs the page out).
import { createContext, useContext } from "react";

export interface OperatorContextValue {
  /** Moves after every action that changes scores or data (upload, recalculation, pause): those sections reload. */
  version: number;
  /** Moves after every operator action (each one is audited): the audit log reloads. */
  auditVersion: number;
  /** Data changed (and an action was audited). */
  changed(): void;
  /** An action was audited (export, moderation, …). */
  acted(): void;
  /**
   * Reports a failed call: an ended session signs out (with its own toast); anything else toasts `title` with
   * the error's message. Returns the message to show inline.
   */
  failed(err: unknown, title: string): string;
}

export const OperatorContext = createContext<OperatorContextValue>({
  version: 0,
  auditVersion: 0,
  changed: () => {},
  acted: () => {},
  failed: (err) => (err instanceof Error ? err.message : String(err)),
});

export function useOperator(): OperatorContextValue {
  return useContext(OperatorContext);
}
