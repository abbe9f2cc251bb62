// docs/model.md §11 on the bundled real data: with the index's weights a visitor's personal score is the published
// score to the last digit, for every country and several as-of dates (each a real recalc into a real serving
// SQLite file, read back as the site reads it).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublishedStore } from "../api/db/published.ts";
import { personalRanking, personalScore } from "../pipeline/model/personal.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import { bundledStore } from "./helpers/bundled-store.ts";
import { openServingDb } from "../pipeline/serving-db.ts";
import { INDEX_STEPS, PERSONAL_MODEL, weightVector } from "../product/weights.ts";
import { jwi, tempDataDir } from "./helpers/cli.ts";

const AS_OF = ["2024-03-15", "2025-01-31", "2025-08-01", "2026-02-28", "2026-11-22", "2027-06-30"];

describe("personal score with the index's weights on the real fixtures", () => {
  const tmp = tempDataDir();
  const published = new Map<string, Map<string, Snapshot>>();

  beforeAll(async () => {
    await bundledStore(tmp.dir); // every bundled file, nothing published (docs/testing.md)
    for (const asOf of AS_OF) {
      const out = await jwi(tmp.dir, "recalc", "--as-of", asOf, "--json");
      expect(out.code, out.stderr).toBe(0);
      const db = openServingDb(path.join(tmp.dir, "jwi.sqlite"));
      try {
        published.set(asOf, new PublishedStore(db).snapshots());
      } finally {
        db.close();
      }
    }
  });
  afterAll(() => tmp.cleanup());

  it("equals the published score bit for bit, and has none exactly where the index has none", () => {
    const a = weightVector(INDEX_STEPS);
    let compared = 0;
    for (const asOf of AS_OF) {
      const snapshots = published.get(asOf)!;
      expect(snapshots.size).toBe(31);
      for (const [code, s] of snapshots) {
        const mine = personalScore(s.sub_scores, a, PERSONAL_MODEL);
        if (s.score === null) expect(mine, `${asOf} ${code}`).toBeNull();
        else {
          expect(mine?.score, `${asOf} ${code}`).toBe(s.score);
          expect(mine?.status, `${asOf} ${code}`).toBe(s.status);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("ranks as the published scores do with the index's weights; weighing nothing present leaves a country out", () => {
    const snapshots = [...published.get("2026-11-22")!.values()];
    const rows = personalRanking(
      snapshots.map((s) => ({ code: s.country, s })),
      (x) => x.s.sub_scores,
      weightVector(INDEX_STEPS),
      PERSONAL_MODEL,
    );
    const expected = snapshots
      .filter((s) => s.score !== null)
      .sort((x, y) => y.score! - x.score! || x.country.localeCompare(y.country));
    expect(rows.filter((r) => r.personal).map((r) => r.item.code)).toEqual(expected.map((s) => s.country));
    // Only sentiment weighed: a country without a barometer or EEI (S missing) has no personal score.
    const onlyS = personalRanking(
      snapshots.map((s) => ({ code: s.country, s })),
      (x) => x.s.sub_scores,
      weightVector({ U: 0, M: 0, V: 0, C: 0, S: 3 }),
      PERSONAL_MODEL,
    );
    for (const r of onlyS) expect(r.personal === null, r.item.code).toBe(r.item.s.sub_scores.S === null);
  });
});
