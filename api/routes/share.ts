// Share images of the current publication, for other sites and social previews:
//   GET /og/{code}.png     the country's share card (1200 × 630), rendered at publish time and stored in the serving
//                          database (product/share-cards/, share_cards table); its pages' og:image.
//   GET /badge/{code}.svg  an embeddable badge like a CI badge (api/badge.ts), made per request (microseconds).
// Both follow the freshness rule of the pages (pipeline/model/fresh.ts): a score past its cut-off is not shown;
// while the operator has paused publication neither shows a score (the card is the site's own image, the badge
// says "paused").
// Codes are case-insensitive. An unknown code answers 404 (JSON for the card; a "unknown country" badge for
// the badge, so an embed with a typo says so instead of showing a broken image).
import { createHash } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { countryByCode, type Country } from "../../pipeline/countries.ts";
import { isScoreFresh } from "../../pipeline/model/fresh.ts";
import type { Snapshot } from "../../pipeline/model/types.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import type { CardVariant } from "../../product/share-cards/card.ts";
import { OG_IMAGE_PATH } from "../../product/brand.ts";
import { noScoreText } from "../../product/no-score.ts";
import { BADGE_PAUSED, badgeParts, badgeSvg, type BadgeParts } from "../badge.ts";
import type { HeaderList } from "../fast-reads.ts";
import { CACHE_PUBLISHED, CACHE_REVALIDATE, HttpError, etagMatches } from "../http.ts";

/** The parts of a published snapshot these images read; checked on the way out of SQLite. */
const snapshotSchema = z
  .object({
    as_of: z.string(),
    anchor_month: z.string().nullable(),
    score: z.number().nullable(),
    status: z.enum(["stormy", "rainy", "cloudy", "bright", "sunny"]).nullable(),
    sub_scores: z.record(z.string(), z.object({ key: z.string(), period: z.string() }).loose().nullable()),
  })
  .loose();
type SnapshotFacts = z.infer<typeof snapshotSchema>;

/** Cache of an unknown-code badge: short, it costs nothing to answer again. */
const CACHE_NOT_FOUND = "public, max-age=300";

export interface ShareRouteDeps {
  db: ServingDb;
  /** Security headers of non-page answers (the API's helmet list); the resource policy is opened for embedding. */
  headers: HeaderList;
  now: () => Date;
  /**
   * Whether the operator paused publication: no score is current then. (Paused by itself, no score is fresh: each
   * image already says why it shows none, "not enough recent data" or "no score yet".)
   */
  paused: () => boolean;
}

export { BADGE_PAUSED };

export function shareRoutes({ db, headers, now, paused }: ShareRouteDeps): Router {
  const snapshotStmt = db.prepare(`SELECT publication_id, payload FROM snapshots WHERE country = ?`);
  const cardTagStmt = db.prepare(`SELECT etag FROM share_cards WHERE country = ? AND variant = ?`).pluck();
  const cardPngStmt = db.prepare(`SELECT png FROM share_cards WHERE country = ? AND variant = ?`).pluck();

  const readSnapshot = (code: string): { publicationId: number; snapshot: SnapshotFacts } | null => {
    const row = snapshotStmt.get(code) as { publication_id: number; payload: string } | undefined;
    return row ? { publicationId: row.publication_id, snapshot: snapshotSchema.parse(JSON.parse(row.payload)) } : null;
  };
  /** Whether the page of this snapshot shows its score today (else it says why not, and so do the images). */
  const showsScore = (s: SnapshotFacts | undefined): boolean =>
    s !== undefined && s.score !== null && s.status !== null && isScoreFresh(s as unknown as Pick<Snapshot, "score" | "sub_scores">, now());

  const setHeaders = (res: Response) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // Other sites embed these images (<img>, social previews): not only this origin may load them.
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  };

  // One read transaction: the snapshot, the ETag and the image come from the same publication.
  const readCard = db.transaction((code: string, ifNoneMatch: string | undefined) => {
    const snap = readSnapshot(code);
    let variant: CardVariant = snap && snap.snapshot.score !== null && !showsScore(snap.snapshot) ? "stale" : "published";
    let etag = cardTagStmt.get(code, variant) as string | undefined;
    if (etag === undefined && variant === "stale") etag = cardTagStmt.get(code, (variant = "published")) as string | undefined;
    if (etag === undefined) return { kind: "none" as const };
    if (etagMatches(ifNoneMatch, etag)) return { kind: "not-modified" as const, etag };
    return { kind: "card" as const, etag, png: cardPngStmt.get(code, variant) as Buffer };
  });

  const r = Router();

  r.get("/og/:file", (req, res, next) => {
    const country = countryOf(req, "png");
    if (!country) return next(new HttpError(404, "not_found", `No share card ${req.params.file}: use a two-letter country code, e.g. /og/de.png.`));
    setHeaders(res);
    const card = paused() ? { kind: "none" as const } : readCard(country.code, req.headers["if-none-match"]);
    if (card.kind === "none") {
      // Paused, nothing published yet, or a publication made before share cards existed: the site's own image.
      res.setHeader("Cache-Control", CACHE_REVALIDATE);
      return res.redirect(302, OG_IMAGE_PATH);
    }
    res.setHeader("Cache-Control", CACHE_PUBLISHED);
    res.setHeader("ETag", card.etag);
    if (card.kind === "not-modified") return void res.status(304).end();
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Content-Length", card.png.length);
    res.end(card.png);
  });

  r.get("/badge/:file", (req, res) => {
    setHeaders(res);
    const country = countryOf(req, "svg");
    if (!country) {
      res.setHeader("Cache-Control", CACHE_NOT_FOUND);
      return void sendSvg(res.status(404), badgeSvg(unknownBadge()));
    }
    const snap = readSnapshot(country.code);
    const s = snap?.snapshot;
    const shown = paused()
      ? { score: null, phrase: BADGE_PAUSED }
      : showsScore(s)
      ? { score: s!.score!, status: s!.status! }
      : { score: null, phrase: noScoreText(country.name, { asOf: s?.as_of ?? null, anchorMonth: s?.anchor_month ?? null }).phrase };
    const svg = badgeSvg(badgeParts(country.name, shown));
    const etag = `"p${snap?.publicationId ?? 0}-${createHash("sha1").update(svg).digest("base64url").slice(0, 16)}"`;
    res.setHeader("Cache-Control", CACHE_PUBLISHED);
    res.setHeader("ETag", etag);
    if (etagMatches(req.headers["if-none-match"], etag)) return void res.status(304).end();
    sendSvg(res, svg);
  });

  return r;
}

/** The country of `/og/de.png` or `/badge/DE.svg`; undefined for anything else. */
function countryOf(req: Request, extension: string): Country | undefined {
  const m = new RegExp(`^([a-z]{2})\\.${extension}$`, "i").exec(String(req.params.file ?? ""));
  return m ? countryByCode(m[1]!) : undefined;
}

function unknownBadge(): BadgeParts {
  return { label: "job weather", message: "unknown country", fill: "#9f1239", ink: "#ffffff", title: "Job Weather Index: unknown country" };
}

function sendSvg(res: Response, svg: string): void {
  const body = Buffer.from(svg);
  res.setHeader("Content-Type", "image/svg+xml; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
