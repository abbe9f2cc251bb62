// The operator login (docs/product.md §2, §4, §5): username and password with a show/hide toggle, the button disabled
// until both are filled, Enter submits. Its fields are the public forms' (components/form-fields.tsx); its state and
// sending are useLogin's.
import { useState } from "react";
import type { OperatorSession } from "../../lib/admin-api.ts";
import { TextField } from "../form-fields.tsx";
import { EyeIcon } from "../icons.tsx";
import { button } from "./ui.tsx";
import { useLogin, type LoginError } from "./use-login.ts";

export function LoginForm({
  onLogin,
  notice,
}: {
  onLogin: (session: OperatorSession) => void;
  /** A line to show above the form (e.g. the session has ended). */
  notice?: string | null;
}) {
  const { username, setUsername, password, setPassword, pending, error, ready, submit } = useLogin(onLogin);
  const [visible, setVisible] = useState(false);
  // Neither field is marked: the button waits for both. No spelling fixes or capitals in either.
  const typed = { required: true, unmarked: true, error: undefined, autoCapitalize: "none", spellCheck: false };
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
          <TextField
            {...typed}
            id="admin-username"
            name="username"
            label="Username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={setUsername}
          />
          <TextField
            {...typed}
            id="admin-password"
            name="password"
            label="Password"
            type={visible ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            adornment={<PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />}
          />
          <LoginRefusal error={error} />
          <button type="submit" disabled={!ready} className={`${button.primary} w-full`}>
            {pending ? "Signing in..." : "Sign In"}
          </button>
        </form>
      </div>
    </div>
  );
}

/** The password's show/hide button, at the field's right end. */
function PasswordToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={visible ? "Hide password" : "Show password"}
      aria-pressed={visible}
      aria-controls="admin-password"
      className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900"
    >
      <EyeIcon open={!visible} className="h-5 w-5" />
    </button>
  );
}

/** Why the server refused (the form names it: aria-describedby). */
function LoginRefusal({ error }: { error: LoginError | null }) {
  if (!error) return null;
  return (
    <div
      id="login-error"
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      <p className="font-semibold">{error.title}</p>
      {error.detail ? <p className="mt-0.5">{error.detail}</p> : null}
    </div>
  );
}
