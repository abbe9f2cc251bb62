// What every score model offers, so that released models sit side by side (docs/model.md §10). Every model
// is the one kernel (kernel.ts) applied to its parameter table (tables.ts); see kernel.ts modelOf.
import type { SubScoresLike } from "./explain.ts";
import type { Family, ModelParams } from "./tables.ts";
import type { CountryResult, Explanation, ModelInput, MonthChange, RatingLabel, Status, SubScoreKey } from "./types.ts";

export interface ScoreModel<R extends CountryResult = CountryResult> {
  /** Model id written into every snapshot (`v2.1`). */
  readonly id: string;
  /** Project version that introduced the model. */
  readonly introducedIn: string;
  /** Every parameter of the model, frozen: its released table. */
  readonly params: ModelParams;
  /** Snapshot and monthly history of one country as of `asOf` (`YYYY-MM-DD`). Pure and deterministic. */
  computeCountry(input: ModelInput, asOf: string, params?: ModelParams): R;
  /** The score as shown (one decimal, half away from zero) and as text (`7.0`). */
  shownScore(score: number): number;
  formatScore(score: number): string;
  /** Status and label as the model rates a score (from the score as shown from v2.1 on). Rankings sort by the unrounded score. */
  statusOf(score: number): Status;
  labelOf(score: number): RatingLabel;
  /** The freshness family of a sub-score. */
  familyOf(key: SubScoreKey): Family;
  /** Why the score changed between two snapshots (e.g. two publications), from their sub-scores alone. */
  explain(
    from: { as_of: string; sub_scores: SubScoresLike },
    to: { as_of: string; sub_scores: SubScoresLike },
  ): Explanation | null;
  /** The attribution of every month of a country's history (month vs month − 1 and month − 12). */
  explainHistory(input: ModelInput, asOf: string): MonthChange[];
}
