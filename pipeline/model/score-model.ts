// What every score model version offers, so that v2 and a later v3 can sit side by side
// (docs/model.md, introduction; docs/model.md: versioned model files, never edited once released).
import type { CountryResult, ModelInput } from "./types.ts";

export interface ScoreModel<P = unknown> {
  /** Model id written into every snapshot (`v2`). */
  readonly id: string;
  /** Project version that introduced the model. */
  readonly introducedIn: string;
  /** Every parameter of the model, frozen. */
  readonly params: P;
  /** Snapshot and monthly history of one country as of `asOf` (`YYYY-MM-DD`). Pure and deterministic. */
  computeCountry(input: ModelInput, asOf: string, params?: P): CountryResult;
}
