// A NACE sector's name in the page's language (`sectors.name.nace_r2.J`), for the pages that name sectors: the
// country pages' "Where the openings are" (components/sector-context.tsx) and /sectors.
import type { IntlShape } from "react-intl";
import type { SectorRate } from "../../../product/sectors.ts";

/** A sector's name in the page's language; a code the catalogues do not know: `NACE J`. */
export function sectorName(intl: IntlShape, s: Pick<SectorRate, "revision" | "code">): string {
  const id = `sectors.name.${s.revision}.${s.code}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : `NACE ${s.code}`;
}
