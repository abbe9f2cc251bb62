// A source table's name in the page's language: the catalogues' one list of names (`sources.table.<table>`), which
// the methodology, the country pages' "Check it at the source" and the data sources name tables by.
import type { IntlShape } from "react-intl";

/** A table's name in the page's language (`sources.table.<table>`); a table the catalogues do not know: its code. */
export function tableName(intl: IntlShape, table: string): string {
  const id = `sources.table.${table}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : table;
}
