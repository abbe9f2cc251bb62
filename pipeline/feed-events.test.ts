import { describe, expect, it } from "vitest";
import {
  FEED_MIN_MOVE_TENTHS,
  changeSentence,
  dayName,
  feedEvents,
  sinceUpdate,
  type PublicationSide,
} from "./feed-events.ts";
import { CURRENT_MODEL, CURRENT_MODEL_ID, modelFunctions } from "./model/index.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./model/test-helpers.ts";
import type { Snapshot, Status } from "./model/types.ts";

const { computeCountry } = modelFunctions(CURRENT_MODEL_ID);

/** A real snapshot of the current model of a country whose newest unemployment is `last`. */
function real(country: string, last: number, asOf = "2026-11-22"): Snapshot {
  const input = makeInput({
    country,
    unemploymentMonthly: monthlyEndingAt("2026-10", [6.5, 6.4, 6.4, 6.3, 6.3, 6.2, 6.2, 6.1, 6.0, 6.0, 5.9, 6.1, last]),
    vacancy: quarterlyEndingAt("2026-Q2", [2.0, 2.2, 2.1, 2.3, 2.4]),
    expectations: monthlyEndingAt("2026-09", [99, 100, 101, 102, 103, 102, 101, 100, 99, 100, 101, 102, 104]),
  });
  return computeCountry(input, asOf).snapshot;
}

/** A plain snapshot of model v2 (never explained: the events then say the scores in words). */
function plain(country: string, score: number | null, status: Status | null, asOf = "2026-11-22"): Snapshot {
  return { ...real(country, 5.9, asOf), model: "v2", score, status } as Snapshot;
}

const side = (id: number, snapshots: Snapshot[], publishedAt = "2026-11-20T06:00:00.000Z"): PublicationSide => ({
  id,
  publishedAt,
  snapshots: new Map(snapshots.map((s) => [s.country, s])),
});
const next = (id: number, snapshots: Snapshot[]) => ({ id, publishedAt: "2026-11-22T06:00:00.000Z", snapshots });

describe("feedEvents", () => {
  it("nothing when nothing moved: same snapshots, or a move below 0.5 as shown without a new status", () => {
    const a = real("DE", 5.9);
    expect(feedEvents(side(1, [a]), next(2, [real("DE", 5.9)]))).toEqual([]);
    // 6.0 → 6.449 shows as 6.0 → 6.4: a move of 0.4, cloudy both times.
    expect(feedEvents(side(1, [plain("AT", 6.0, "cloudy")]), next(2, [plain("AT", 6.449, "cloudy")]))).toEqual([]);
    expect(FEED_MIN_MOVE_TENTHS).toBe(5);
  });

  it("a move of 0.5 or more as shown, up or down, is an event (v2 snapshots: the scores in words)", () => {
    const events = feedEvents(
      side(1, [plain("AT", 6.0, "cloudy"), plain("BE", 5.0, "cloudy")]),
      next(2, [plain("AT", 6.45, "cloudy"), plain("BE", 4.5, "cloudy")]),
    );
    expect(events.map((e) => [e.country, e.from_score, e.to_score])).toEqual([
      ["AT", 6.0, 6.45],
      ["BE", 5.0, 4.5],
    ]);
    // Not made by the current model: not compared input by input; the words say the two scores.
    expect(events[0]!.text).toBe(
      "Now 6.5 out of 10, cloudy (was 6.0 out of 10, cloudy); data to October 2026, published 22 November 2026.",
    );
    expect(events[0]!.explanation).toBeNull();
  });

  it("a new status is an event however small the move, and so is a score coming or going", () => {
    const events = feedEvents(
      side(1, [plain("AT", 6.94, "cloudy"), plain("BE", null, null), plain("CH", 6.2, "cloudy")]),
      next(2, [plain("AT", 6.96, "bright"), plain("BE", 6.2, "cloudy"), plain("CH", null, null)]),
    );
    expect(events.map((e) => [e.country, e.from_status, e.to_status])).toEqual([
      ["AT", "cloudy", "bright"],
      ["BE", null, "cloudy"],
      ["CH", "cloudy", null],
    ]);
    // One sentence each, ending with the two dates the pages name.
    expect(events[1]!.text).toMatch(
      /^Now 6\.2 out of 10, cloudy, after no score in the update published 20 November 2026; data to \w+ \d{4}, published 22 November 2026\.$/,
    );
    expect(events[2]!.text).toMatch(
      /^No score: (its data are too old to score|no data to score) \(was 6\.2 out of 10, cloudy\); (data to \w+ \d{4}, )?published 22 November 2026\.$/,
    );
  });

  it("explains a real change with the model's sentence and keeps both publications' ids and times", () => {
    const from = real("DE", 5.9);
    const to = real("DE", 3.0);
    const [e, ...rest] = feedEvents(side(7, [from, real("AT", 5.9)]), next(8, [to, real("AT", 5.9)]));
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      publication_id: 8,
      country: "DE",
      published_at: "2026-11-22T06:00:00.000Z",
      previous_publication_id: 7,
      previous_published_at: "2026-11-20T06:00:00.000Z",
      from_as_of: "2026-11-22",
      to_as_of: "2026-11-22",
      from_score: from.score,
      to_score: to.score,
    });
    const explanation = CURRENT_MODEL.explain(from, to)!;
    expect(e!.explanation).toEqual(explanation);
    // One sentence: the change since the previous update (named by its date), its largest part, the two dates.
    expect(e!.text).toBe(
      `${changeSentence(explanation, sinceUpdate("2026-11-20T06:00:00.000Z"))}; data to ${to.anchor_month === "2026-10" ? "October" : "?"} 2026, published 22 November 2026.`,
    );
    expect(e!.text).toMatch(
      /^Up \d\.\d since the update published 20 November 2026, from cloudy to \w+: unemployment fell 2\.9 points: fewer people out of work, so the score rises \(\+\d\.\d\)/,
    );
  });

  it("names the previous publication's month when it was another month, and the model when it changed", () => {
    const from = real("DE", 5.9, "2026-10-20");
    const to = real("DE", 3.0, "2026-11-22");
    const [e] = feedEvents(side(1, [from]), next(2, [to]));
    expect(
      e!.text.startsWith(changeSentence(CURRENT_MODEL.explain(from, to)!, sinceUpdate("2026-11-20T06:00:00.000Z"))),
    ).toBe(true);
    const [m] = feedEvents(side(1, [{ ...from, model: "v2" }]), next(2, [to]));
    expect(m!.explanation).toBeNull();
    expect(m!.text).toMatch(
      new RegExp(
        `^Scored by model ${CURRENT_MODEL_ID.replace(".", "\\.")}, was v2: \\d\\.\\d out of 10, \\w+ \\(was \\d\\.\\d out of 10, \\w+\\); data to \\w+ 2026, published 22 November 2026\\.$`,
      ),
    );
  });

  it("a country the previous publication did not have gives no event", () => {
    expect(feedEvents(side(1, []), next(2, [real("DE", 3.0)]))).toEqual([]);
  });

  it("dayName", () => {
    expect(dayName("2026-11-02")).toBe("2 November 2026");
    expect(dayName("2026-11-22T06:00:00Z")).toBe("22 November 2026");
  });
});
