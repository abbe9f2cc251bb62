// /admin (docs/product.md §2, §4, §5): the operator login, then the operator panel. The server checks the
// credentials and keeps the session (an HttpOnly cookie); this page reads only whether the request carries a
// valid session, so a reload stays signed in. Never indexed, never cached, not in the sitemap.
import { useEffect, useState } from "react";
import { useLoaderData, type HeadersFunction, type MetaFunction } from "react-router";
import type { OperatorSession } from "../lib/admin-api.ts";
import { pageMeta } from "../lib/meta.ts";
import { preloadToasts } from "../lib/toast.ts";
import { LoginForm } from "../components/admin/login-form.tsx";
import { OperatorPanel } from "../components/admin/operator-panel.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";

export async function loader({ request, context }: SiteLoaderArgs) {
  return {
    session: context.operatorSession(request.headers.get("cookie")),
    rules: await context.uploadRules(),
    messages: pageMessages(request, "admin"),
  };
}

export const headers: HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Operator area",
    description: "Sign in to upload data and manage the Job Weather Index.",
    noindex: true,
  });

export default function AdminPage() {
  const data = useLoaderData<typeof loader>();
  const [session, setSession] = useState<OperatorSession | null>(data.session);
  const [notice, setNotice] = useState<string | null>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);

  useEffect(() => {
    // Every action here toasts: have them ready once the page is interactive.
    void preloadToasts();
  }, []);

  if (!session) {
    return (
      <LoginForm
        notice={notice}
        onLogin={(s) => {
          setNotice(null);
          setJustSignedIn(true);
          setSession(s);
        }}
      />
    );
  }
  return (
    <OperatorPanel
      session={session}
      rules={data.rules}
      focusHeading={justSignedIn}
      onSignedOut={(how) => {
        setNotice(how === "ended" ? "Your session has ended. Please sign in again." : null);
        setSession(null);
      }}
    />
  );
}
