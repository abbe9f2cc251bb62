// Share cards across publications, through the pipeline as the CLI and the server's job child open it (real
// DuckDB and SQLite files, the real keyer): the recalc keys every card and draws none; an unchanged card keeps its
// key, so the picture the server drew for it stays; a changed one gets a new key (drawn at its first request) and
// its old picture is deleted; a recalc whose keying fails still publishes, keeps the cards the site had, logs the
// failure and says so in the data status (docs/decisions/008-share-cards.md).
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPipeline, type PipelineOptions } from "../pipeline/index.ts";
import { keyShareCards } from "../product/share-cards/key.ts";
import { shareCardsText } from "../product/share-cards/status.ts";
import { AS_OF, seedDataDir } from "./api/helpers.ts";
import { jwi, tempDataDir } from "./helpers/cli.ts";
import { revisedUnemploymentCube } from "./helpers/revised-unemployment.ts";

const tmp = tempDataDir("jwi-cards-");
beforeAll(async () => {
  await seedDataDir(tmp.dir, [], { cards: true });
}, 120_000);
afterAll(() => tmp.cleanup());

async function withPipeline<T>(
  opts: Omit<PipelineOptions, "dataDir">,
  work: (p: ReturnType<typeof openPipeline>) => Promise<T>,
): Promise<T> {
  const pipeline = openPipeline({ dataDir: tmp.dir, ...opts });
  try {
    return await work(pipeline);
  } finally {
    pipeline.close();
  }
}

const NEXT_DAY = new Date(Date.parse(AS_OF) + 86_400_000).toISOString().slice(0, 10);

/** The stored rows of the cards the site serves, by country and variant. */
const cardRows = (db: ReturnType<typeof openPipeline>["servingDb"]) =>
  db
    .prepare("SELECT country, variant, publication_id, card_key FROM share_cards ORDER BY country, variant")
    .all() as Array<{
    country: string;
    variant: string;
    publication_id: number;
    card_key: string;
  }>;

describe("share cards across publications", () => {
  it("keys every card and draws none; an unchanged card keeps its key and its picture, a changed one gets a new key", async () => {
    await withPipeline({}, async (p) => {
      const db = p.servingDb;
      const total = cardRows(db).length;
      expect(total).toBeGreaterThan(30);
      // Nothing drawn at publish time: the server draws each at its first request.
      expect(db.prepare("SELECT count(*) FROM share_card_images").pluck().get()).toBe(0);
      expect(p.status().published.cards).toEqual({
        stored: total,
        older: 0,
        drawn: 0,
        to_draw: total,
        keyed: total,
        error: null,
      });
      // The server has drawn them all (stand-in bytes under each key, as api/share-card-images.ts stores them).
      const store = db.prepare(
        "INSERT INTO share_card_images (card_key, png, drawn_at) VALUES (?, ?, '2026-11-22T12:00:00Z')",
      );
      for (const key of new Set(cardRows(db).map((r) => r.card_key))) store.run(key, Buffer.from(`drawn ${key}`));
      const key = (country: string, variant = "published") =>
        cardRows(db).find((r) => r.country === country && r.variant === variant)!.card_key;
      const picture = (k: string) =>
        db.prepare("SELECT png FROM share_card_images WHERE card_key = ?").pluck().get(k) as Buffer | undefined;

      // Nothing changed: nothing is published, nothing keyed.
      const same = await withPipeline({ cards: async () => keyShareCards }, (q) => q.recalc({ asOf: AS_OF }));
      expect(same.unchanged).toBe(true);
      expect(same.cards).toBeNull();

      // A new as-of date publishes again: every card keeps its key, so every picture is already drawn.
      const before = cardRows(db);
      const again = await withPipeline({ cards: async () => keyShareCards }, (q) => q.recalc({ asOf: NEXT_DAY }));
      expect(again.unchanged).toBeUndefined();
      expect(again.cards).toMatchObject({ keyed: total, drawn: total, to_draw: 0, error: null });
      expect(cardRows(db).map((r) => r.card_key)).toEqual(before.map((r) => r.card_key));
      expect(cardRows(db).every((r) => r.publication_id === again.publication_id)).toBe(true);
      expect(picture(key("DE"))!.toString()).toBe(`drawn ${key("DE")}`);

      // Germany's unemployment is revised: its published card gets a new key (to draw), France's does not.
      const de = { published: key("DE"), stale: key("DE", "stale") };
      const fr = key("FR");
      const changed = await withPipeline({ cards: async () => keyShareCards }, async (q) => {
        const r = await q.ingest({
          fileName: "une_rt_m.json",
          content: Buffer.from(revisedUnemploymentCube(2)),
          dataType: "unemployment",
        });
        expect(r.success).toBe(true);
        return q.recalc({ asOf: AS_OF });
      });
      expect(changed.cards!.error).toBeNull();
      expect(changed.cards!.keyed).toBe(total);
      expect(changed.cards!.to_draw).toBeGreaterThanOrEqual(1);
      expect(changed.cards!.to_draw).toBeLessThan(total / 4);
      expect(changed.cards!.drawn + changed.cards!.to_draw).toBe(total);
      expect(key("DE")).not.toBe(de.published);
      expect(picture(key("DE"))).toBeUndefined(); // to draw at its first request
      expect(picture(de.published)).toBeUndefined(); // no publication names it: deleted
      expect(key("DE", "stale")).toBe(de.stale); // no number on it: the same picture
      expect(picture(de.stale)!.toString()).toBe(`drawn ${de.stale}`);
      expect(key("FR")).toBe(fr);
      expect(picture(fr)!.toString()).toBe(`drawn ${fr}`);
      expect(p.status().published.cards).toEqual({
        stored: total,
        older: 0,
        drawn: changed.cards!.drawn,
        to_draw: changed.cards!.to_draw,
        keyed: total,
        error: null,
      });
      expect((await jwi(tmp.dir, "status")).stdout).toContain(
        `\nShare cards: ${total} served (${changed.cards!.drawn} drawn, ${changed.cards!.to_draw} to draw on first request)\n`,
      );
    });
  });

  it("publishes when keying fails, keeps the cards the site has, logs why and shows it in the data status", async () => {
    let logged = "";
    const logger = pino(
      { level: "warn" },
      new Writable({ write: (chunk, _enc, done) => void ((logged += chunk), done()) }),
    );
    await withPipeline({}, async (p) => {
      const before = cardRows(p.servingDb);
      const drawn = p.status().published.cards!.drawn;
      const summary = await withPipeline(
        { logger, cards: async () => Promise.reject(new Error("cannot read the card font")) },
        (q) => q.recalc({ asOf: NEXT_DAY }), // a new as-of date: the data as such is unchanged
      );
      expect(summary.unchanged).toBeUndefined();
      expect(summary.publication_id).not.toBeNull();
      expect(summary.cards).toMatchObject({ keyed: 0, drawn: 0, to_draw: 0, error: "cannot read the card font" });
      expect(cardRows(p.servingDb)).toEqual(before);

      const line = JSON.parse(logged.trim().split("\n").at(-1)!) as {
        level: number;
        msg: string;
        err: { message: string };
      };
      expect(line).toMatchObject({
        level: 50,
        msg: "share cards not keyed: the publication keeps the previous cards",
        err: { message: "cannot read the card font" },
      });

      const cards = p.status().published.cards!;
      expect(cards).toEqual({
        stored: before.length,
        older: before.length,
        drawn,
        to_draw: before.length - drawn,
        keyed: null,
        error: "cannot read the card font",
      });
      const text =
        `Share cards: ${before.length} served (${drawn} drawn, ${before.length - drawn} to draw on first request); ` +
        `keying failed: cannot read the card font; ${before.length} cards from an earlier publication`;
      expect(shareCardsText(cards)).toBe(text);
      expect((await jwi(tmp.dir, "status")).stdout).toContain(`\n${text}\n`);

      // The next recalc that can key them brings them up to date again, even on unchanged data: a publication
      // whose keying failed is not "unchanged".
      const next = await withPipeline({ cards: async () => keyShareCards }, (q) => q.recalc({ asOf: NEXT_DAY }));
      expect(next.unchanged).toBeUndefined();
      expect(next.cards!.error).toBeNull();
      expect(p.status().published.cards).toMatchObject({ stored: before.length, older: 0, error: null });
      expect((await jwi(tmp.dir, "status")).stdout).toMatch(
        /\nShare cards: \d+ served \(\d+ drawn, \d+ to draw on first request\)\n/,
      );
    });
  });

  it("a publication without cards (made by an older version's server job) is made again on unchanged data, with its cards", async () => {
    await withPipeline({}, async (p) => {
      p.servingDb.prepare("DELETE FROM share_cards").run();
      const summary = await withPipeline({ cards: async () => keyShareCards }, (q) => q.recalc({ asOf: AS_OF }));
      expect(summary.unchanged).toBeUndefined();
      expect(summary.cards!.error).toBeNull();
      expect(summary.cards!.keyed).toBeGreaterThan(30);
      expect(cardRows(p.servingDb).find((r) => r.country === "DE" && r.variant === "published")!.publication_id).toBe(
        summary.publication_id,
      );
      // Now complete, the same data publishes nothing more.
      const same = await withPipeline({ cards: async () => keyShareCards }, (q) => q.recalc({ asOf: AS_OF }));
      expect(same.unchanged).toBe(true);
    });
  });

  it("jwi recalc says how many cards it keyed and how many are left to draw", async () => {
    const out = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-25");
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/\nShare cards: \d+ keyed, \d+ already drawn, \d+ to draw on first request\.\n/);
    const json = JSON.parse((await jwi(tmp.dir, "recalc", "--as-of", "2026-11-26", "--json")).stdout) as {
      cards: Record<string, unknown>;
    };
    expect(json.cards).toEqual({
      keyed: expect.any(Number),
      drawn: expect.any(Number),
      to_draw: expect.any(Number),
      error: null,
    });
  });
});
