// Share cards across publications, through the pipeline as the CLI and the server's job child open it (real
// DuckDB and SQLite files, the real renderer): an unchanged card is taken over rather than drawn again, a changed
// one is drawn; a recalc whose drawing fails still publishes, keeps the cards the site had, logs the failure and
// says so in the data status (docs/decisions/008-share-cards.md).
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPipeline, type PipelineOptions } from "../pipeline/index.ts";
import { renderShareCards } from "../product/share-cards/render.ts";
import { shareCardsText } from "../product/share-cards/status.ts";
import { AS_OF, seedDataDir } from "./api/helpers.ts";
import { jwi, tempDataDir } from "./helpers/cli.ts";
import { pngSize } from "./helpers/png.ts";
import { revisedUnemploymentCube } from "./helpers/revised-unemployment.ts";

const tmp = tempDataDir("jwi-cards-");
beforeAll(async () => {
  await seedDataDir(tmp.dir, [], { cards: true });
}, 120_000);
afterAll(() => tmp.cleanup());

async function withPipeline<T>(opts: Omit<PipelineOptions, "dataDir">, work: (p: ReturnType<typeof openPipeline>) => Promise<T>): Promise<T> {
  const pipeline = openPipeline({ dataDir: tmp.dir, ...opts });
  try {
    return await work(pipeline);
  } finally {
    pipeline.close();
  }
}

const MARK = Buffer.from("taken over, not drawn");
const NEXT_DAY = new Date(Date.parse(AS_OF) + 86_400_000).toISOString().slice(0, 10);

describe("share cards across publications", () => {
  it("takes over every unchanged card and draws only the changed ones", async () => {
    await withPipeline({}, async (p) => {
      const db = p.servingDb;
      const total = (db.prepare("SELECT count(*) AS n FROM share_cards").get() as { n: number }).n;
      expect(total).toBeGreaterThan(30);
      // Stand-in bytes under the stored keys: a card that is drawn again loses them, one taken over keeps them.
      db.prepare("UPDATE share_cards SET png = ?").run(MARK);
      const png = (country: string, variant = "published") =>
        db.prepare("SELECT png FROM share_cards WHERE country = ? AND variant = ?").pluck().get(country, variant) as Buffer;

      // Nothing changed: nothing is published, nothing is drawn.
      const same = await withPipeline({ cards: async () => renderShareCards }, (q) => q.recalc({ asOf: AS_OF }));
      expect(same.unchanged).toBe(true);
      expect(same.cards).toBeNull();
      expect(png("DE").equals(MARK)).toBe(true);

      // A new as-of date publishes again: every unchanged card is taken over.
      const again = await withPipeline({ cards: async () => renderShareCards }, (q) => q.recalc({ asOf: NEXT_DAY }));
      expect(again.unchanged).toBeUndefined();
      expect(again.cards).toMatchObject({ drawn: 0, reused: total, error: null });
      expect(png("DE").equals(MARK)).toBe(true);

      // Germany's unemployment is revised: its published card is drawn again, France's is not.
      const changed = await withPipeline({ cards: async () => renderShareCards }, async (q) => {
        const r = await q.ingest({ fileName: "une_rt_m.json", content: Buffer.from(revisedUnemploymentCube(2)), dataType: "unemployment" });
        expect(r.success).toBe(true);
        return q.recalc({ asOf: AS_OF });
      });
      expect(changed.cards!.error).toBeNull();
      expect(changed.cards!.drawn).toBeGreaterThanOrEqual(1);
      expect(changed.cards!.drawn + changed.cards!.reused).toBe(total);
      expect(changed.cards!.drawn).toBeLessThan(total / 4);
      expect(pngSize(png("DE"))).toEqual({ width: 1200, height: 630 });
      expect(png("DE", "stale").equals(MARK)).toBe(true); // no number on it: the same picture
      expect(png("FR").equals(MARK)).toBe(true);
      expect(p.status().published.cards).toEqual({ stored: total, older: 0, drawn: changed.cards!.drawn, reused: changed.cards!.reused, error: null });
    });
  });

  it("publishes when drawing fails, keeps the cards the site has, logs why and shows it in the data status", async () => {
    let logged = "";
    const logger = pino({ level: "warn" }, new Writable({ write: (chunk, _enc, done) => void ((logged += chunk), done()) }));
    await withPipeline({}, async (p) => {
      const before = p.servingDb.prepare("SELECT country, variant, png FROM share_cards ORDER BY country, variant").all();
      const summary = await withPipeline(
        { logger, cards: async () => Promise.reject(new Error("cannot read the card font")) },
        (q) => q.recalc({ asOf: NEXT_DAY }), // a new as-of date: the data as such is unchanged
      );
      expect(summary.unchanged).toBeUndefined();
      expect(summary.publication_id).not.toBeNull();
      expect(summary.cards).toMatchObject({ drawn: 0, reused: 0, error: "cannot read the card font" });
      expect(p.servingDb.prepare("SELECT country, variant, png FROM share_cards ORDER BY country, variant").all()).toEqual(before);

      const line = JSON.parse(logged.trim().split("\n").at(-1)!) as { level: number; msg: string; err: { message: string } };
      expect(line).toMatchObject({ level: 50, msg: "share cards not drawn: the publication keeps the previous cards", err: { message: "cannot read the card font" } });

      const cards = p.status().published.cards!;
      expect(cards).toEqual({ stored: before.length, older: before.length, drawn: 0, reused: 0, error: "cannot read the card font" });
      const text = `Share cards: ${before.length} served; drawing failed: cannot read the card font; ${before.length} cards from an earlier publication`;
      expect(shareCardsText(cards)).toBe(text);
      expect((await jwi(tmp.dir, "status")).stdout).toContain(`\n${text}\n`);

      // The next recalc that can draw brings them up to date again, even on unchanged data: a publication whose
      // drawing failed is not "unchanged".
      const next = await withPipeline({ cards: async () => renderShareCards }, (q) => q.recalc({ asOf: NEXT_DAY }));
      expect(next.unchanged).toBeUndefined();
      expect(next.cards!.error).toBeNull();
      expect(p.status().published.cards).toMatchObject({ stored: before.length, older: 0, error: null });
      expect((await jwi(tmp.dir, "status")).stdout).toMatch(/\nShare cards: \d+ served \(\d+ drawn, \d+ unchanged\)\n/);
    });
  });

  it("a publication without cards (made by an older version's server job) is made again on unchanged data, with its cards", async () => {
    await withPipeline({}, async (p) => {
      p.servingDb.prepare("DELETE FROM share_cards").run();
      const summary = await withPipeline({ cards: async () => renderShareCards }, (q) => q.recalc({ asOf: AS_OF }));
      expect(summary.unchanged).toBeUndefined();
      expect(summary.cards!.error).toBeNull();
      expect(summary.cards!.drawn).toBeGreaterThan(30);
      const de = p.servingDb.prepare("SELECT png FROM share_cards WHERE country = 'DE' AND variant = 'published'").pluck().get() as Buffer;
      expect(pngSize(de)).toEqual({ width: 1200, height: 630 });
      // Now complete, the same data publishes nothing more.
      const same = await withPipeline({ cards: async () => renderShareCards }, (q) => q.recalc({ asOf: AS_OF }));
      expect(same.unchanged).toBe(true);
    });
  });
});
