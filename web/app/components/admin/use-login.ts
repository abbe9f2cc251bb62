// The operator login's state and sending (docs/product.md §2, §4, §5): what was typed, whether it may be sent, and
// the server's answer as the form shows it and as a toast: "Admin access granted", "Invalid admin credentials" or
// "Login failed". The server checks the credentials (docs/product.md).
import { useState, type FormEvent } from "react";
import { login, type OperatorSession } from "../../lib/admin-api.ts";
import { notify } from "../../lib/toast.ts";

const ACCESS_GRANTED = "Admin access granted";
const INVALID_CREDENTIALS = "Invalid admin credentials";
const LOGIN_FAILED = "Login failed";

export interface LoginError {
  title: string;
  detail: string | null;
}

export function useLogin(onLogin: (session: OperatorSession) => void) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<LoginError | null>(null);

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

  return { username, setUsername, password, setPassword, pending, error, ready, submit };
}
