// Share images of the current publication, for other sites and social previews:
//   GET /og/{code}.png     the country's share card (1200 × 630), its pages' og:image: keyed by the publication
//                          (share_cards), drawn at its first request and stored by key (api/share-card-images.ts,
//                          share_card_images), then served from storage. A card that cannot be drawn answers the
//                          site's generic image (logged; the next request tries again).
//   GET /badge/{code}.svg  an embeddable badge like a CI badge (api/badge.ts), made per request (microseconds).
// Both read through the one reader (api/read-model.ts) and show a score exactly where the pages do (its display
// gate, product/publication.ts showsScore): a score past its cut-off is not shown (the card is then the stored
// "stale" one); while the operator has paused publication neither shows a score (the card is the site's own image, the badge
// says "paused").
// Codes are case-insensitive. An unknown code answers 404 (JSON for the card; a "unknown country" badge for
// the badge, so an embed with a typo says so instead of showing a broken image).
import { createHash } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { countryByCode, type Country } from "../../lib/countries.ts";
import { OG_IMAGE_PATH } from "../../product/brand.ts";
import { noScoreText } from "../../product/no-score.ts";
import { BADGE_PAUSED, badgeParts, badgeSvg, type BadgeParts } from "../badge.ts";
import type { HeaderList } from "../../server/http/fast-path.ts";
import type { Logger } from "../../lib/logger.ts";
import type { ShareCardImages } from "../share-card-images.ts";
import { CACHE_PUBLISHED, CACHE_REVALIDATE, etagMatches } from "../../server/http/cache.ts";
import { HttpError } from "../../server/http/errors.ts";
import type { ShareCardRead } from "../db/published.ts";
import type { ReadModel } from "../read-model.ts";

/** Cache of an unknown-code badge: short, it costs nothing to answer again. */
const CACHE_NOT_FOUND = "public, max-age=300";

export interface ShareRouteDeps {
  /** The one reader of published data (api/read-model.ts): the same rows and display gate as the pages. */
  read: Pick<ReadModel, "country" | "publicationState" | "shareCard">;
  /** Draws and stores a card whose key has no picture yet. */
  cards: Pick<ShareCardImages, "draw">;
  logger: Logger;
  /** Security headers of non-page answers (the API's helmet list); the resource policy is opened for embedding. */
  headers: HeaderList;
  now: () => Date;
}

export function shareRoutes({ read, cards, logger, headers, now }: ShareRouteDeps): Router {
  /**
   * Whether the operator paused publication: no score is current then. (Paused by itself, no score is shown: each
   * image already says why it shows none, "not enough recent data" or "no score yet".)
   */
  const paused = (at: Date) => read.publicationState(at).reason === "operator";

  const setHeaders = (res: Response) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // Other sites embed these images (<img>, social previews): not only this origin may load them.
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  };

  const r = Router();

  r.get("/og/:file", async (req, res, next) => {
    const country = countryOf(req, "png");
    if (!country)
      return next(
        new HttpError(
          404,
          "not_found",
          // The file name asked for is not repeated: an error never echoes what the request said.
          "There is no share card at this address: use a two-letter country code, e.g. /og/de.png.",
        ),
      );
    setHeaders(res);
    /** The site's own image: paused, nothing published yet, a publication made without cards, or a card not drawn. */
    const generic = () => {
      res.setHeader("Cache-Control", CACHE_REVALIDATE);
      res.redirect(302, OG_IMAGE_PATH);
    };
    let card: ShareCardRead;
    try {
      card = read.shareCard(country.code, now(), (etag) => etagMatches(req.headers["if-none-match"], etag));
      if (card.kind === "to-draw")
        card = { kind: "card", etag: card.etag, png: await cards.draw(card.key, card.content) };
    } catch (err) {
      // Never an error page for an image: the generic one, and the next request tries again.
      logger.error({ err, country: country.code }, "share card not drawn: answered the site's generic image");
      return generic();
    }
    if (card.kind === "none") return generic();
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
    const at = now();
    const reading = read.country(country.code, at)!;
    const s = reading.snapshot;
    const shown = paused(at)
      ? { score: null, phrase: BADGE_PAUSED }
      : reading.fresh
        ? { score: reading.item.score!, status: reading.item.status! }
        : {
            score: null,
            phrase: noScoreText(country.name, { asOf: s?.as_of ?? null, anchorMonth: s?.anchor_month ?? null }).phrase,
          };
    const svg = badgeSvg(badgeParts(country.name, shown));
    const etag = `"p${s ? (reading.publication?.id ?? 0) : 0}-${createHash("sha1").update(svg).digest("base64url").slice(0, 16)}"`;
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
  return {
    label: "job weather",
    message: "unknown country",
    fill: "#9f1239",
    ink: "#ffffff",
    title: "Job Weather Index: unknown country",
  };
}

function sendSvg(res: Response, svg: string): void {
  const body = Buffer.from(svg);
  res.setHeader("Content-Type", "image/svg+xml; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
