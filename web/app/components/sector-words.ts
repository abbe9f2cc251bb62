// The words of a sector figure that every page showing one says alike (docs/product.md "Where the openings are",
// `/sectors`, compare): how much older it is than the country's headline rate (its name: web/app/lib/sector-name.ts).
// Kept apart from the country page's section (sector-context.tsx) so a page that says them receives only their
// messages (web/app/i18n/page-messages.ts).
import type { useIntl } from "react-intl";
import type { SectorView } from "../../../product/sectors.ts";
import type { Formatters } from "../i18n/format.ts";

type Intl = ReturnType<typeof useIntl>;

/**
 * "3 quarters older than the rate for all sectors above (Q2 2026): Eurostat publishes sectors later." — said beside
 * a sector figure older than the country's headline vacancy rate (`above`: on the country page, where that rate is
 * shown above; `other`: in a table, with sectors.olderWhy said once under it); null when it is not older.
 */
export function olderText(
  intl: Intl,
  f: Formatters,
  s: Pick<SectorView, "behind" | "headline">,
  where: "above" | "other",
): string | null {
  if (s.behind === null || s.behind <= 0 || s.headline === null) return null;
  return intl.formatMessage({ id: "sectors.older" }, { quarters: s.behind, quarter: f.period(s.headline), where });
}
