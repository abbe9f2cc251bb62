// Server rendering of every page. The per-request CSP nonce (set by the API's helmet middleware and passed
// through the load context) goes on React Router's inline scripts and on our own (NonceContext).
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce.ts";
// The static parts' components, for the server to render them (components/static-part.tsx).
import "./components/country-static-parts.server.ts";

export const streamTimeout = 5_000;

/** The pages' messages files by name, for the server's /assets/i18n/ (server/site/messages-files.ts). */
export { messagesFile } from "./i18n/catalog.server.ts";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The whole document is sent at once (onAllReady): pages read SQLite synchronously, nothing streams, and a
    // reader without JavaScript must get every word in the first response.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Every Suspense boundary's content in place, however long: React otherwise moves a large one (over 12.8 KB)
        // to the end of the document, to be put back by a script, which a reader without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
