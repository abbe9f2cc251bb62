// "Counting in today's scores, of 31 countries: unemployment in 30, …, sentiment in none." — what the index rests on
// today, said where the page explains the index (home, methodology), so no page promises an input no country has
// (product/evidence.ts `inputCounts`, docs/product.md §9 "Evidence").
import { FormattedMessage } from "react-intl";
import type { InputCounts } from "../../../product/evidence.ts";

export function CountingToday({ counts, className = "" }: { counts: InputCounts; className?: string }) {
  return (
    <p className={className} data-testid="counting-today">
      <FormattedMessage
        id="common.counting"
        values={{
          total: counts.total,
          u: counts.U,
          m: counts.M,
          v: counts.V,
          c: counts.C,
          s: counts.S,
          eei: counts.eei,
          lmb: counts.lmb,
        }}
      />
    </p>
  );
}
