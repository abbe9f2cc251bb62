// The share card of a country (its pages' og:image, 1200 × 630): what it says and how it is laid out, as an
// element tree for satori (render.ts turns it into SVG, then PNG). Pure: a snapshot in, a tree out.
// Colours and weather names come from the site's one owner of them (product/weather.ts); texts for a country
// without a score from product/no-score.ts, so the card never says something its page does not.
import type { Country } from "../../lib/countries.ts";
import type { RatingLabel, Snapshot, Status } from "../../pipeline/model/types.ts";
import { PRODUCT_NAME } from "../brand.ts";
import { dataToText, formatScore } from "../format.ts";
import { noScoreText } from "../no-score.ts";
import { confidenceWithEvidence, evidenceOf } from "../evidence.ts";
import { STATUS_STYLE, STATUSES_BEST_FIRST, markerFraction, weatherTitle } from "../weather.ts";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/**
 * `published`: the snapshot as published. `stale`: the same snapshot once its score is past the freshness cut-off
 * (pipeline/model/fresh.ts), when its page says "Not enough recent data" and shows no number: rendered at publish
 * time too, for every country with a score, so the server only picks one (docs/decisions/008-share-cards.md).
 */
export type CardVariant = "published" | "stale";
export const CARD_VARIANTS: readonly CardVariant[] = ["published", "stale"];

export interface CardContent {
  code: string;
  name: string;
  /** Both null on a card without a score. */
  score: number | null;
  status: Status | null;
  label: RatingLabel | null;
  /** The month the score describes (the snapshot's anchor month, YYYY-MM); null on a card without a score. */
  month: string | null;
  /** The confidence and the evidence behind it, as the pages say it ("Medium confidence · 2 of 5 inputs, 40% cover"); null without a score. */
  confidence: string | null;
  /** Without a score: the headline and one short line saying why. */
  noScore: { title: string; line: string } | null;
}

/** What the card of a country says, for one variant. A stale variant of a snapshot without a score is the same card. */
export function cardContent(
  country: Pick<Country, "code" | "name">,
  snapshot: Snapshot | null,
  variant: CardVariant = "published",
): CardContent {
  const base = { code: country.code, name: country.name };
  if (variant === "published" && snapshot && snapshot.score !== null && snapshot.status !== null) {
    const confidence = snapshot.confidence ? confidenceWithEvidence(snapshot.confidence, evidenceOf(snapshot)) : null;
    return {
      ...base,
      month: snapshot.anchor_month,
      score: snapshot.score,
      status: snapshot.status,
      label: snapshot.label,
      confidence,
      noScore: null,
    };
  }
  const facts = { asOf: snapshot?.as_of ?? null, anchorMonth: snapshot?.anchor_month ?? null };
  const title = noScoreText(country.name, facts).title;
  // No month named: a card that says the same thing from one month to the next is not drawn again (render.ts).
  const line =
    facts.asOf === null
      ? "No score has been published yet."
      : facts.anchorMonth === null
        ? `No official statistics for ${country.name} in the sources we use.`
        : "Its latest data are too old to score.";
  return { ...base, month: null, score: null, status: null, label: null, confidence: null, noScore: { title, line } };
}

/** A satori element: a plain object shaped like a React element (no React needed). */
export interface CardNode {
  type: string;
  props: {
    style?: Record<string, string | number>;
    children?: Array<CardNode | string> | CardNode | string;
    [attr: string]: unknown;
  };
}

const el = (
  type: string,
  style: Record<string, string | number>,
  children?: CardNode["props"]["children"],
  attrs: Record<string, unknown> = {},
): CardNode => ({
  type,
  props: { ...attrs, style, ...(children === undefined ? {} : { children }) },
});

const INK = "#0f172a";
const MUTED = "#334155";
const QUIET = "#475569";
const NO_SCORE_TINT = "#f1f5f9";

/** The card as an element tree; `flag` is the flag's image source (a data URI of its SVG). */
export function cardTree(c: CardContent, flag: string): CardNode {
  const style = c.status ? STATUS_STYLE[c.status] : null;
  const subtitle = c.month ? `Job market weather · ${dataToText(c.month)}` : "Job market weather";

  const header = el("div", { display: "flex", alignItems: "center" }, [
    el("img", { width: 150, height: 100, borderRadius: 8, border: "2px solid #cbd5e1", marginRight: 32 }, undefined, {
      src: flag,
      width: 150,
      height: 100,
    }),
    el("div", { display: "flex", flexDirection: "column" }, [
      el("div", { fontSize: 68, fontWeight: 700, lineHeight: 1.1 }, c.name),
      el("div", { fontSize: 32, color: MUTED, marginTop: 6 }, subtitle),
    ]),
  ]);

  let body: CardNode;
  if (c.score !== null && c.status !== null && style) {
    const stops = [...STATUSES_BEST_FIRST].reverse().map((s) => STATUS_STYLE[s].fill);
    const marker = Math.round(markerFraction(c.score) * 1072);
    body = el("div", { display: "flex", flexDirection: "column", flexGrow: 1, justifyContent: "center" }, [
      el("div", { display: "flex", alignItems: "center" }, [
        el(
          "div",
          {
            display: "flex",
            alignItems: "baseline",
            background: style.fill,
            color: style.ink,
            borderRadius: 28,
            padding: "4px 40px 10px",
          },
          [
            el("div", { fontSize: 150, fontWeight: 700, letterSpacing: -4 }, formatScore(c.score)),
            el("div", { fontSize: 44, fontWeight: 400, marginLeft: 10 }, "/ 10"),
          ],
        ),
        el("div", { display: "flex", flexDirection: "column", marginLeft: 44 }, [
          el("div", { fontSize: 56, fontWeight: 700 }, weatherTitle(c.status)),
          ...(c.label ? [el("div", { fontSize: 36, color: MUTED, marginTop: 8 }, c.label)] : []),
          ...(c.confidence ? [el("div", { fontSize: 28, color: QUIET, marginTop: 8 }, c.confidence)] : []),
        ]),
      ]),
      // The 1 to 10 scale in the five status colours, with the score's marker (as on the country page).
      el(
        "div",
        {
          display: "flex",
          position: "relative",
          width: 1072,
          height: 18,
          marginTop: 40,
          borderRadius: 9,
          backgroundImage: `linear-gradient(90deg, ${stops.join(", ")})`,
        },
        [
          el("div", {
            position: "absolute",
            left: marker - 17,
            top: -8,
            width: 34,
            height: 34,
            borderRadius: 17,
            background: INK,
            border: "5px solid #ffffff",
          }),
        ],
      ),
    ]);
  } else {
    body = el("div", { display: "flex", flexDirection: "column", flexGrow: 1, justifyContent: "center" }, [
      el("div", { fontSize: 64, fontWeight: 700 }, c.noScore?.title ?? ""),
      el("div", { fontSize: 36, color: MUTED, marginTop: 16 }, c.noScore?.line ?? ""),
      el("div", { fontSize: 36, color: MUTED, marginTop: 8 }, "We show no number rather than a guess."),
    ]);
  }

  const footer = el("div", { display: "flex", justifyContent: "space-between", alignItems: "flex-end" }, [
    el("div", { fontSize: 36, fontWeight: 700 }, PRODUCT_NAME),
    el("div", { fontSize: 26, color: QUIET }, "From official Eurostat statistics"),
  ]);

  return el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      boxSizing: "border-box",
      padding: "56px 64px 48px",
      background: style ? style.tint : NO_SCORE_TINT,
      color: INK,
      fontFamily: "Inter",
      borderTop: `16px solid ${style ? style.fill : "#64748b"}`,
    },
    [header, body, footer],
  );
}
