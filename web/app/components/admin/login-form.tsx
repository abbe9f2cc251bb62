// The operator login (docs/product.md §2, §4, §5): username and password with a show/hide toggle, the button disabled
// until both are filled, Enter submits. The server checks the credentials (docs/product.md); this form only
// shows its answer: "Admin access granted", "Invalid admin credentials" or "Login failed".
import { useEffect, useRef, useState, type FormEvent } from "react";
import { login, type OperatorSession } from "../../lib/admin-api.ts";
import { notify } from "../../lib/toast.ts";
import { button, field } from "./ui.tsx";

export const ACCESS_GRANTED = "Admin access granted";
export const INVALID_CREDENTIALS = "Invalid admin credentials";
export const LOGIN_FAILED = "Login failed";

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      className="h-5 w-5"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

export function LoginForm({
  onLogin,
  notice,
}: {
  onLogin: (session: OperatorSession) => void;
  /** A line to show above the form (e.g. the session has ended). */
  notice?: string | null;
}) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ title: string; detail: string | null } | null>(null);
  const userRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    userRef.current?.focus();
  }, []);

  const ready = username.length > 0 && password.length > 0 && !pending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setPending(true);
    setError(null);
    try {
      const outcome = await login(username, password);
      if (outcome.ok) {
        setPassword("");
        void notify("success", ACCESS_GRANTED, `Signed in as ${outcome.session.username}.`);
        onLogin(outcome.session);
        return;
      }
      if (outcome.status === 401) {
        setError({ title: INVALID_CREDENTIALS, detail: null });
        void notify("error", INVALID_CREDENTIALS);
      } else {
        // 429 (too many failed attempts), 5xx, …: the server's reason when it gave one.
        setError({ title: LOGIN_FAILED, detail: outcome.message });
        void notify("error", LOGIN_FAILED, outcome.message ?? undefined);
      }
    } catch {
      setError({ title: LOGIN_FAILED, detail: null });
      void notify("error", LOGIN_FAILED);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Operator sign in</h1>
        <p className="mt-1 text-sm text-slate-600">Upload data, recalculate scores and manage the site.</p>
        {notice ? (
          <p role="status" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {notice}
          </p>
        ) : null}
        {/* method=post: should the form ever submit before the page is interactive, no password goes into a URL. */}
        <form
          method="post"
          onSubmit={submit}
          className="mt-6 space-y-4"
          noValidate
          aria-describedby={error ? "login-error" : undefined}
        >
          <div>
            <label htmlFor="admin-username" className="block text-sm font-medium">
              Username
            </label>
            <input
              ref={userRef}
              id="admin-username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              className={`mt-1 ${field}`}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
            />
          </div>
          <div>
            <label htmlFor="admin-password" className="block text-sm font-medium">
              Password
            </label>
            <div className="relative mt-1">
              <input
                id="admin-password"
                name="password"
                type={visible ? "text" : "password"}
                autoComplete="current-password"
                autoCapitalize="none"
                spellCheck={false}
                className={`${field} pr-12`}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
              <button
                type="button"
                onClick={() => setVisible((v) => !v)}
                aria-label={visible ? "Hide password" : "Show password"}
                aria-pressed={visible}
                aria-controls="admin-password"
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900"
              >
                <EyeIcon open={!visible} />
              </button>
            </div>
          </div>
          {error ? (
            <div
              id="login-error"
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
            >
              <p className="font-semibold">{error.title}</p>
              {error.detail ? <p className="mt-0.5">{error.detail}</p> : null}
            </div>
          ) : null}
          <button type="submit" disabled={!ready} className={`${button.primary} w-full`}>
            {pending ? "Signing in..." : "Sign In"}
          </button>
        </form>
      </div>
    </div>
  );
}
