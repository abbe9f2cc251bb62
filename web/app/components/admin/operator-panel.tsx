// The operator panel after login: Sign Out, links to its sections, and the sections themselves (upload and
// recalculation, data status, leads, moderation, publication, audit log).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { logout, SessionEndedError, type OperatorSession } from "../../lib/admin-api.ts";
import type { UploadRules } from "../../lib/admin-upload.ts";
import { notify } from "../../lib/toast.ts";
import { AuditLog } from "./audit-log.tsx";
import { DataStatus } from "./data-status.tsx";
import { Leads } from "./leads.tsx";
import { Moderation } from "./moderation.tsx";
import { OperatorContext, type OperatorContextValue } from "./operator-context.tsx";
import { Publication } from "./publication.tsx";
import { button } from "./ui.tsx";
import { UploadPanel } from "./upload-panel.tsx";

const SECTIONS = [
  { id: "upload", label: "Upload" },
  { id: "status", label: "Data status" },
  { id: "publication", label: "Publication" },
  { id: "leads", label: "Leads" },
  { id: "moderation", label: "Moderation" },
  { id: "audit", label: "Audit log" },
] as const;

export function OperatorPanel({
  session,
  rules,
  onSignedOut,
  focusHeading = false,
}: {
  session: OperatorSession;
  rules: UploadRules;
  /** Moves the focus to the heading (right after signing in, when the login form has gone). */
  focusHeading?: boolean;
  /** `ended`: the server no longer knew the session (the page says so on the login screen). */
  onSignedOut: (how: "signed-out" | "ended") => void;
}) {
  const [version, setVersion] = useState(0);
  const [auditVersion, setAuditVersion] = useState(0);
  const [signingOut, setSigningOut] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  const failed = useCallback(
    (err: unknown, title: string): string => {
      if (err instanceof SessionEndedError) {
        void notify("error", "Session ended", "Please sign in again.");
        onSignedOut("ended");
        return err.message;
      }
      const message =
        err instanceof Error && !(err instanceof TypeError) ? err.message : "The server could not be reached.";
      void notify("error", title, message);
      return message;
    },
    [onSignedOut],
  );

  const context = useMemo<OperatorContextValue>(
    () => ({
      version,
      auditVersion,
      changed: () => {
        setVersion((v) => v + 1);
        setAuditVersion((v) => v + 1);
      },
      acted: () => setAuditVersion((v) => v + 1),
      failed,
    }),
    [version, auditVersion, failed],
  );

  async function signOut() {
    setSigningOut(true);
    try {
      await logout();
      void notify("success", "Signed out");
      onSignedOut("signed-out");
    } catch (err) {
      setSigningOut(false);
      failed(err, "Sign out failed");
    }
  }

  return (
    <OperatorContext.Provider value={context}>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
            >
              Operator area
            </h1>
            <p className="mt-1 text-sm text-slate-600" data-testid="signed-in-as">
              Signed in as <span className="font-medium text-slate-900">{session.username}</span>
            </p>
          </div>
          <button type="button" className={button.secondary} onClick={() => void signOut()} disabled={signingOut}>
            {signingOut ? "Signing out..." : "Sign Out"}
          </button>
        </div>
        <nav
          aria-label="Operator sections"
          data-sticky-subnav
          className="sticky top-16 z-20 -mx-4 mt-4 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur"
        >
          <ul className="flex gap-1 overflow-x-auto">
            {SECTIONS.map((s) => (
              <li key={s.id} className="shrink-0">
                <a
                  href={`#${s.id}`}
                  className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-white hover:text-slate-900"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 space-y-6">
          <UploadPanel rules={rules} />
          <DataStatus rules={rules} />
          <Publication />
          <Leads />
          <Moderation />
          <AuditLog />
        </div>
      </div>
    </OperatorContext.Provider>
  );
}
