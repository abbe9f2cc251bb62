// Eurostat time labels → the product's periods (`YYYY-MM`, `YYYY-Qn`).

import type { Period } from "../../types.ts";

export type Frequency = "M" | "Q";

export interface NormalisedPeriod {
  period: Period;
  freq: Frequency;
}

const MONTH = /^(\d{4})(?:-|M)(\d{2})$/;
const QUARTER = /^(\d{4})-?Q([1-4])$/;

/**
 * `2024-06` and the pre-2023 `2024M06` → `2024-06`; `2024-Q2` and `2024Q2` → `2024-Q2`.
 * Anything else (annual `2024`, semesters, weeks, `2024-13`, …) → null.
 */
export function normalisePeriod(label: string): NormalisedPeriod | null {
  const month = MONTH.exec(label);
  if (month) {
    const m = Number(month[2]);
    return m >= 1 && m <= 12 ? { period: `${month[1]}-${month[2]}`, freq: "M" } : null;
  }
  const quarter = QUARTER.exec(label);
  if (quarter) return { period: `${quarter[1]}-Q${quarter[2]}`, freq: "Q" };
  return null;
}
