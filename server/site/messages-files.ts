// The pages' messages files (web/app/i18n/catalog.server.ts): `/assets/i18n/<locale>-<page>-<hash>.json`, made by
// the server build from the catalogues and answered like a hashed asset (a year, immutable; brotli or gzip when the
// browser takes it), so a visitor reads a language's messages for a family of pages once, not inline in every page.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { RequestHandler } from "express";
import { MESSAGES_MOUNT } from "../../web/app/i18n/messages-path.ts";
import { addVary, negotiateEncoding, type Encoding } from "../http/compression.ts";

/** What the server build exports for it (web/app/entry.server.tsx). */
export type MessagesFileOf = (name: string) => string | undefined;

export { MESSAGES_MOUNT };

const IMMUTABLE = "public, max-age=31536000, immutable";

export function messagesFiles(fileOf: MessagesFileOf): RequestHandler {
  const encoded = new Map<string, Record<Encoding | "identity", Buffer>>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.replace(/^\//, "");
    let bodies = encoded.get(name);
    if (!bodies) {
      const json = fileOf(name);
      if (json === undefined) return next();
      const identity = Buffer.from(json);
      bodies = {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      // Names are checked against the catalogues: at most one per language and page family (and version).
      encoded.set(name, bodies);
    }
    addVary(res, "Accept-Encoding");
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    const body = bodies[encoding ?? "identity"];
    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.status(200).end(req.method === "HEAD" ? undefined : body);
  };
}
