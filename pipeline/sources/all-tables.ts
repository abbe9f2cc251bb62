// Every table the store may hold a series of, with its pins: Eurostat's tables and DG ECFIN's `ecfin_eei`.
// The barometer (`lmb`) has no pins: its one series is `""`.
import { ECFIN_EEI } from "./ecfin/parse.ts";
import { tableConfig, type TableConfig } from "./eurostat/tables.ts";

export function anyTableConfig(table: string): TableConfig | undefined {
  return table === ECFIN_EEI.table ? ECFIN_EEI : tableConfig(table);
}
