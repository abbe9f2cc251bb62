import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { changeSentence, sinceUpdate } from "./feed-events.ts";
import { dataToText, publishedText } from "./date-words.ts";
import { formatScore } from "./model/round.ts";
import { CURRENT_MODEL, CURRENT_MODEL_ID, modelFunctions } from "./model/index.ts";
import { makeInput, monthlyEndingAt } from "./model/test-helpers.ts";
import type { CountryResult, Snapshot } from "./model/types.ts";
import { publish } from "./publish.ts";
import { openServingDb, type ServingDb } from "./serving-db.ts";

const { computeCountry } = modelFunctions(CURRENT_MODEL_ID);

function result(country: string, score: number | null): CountryResult {
  const snapshot = {
    country,
    model: "v2",
    as_of: "2026-11-22",
    anchor_month: "2026-07",
    score,
    status: score === null ? null : "cloudy",
    label: null,
    confidence: null,
    basis: null,
    cover: null,
    raw: null,
    shrunk: null,
    sub_scores: { U: null, V: null, C: null, M: null, S: null },
    unemployment_series: null,
    unemployment: null,
    unemployment_year_before: null,
    unemployment_history_points: 0,
    vacancy: null,
    competition: null,
    lmb: null,
    gdp: null,
    inflation: null,
    averages_3y: { vacancy: null, competition: null, vacancy_points: 0, competition_points: 0 },
    eu_average: { unemployment: null, period: null, source: "fixed-thresholds" },
    yoy: { delta: null, label: null, from_month: null },
    ingest_ids: [],
  } as Snapshot;
  return { snapshot, history: [{ month: "2026-07", score, status: snapshot.status }] };
}

describe("publish", () => {
  let dir: string;
  let db: ServingDb;
  afterEach(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("replaces the whole set in one transaction", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jwi-pub-"));
    db = openServingDb(path.join(dir, "s.sqlite"));
    publish(db, {
      model: "v2",
      asOf: "2026-11-22",
      publishedAt: "2026-11-22T00:00:00Z",
      results: [result("DE", 6), result("LI", null)],
      sources: [],
    });
    const second = publish(db, {
      model: "v2",
      asOf: "2026-11-23",
      publishedAt: "2026-11-23T00:00:00Z",
      results: [result("DE", 7)],
      sources: [],
    });
    expect(second.countriesScored).toBe(1);
    expect(db.prepare("SELECT country, score, publication_id FROM snapshots").all()).toEqual([
      { country: "DE", score: 7, publication_id: second.publicationId },
    ]);
    expect(db.prepare("SELECT count(*) n FROM score_history").get()).toEqual({ n: 1 });
  });

  it("stores the share cards' keys with the publication; the next one replaces the cards of the countries it brings, and no others", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jwi-pub-"));
    db = openServingDb(path.join(dir, "s.sqlite"));
    const card = (country: string, variant: "published" | "stale", n: number) => ({
      country,
      variant,
      key: `k${n}`,
      content: { n },
    });
    const first = publish(db, {
      model: "v2",
      asOf: "2026-11-22",
      publishedAt: "2026-11-22T00:00:00Z",
      results: [result("DE", 6), result("LI", null)],
      sources: [],
      cards: [card("DE", "published", 1), card("DE", "stale", 2), card("LI", "published", 3)],
    });
    // Nothing is drawn at publish time: every key is still to draw.
    expect(first.cards).toEqual({ keyed: 3, drawn: 0, to_draw: 3 });
    const rows = () =>
      db
        .prepare(
          "SELECT country, variant, publication_id, card_key, content FROM share_cards ORDER BY country, variant",
        )
        .all();
    const liFirst = {
      country: "LI",
      variant: "published",
      publication_id: first.publicationId,
      card_key: "k3",
      content: '{"n":3}',
    };
    expect(rows()).toEqual([
      { country: "DE", variant: "published", publication_id: first.publicationId, card_key: "k1", content: '{"n":1}' },
      { country: "DE", variant: "stale", publication_id: first.publicationId, card_key: "k2", content: '{"n":2}' },
      liFirst,
    ]);
    // The server draws two of them (api/share-card-images.ts stores them by key).
    const draw = db.prepare(
      "INSERT INTO share_card_images (card_key, png, drawn_at) VALUES (?, ?, '2026-11-22T00:00:01Z')",
    );
    draw.run("k1", Buffer.from([1]));
    draw.run("k3", Buffer.from([3]));
    // DE's cards are replaced as a whole (its stale card goes with it); Liechtenstein brought none and keeps its own.
    const second = publish(db, {
      model: "v2",
      asOf: "2026-11-23",
      publishedAt: "2026-11-23T00:00:00Z",
      results: [result("DE", 7)],
      sources: [],
      cards: [card("DE", "published", 4)],
    });
    expect(second.cards).toEqual({ keyed: 1, drawn: 0, to_draw: 1 });
    const deSecond = {
      country: "DE",
      variant: "published",
      publication_id: second.publicationId,
      card_key: "k4",
      content: '{"n":4}',
    };
    expect(rows()).toEqual([deSecond, liFirst]);
    // The picture of DE's old key is gone (no publication names it); Liechtenstein's, still named, stays.
    const images = () => db.prepare("SELECT card_key, hex(png) AS png FROM share_card_images ORDER BY card_key").all();
    expect(images()).toEqual([{ card_key: "k3", png: "03" }]);
    // A publication without cards (no keyer, or its keying failed) deletes none: the site keeps its images.
    const third = publish(db, {
      model: "v2",
      asOf: "2026-11-24",
      publishedAt: "2026-11-24T00:00:00Z",
      results: [result("DE", 7)],
      sources: [],
      cardError: "no fonts",
    });
    expect(third.cards).toBeNull();
    expect(rows()).toEqual([deSecond, liFirst]);
    expect(images()).toEqual([{ card_key: "k3", png: "03" }]);
    // A later publication naming an already drawn key counts it as drawn: the server will not draw it again.
    const fourth = publish(db, {
      model: "v2",
      asOf: "2026-11-25",
      publishedAt: "2026-11-25T00:00:00Z",
      results: [result("LI", null)],
      sources: [],
      cards: [card("LI", "published", 3)],
    });
    expect(fourth.cards).toEqual({ keyed: 1, drawn: 1, to_draw: 0 });
    expect(db.prepare("SELECT cards_keyed, cards_error FROM publications ORDER BY id").all()).toEqual([
      { cards_keyed: 3, cards_error: null },
      { cards_keyed: 1, cards_error: null },
      { cards_keyed: null, cards_error: "no fonts" },
      { cards_keyed: 1, cards_error: null },
    ]);
  });

  it("keeps the previous snapshots when a publish fails half-way", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jwi-pub-"));
    db = openServingDb(path.join(dir, "s.sqlite"));
    publish(db, {
      model: "v2",
      asOf: "2026-11-22",
      publishedAt: "2026-11-22T00:00:00Z",
      results: [result("DE", 6), result("AT", 5)],
      sources: [],
      cards: [{ country: "DE", variant: "published", key: "k", content: {} }],
    });
    // The second country repeats the first: the primary key fails after DE was already written inside the transaction.
    expect(() =>
      publish(db, {
        model: "v2",
        asOf: "2026-11-23",
        publishedAt: "2026-11-23T00:00:00Z",
        results: [result("DE", 9), result("DE", 9)],
        sources: [],
      }),
    ).toThrow(/UNIQUE/);
    expect(db.prepare("SELECT country, score FROM snapshots ORDER BY country").all()).toEqual([
      { country: "AT", score: 5 },
      { country: "DE", score: 6 },
    ]);
    expect(db.prepare("SELECT count(*) n FROM publications").get()).toEqual({ n: 1 });
    expect(db.prepare("SELECT country, card_key FROM share_cards").all()).toEqual([{ country: "DE", card_key: "k" }]);
  });
});

/** A real result of the current model of a country whose newest unemployment is `last`. */
function scored(country: string, last: number): CountryResult {
  const input = makeInput({
    country,
    unemploymentMonthly: monthlyEndingAt("2026-10", [6.5, 6.4, 6.4, 6.3, 6.3, 6.2, 6.2, 6.1, 6.0, 6.0, 5.9, 6.1, last]),
  });
  return computeCountry(input, "2026-11-22");
}

describe("publish: the feeds' history", () => {
  let dir: string;
  let db: ServingDb;
  afterEach(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const entries = () =>
    db.prepare("SELECT * FROM feed_entries ORDER BY publication_id, country").all() as Array<Record<string, unknown>>;
  const at = (day: number) => `2026-11-${day}T06:00:00.000Z`;

  it("records, in the publish, each country whose status or score moved against the previous publication, with why", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jwi-pub-"));
    db = openServingDb(path.join(dir, "s.sqlite"));
    const before = [scored("AT", 5.9), scored("DE", 5.9)];
    const first = publish(db, {
      model: CURRENT_MODEL_ID,
      asOf: "2026-11-22",
      publishedAt: at(20),
      results: before,
      sources: [],
    });
    // Nothing to compare the first publication with: each scored country starts its feed with its weather.
    const starts = entries();
    expect(starts).toEqual(
      before.map(({ snapshot: s }) => ({
        publication_id: first.publicationId,
        country: s.country,
        published_at: at(20),
        previous_publication_id: 0,
        previous_published_at: "",
        from_as_of: "",
        to_as_of: "2026-11-22",
        from_score: null,
        to_score: s.score,
        from_status: null,
        to_status: s.status,
        text: `Job market weather ${formatScore(s.score!)} out of 10, ${s.status}; ${dataToText(s.anchor_month!)}, ${publishedText(at(20))}.`,
        explanation: null,
      })),
    );

    const second = publish(db, {
      model: CURRENT_MODEL_ID,
      asOf: "2026-11-22",
      publishedAt: at(21),
      results: before,
      sources: [],
    });
    expect(second.publicationId).toBe(first.publicationId + 1);
    expect(entries()).toEqual(starts); // the same scores again: no entry

    const after = [scored("AT", 5.9), scored("DE", 3.0)];
    const third = publish(db, {
      model: CURRENT_MODEL_ID,
      asOf: "2026-11-22",
      publishedAt: at(22),
      results: after,
      sources: [],
    });
    const explanation = CURRENT_MODEL.explain(before[1]!.snapshot, after[1]!.snapshot)!;
    expect(entries().filter((e) => e.publication_id === third.publicationId)).toEqual([
      {
        publication_id: third.publicationId,
        country: "DE",
        published_at: at(22),
        previous_publication_id: second.publicationId,
        previous_published_at: at(21),
        from_as_of: "2026-11-22",
        to_as_of: "2026-11-22",
        from_score: before[1]!.snapshot.score,
        to_score: after[1]!.snapshot.score,
        from_status: before[1]!.snapshot.status,
        to_status: after[1]!.snapshot.status,
        text: `${changeSentence(explanation, sinceUpdate(at(21)))}; ${dataToText(after[1]!.snapshot.anchor_month!)}, ${publishedText(at(22))}.`,
        explanation: JSON.stringify(explanation),
      },
    ]);

    // Later publications keep the entry as it was; a failed one adds nothing.
    publish(db, { model: CURRENT_MODEL_ID, asOf: "2026-11-22", publishedAt: at(23), results: after, sources: [] });
    expect(() =>
      publish(db, {
        model: CURRENT_MODEL_ID,
        asOf: "2026-11-22",
        publishedAt: at(24),
        results: [scored("DE", 5.9), scored("DE", 5.9)],
        sources: [],
      }),
    ).toThrow(/UNIQUE/);
    expect(entries().map((e) => [e.publication_id, e.country, e.published_at])).toEqual([
      [first.publicationId, "AT", at(20)],
      [first.publicationId, "DE", at(20)],
      [third.publicationId, "DE", at(22)],
    ]);
  });

  it("a country first scored later starts with a change event; an unscored one has no entry", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jwi-pub-"));
    db = openServingDb(path.join(dir, "s.sqlite"));
    const unscored = {
      ...scored("DE", 5.9),
      snapshot: { ...scored("DE", 5.9).snapshot, score: null, status: null },
    } as unknown as CountryResult;
    publish(db, {
      model: CURRENT_MODEL_ID,
      asOf: "2026-11-22",
      publishedAt: at(20),
      results: [scored("AT", 5.9), unscored],
      sources: [],
    });
    expect(entries().map((e) => e.country)).toEqual(["AT"]);
    publish(db, {
      model: CURRENT_MODEL_ID,
      asOf: "2026-11-22",
      publishedAt: at(21),
      results: [scored("AT", 5.9), scored("DE", 5.9)],
      sources: [],
    });
    expect(entries().map((e) => [e.country, e.previous_published_at])).toEqual([
      ["AT", ""],
      ["DE", at(20)],
    ]);
  });
});
