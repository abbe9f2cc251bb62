// The browser's entry: React Router's default (hydrate the document), once the page's messages files are read
// (web/app/i18n/client-messages.ts): the head preloads them, so they arrive alongside the scripts. Should one fail to
// load, the page stays as the server wrote it and works as it does without JavaScript.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentMessages, loadMessages } from "./i18n/client-messages.ts";

loadMessages(documentMessages()).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (error: unknown) => {
    document.documentElement.classList.remove("js");
    console.error(error);
  },
);
