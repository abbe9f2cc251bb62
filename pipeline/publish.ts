// Publish: one transaction writes every country's snapshot and history into the serving database.
// Readers see the previous set or the new one, never a mix; a failure keeps the previous set. The same
// transaction records what changed against the previous set for the feeds (feed-events.ts), before replacing it.
import { feedEvents, startEvents, type FeedEvent } from "./feed-events.ts";
import type { CountryResult, Snapshot } from "./model/types.ts";
import { operatorPause, type PausedBy } from "./pause.ts";
import type { ServingDb } from "./serving-db.ts";
import type { TableStatusRow } from "./store/observations.ts";

/** One share card of a publication (drawn by product/share-cards/render.ts, which the CLI hands to the pipeline). */
export interface RenderedCard {
  country: string;
  variant: "published" | "stale";
  png: Buffer;
  /** Hash of the PNG (the route's ETag is the publication id plus this). */
  hash: string;
  /** What decided the picture: the next recalc takes the bytes over when its key is the same. */
  key: string;
}

/**
 * Draws the share cards of a publication's snapshots, taking over `previous` ones (by key) that did not change.
 * The pipeline knows nothing about pictures: the program that opens it passes one (cli/io.ts), or none.
 */
export type CardRenderer = (snapshots: readonly Snapshot[], previous: ReadonlyMap<string, Buffer>) => Promise<RenderedCard[]>;

export interface Publication {
  model: string;
  asOf: string;
  publishedAt: string;
  results: readonly CountryResult[];
  sources: readonly TableStatusRow[];
  /**
   * The share cards of these results, rendered before the transaction (a CardRenderer). Each country's cards
   * here replace that country's stored ones; a country without cards here keeps what it has, and so does every
   * country when there are none (no renderer, or drawing failed): a publication never deletes a card it does
   * not replace (docs/decisions/008-share-cards.md).
   */
  cards?: readonly RenderedCard[];
  /** How the cards went, for the data status: drawn now, taken over unchanged, or why none were drawn. */
  cardStats?: CardStats;
}

/** What became of a publication's share cards (publications.cards_*; the data status shows them). */
export interface CardStats {
  drawn: number;
  reused: number;
  /** Why drawing failed (the publication went ahead with the cards it already had); null when it did not. */
  error: string | null;
}

export interface PublishOutcome {
  /** The new publication; while paused, the one still served (0 before the first). */
  publicationId: number;
  countriesScored: number;
  /**
   * Set when the operator had paused publication: the scores were stored as the pending publication, visitors
   * still get the previous one (or none), and resume publishes them (publishPending).
   */
  paused: PausedBy | null;
}

/**
 * Publishes `pub`, or, while the operator has paused publication, stores it as the pending publication (replacing
 * an older pending one). The switch is read inside the write transaction, so a resume either publishes this
 * publication (it came first) or this publish sees publication running.
 */
export function publish(db: ServingDb, pub: Publication): PublishOutcome {
  const run = db.transaction((): PublishOutcome => {
    const paused = operatorPause(db);
    if (paused) {
      storePending(db, pub);
      const current = (db.prepare(`SELECT id FROM publications ORDER BY id DESC LIMIT 1`).pluck().get() as number | undefined) ?? 0;
      return { publicationId: current, countriesScored: pub.results.filter((r) => r.snapshot.score !== null).length, paused };
    }
    const outcome = publishNow(db, pub);
    // A newer publication supersedes anything computed during an earlier pause.
    db.prepare(`DELETE FROM pending_publication`).run();
    db.prepare(`DELETE FROM pending_share_cards`).run();
    return outcome;
  });
  return run.immediate();
}

function storePending(db: ServingDb, pub: Publication): void {
  db.prepare(`DELETE FROM pending_publication`).run();
  db.prepare(`DELETE FROM pending_share_cards`).run();
  const scored = pub.results.filter((r) => r.snapshot.score !== null).length;
  db.prepare(`INSERT INTO pending_publication (id, model, as_of, computed_at, countries_scored, payload) VALUES (1, ?, ?, ?, ?, ?)`).run(
    pub.model, pub.asOf, pub.publishedAt, scored, JSON.stringify({ results: pub.results, sources: pub.sources }),
  );
  const insertCard = db.prepare(`INSERT INTO pending_share_cards (country, variant, png, hash, card_key) VALUES (?, ?, ?, ?, ?)`);
  for (const c of pub.cards ?? []) insertCard.run(c.country, c.variant, c.png, c.hash, c.key);
}

/**
 * On resume (call after the switch was turned off, in the same transaction): publishes the newest publication
 * computed while paused, at `publishedAt` (the moment visitors get it), and forgets it. Null when there was none.
 */
export function publishPending(db: ServingDb, publishedAt: string): PublishOutcome | null {
  const run = db.transaction((): PublishOutcome | null => {
    const row = db.prepare(`SELECT model, as_of, payload FROM pending_publication WHERE id = 1`).get() as
      | { model: string; as_of: string; payload: string }
      | undefined;
    if (!row) return null;
    const { results, sources } = JSON.parse(row.payload) as Pick<Publication, "results" | "sources">;
    const cards = (
      db.prepare(`SELECT country, variant, png, hash, card_key FROM pending_share_cards`).all() as Array<{
        country: string; variant: RenderedCard["variant"]; png: Buffer; hash: string; card_key: string;
      }>
    ).map((c): RenderedCard => ({ country: c.country, variant: c.variant, png: c.png, hash: c.hash, key: c.card_key }));
    return publish(db, { model: row.model, asOf: row.as_of, publishedAt, results, sources, cards });
  });
  return run.immediate();
}

function publishNow(db: ServingDb, pub: Publication): PublishOutcome {
  const insertPublication = db.prepare(
    `INSERT INTO publications (model, as_of, published_at, countries_scored, countries_total, cards_drawn, cards_reused, cards_error)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSnapshot = db.prepare(
    `INSERT INTO snapshots (country, publication_id, model, as_of, anchor_month, score, status, label, confidence, basis,
       cover, yoy_delta, yoy_label, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const previousSnapshots = db.prepare(
    `SELECT s.country, s.payload, p.id, p.published_at FROM snapshots s JOIN publications p ON p.id = s.publication_id`,
  );
  const insertFeedEntry = db.prepare(
    `INSERT INTO feed_entries (publication_id, country, published_at, previous_publication_id, previous_published_at, from_as_of,
       to_as_of, from_score, to_score, from_status, to_status, text, explanation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const reportedCountries = db.prepare(`SELECT DISTINCT country FROM feed_entries`).pluck();
  const insertHistory = db.prepare(`INSERT INTO score_history (country, month, score, status) VALUES (?, ?, ?, ?)`);
  const insertCard = db.prepare(`INSERT INTO share_cards (country, variant, publication_id, png, etag, card_key) VALUES (?, ?, ?, ?, ?, ?)`);
  const insertSource = db.prepare(
    `INSERT INTO source_status (source_table, data_type, newest_period, observations, last_ingested_at, last_changed_at,
       source_updated, publication_id, last_checked_at, last_status, last_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const run = db.transaction((): PublishOutcome => {
    const countriesScored = pub.results.filter((r) => r.snapshot.score !== null).length;
    const publicationId = Number(
      insertPublication.run(
        pub.model, pub.asOf, pub.publishedAt, countriesScored, pub.results.length,
        pub.cardStats?.drawn ?? null, pub.cardStats?.reused ?? null, pub.cardStats?.error ?? null,
      ).lastInsertRowid,
    );
    const previous = previousSnapshots.all() as Array<{ country: string; payload: string; id: number; published_at: string }>;
    const next = { id: publicationId, publishedAt: pub.publishedAt, snapshots: pub.results.map((r) => r.snapshot) };
    const events: FeedEvent[] = [];
    if (previous.length > 0) {
      const side = { id: previous[0]!.id, publishedAt: previous[0]!.published_at, snapshots: new Map<string, Snapshot>() };
      for (const r of previous) if (r.id === side.id) side.snapshots.set(r.country, JSON.parse(r.payload) as Snapshot);
      events.push(...feedEvents(side, next));
    }
    // Countries the feeds have not reported yet (all of them at the first publication) start with their weather.
    const reported = new Set([...(reportedCountries.all() as string[]), ...events.map((e) => e.country)]);
    events.push(...startEvents(next, reported));
    for (const e of events) {
      insertFeedEntry.run(
        e.publication_id, e.country, e.published_at, e.previous_publication_id, e.previous_published_at, e.from_as_of, e.to_as_of,
        e.from_score, e.to_score, e.from_status, e.to_status, e.text, e.explanation === null ? null : JSON.stringify(e.explanation),
      );
    }
    db.prepare(`DELETE FROM snapshots`).run();
    db.prepare(`DELETE FROM score_history`).run();
    db.prepare(`DELETE FROM source_status`).run();
    for (const { snapshot: s, history } of pub.results) {
      insertSnapshot.run(
        s.country, publicationId, s.model, s.as_of, s.anchor_month, s.score, s.status, s.label, s.confidence, s.basis,
        s.cover, s.yoy.delta, s.yoy.label, JSON.stringify(s),
      );
      for (const h of history) insertHistory.run(s.country, h.month, h.score, h.status);
    }
    for (const t of pub.sources) {
      insertSource.run(
        t.table, t.dataType, t.newestPeriod, t.observations, t.lastIngestedAt, t.lastChangedAt, t.sourceUpdated, publicationId,
        t.lastCheckedAt ?? null, t.lastStatus ?? null, t.lastReason ?? null,
      );
    }
    // Cards are replaced per country: those of a country this publication drew (or took over) go, the others
    // stay, so a publication without cards leaves the site its previous ones rather than none.
    const deleteCards = db.prepare(`DELETE FROM share_cards WHERE country = ?`);
    for (const country of new Set((pub.cards ?? []).map((c) => c.country))) deleteCards.run(country);
    // The ETag names the publication, like every published read (api/http.ts cachedJson), and the image.
    for (const c of pub.cards ?? []) insertCard.run(c.country, c.variant, publicationId, c.png, `"p${publicationId}-${c.hash}"`, c.key);
    return { publicationId, countriesScored, paused: null };
  });
  return run();
}

/** The current publication's share cards by key (render.ts cardKey): the next recalc takes over what did not change. */
export function storedCards(db: ServingDb): Map<string, Buffer> {
  const rows = db.prepare(`SELECT card_key, png FROM share_cards`).all() as Array<{ card_key: string; png: Buffer }>;
  return new Map(rows.map((r) => [r.card_key, r.png]));
}

/**
 * After an update that changed nothing (so no recalc, no new publication): carries each table's last check
 * (when, how it went) into the published source_status rows, so the operator panel shows that the data was
 * checked. Only the check columns of rows already published are touched; the data columns stay those of the
 * current publication.
 */
export function publishSourceChecks(db: ServingDb, sources: readonly TableStatusRow[]): number {
  const update = db.prepare(
    `UPDATE source_status SET last_checked_at = ?, last_status = ?, last_reason = ? WHERE source_table = ? AND data_type = ?`,
  );
  const run = db.transaction((): number => {
    let changed = 0;
    for (const t of sources) {
      if (t.lastCheckedAt === null) continue;
      changed += update.run(t.lastCheckedAt, t.lastStatus, t.lastReason, t.table, t.dataType).changes;
    }
    return changed;
  });
  return run.immediate();
}
