// The browser's side of the messages files (web/app/i18n/catalog.server.ts): a page's HTML names its routes'
// files in <link rel="preload" data-messages> (root.tsx), and web/app/entry.client.tsx reads them before it hydrates,
// so the first render in the browser has the words the server wrote. On a navigation each route's clientLoader
// (`withMessages`) fetches its data and then its file, if the browser does not have it yet.
import { hasMessages, provideMessages, type Messages } from "./meta-intl.ts";

const pending = new Map<string, Promise<void>>();

/** Fetches the messages files not read yet (each once, however many ask). */
export function loadMessages(hrefs: Iterable<string>): Promise<void> {
  const waits: Array<Promise<void>> = [];
  for (const href of hrefs) {
    if (hasMessages(href)) continue;
    let p = pending.get(href);
    if (!p) {
      p = fetch(href, { credentials: "same-origin" })
        .then((res) => {
          if (!res.ok) throw new Error(`messages ${href}: HTTP ${res.status}`);
          return res.json() as Promise<Messages>;
        })
        .then((messages) => provideMessages(href, messages))
        .finally(() => pending.delete(href));
      pending.set(href, p);
    }
    waits.push(p);
  }
  return Promise.all(waits).then(() => undefined);
}

/** The messages files the server named in the page's head (root.tsx). */
export function documentMessages(): string[] {
  return [...document.querySelectorAll<HTMLLinkElement>("link[data-messages]")].map(
    (l) => l.getAttribute("href") ?? "",
  );
}

/**
 * A route's clientLoader: its server data, then its messages file. Not run for the first render (React Router
 * hydrates from the data in the page), only on navigations and after a form's action.
 */
export async function withMessages<T>({ serverLoader }: { serverLoader: () => Promise<T> }): Promise<T> {
  const data = await serverLoader();
  const href = (data as { messages?: unknown } | null)?.messages;
  if (typeof href === "string") await loadMessages([href]);
  return data;
}
