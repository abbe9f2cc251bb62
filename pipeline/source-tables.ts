// The names of every source table the model reads (docs/model.md §1), as one type: the pages that describe the
// sources (web/app/components/methodology/tables.ts) name them without importing the parsers that define them.
import type { LMB_TABLE } from "./sources/barometer/parse.ts";
import type { ECFIN_EEI_TABLE } from "./sources/ecfin/parse.ts";
import type { EurostatTable } from "./sources/eurostat/tables.ts";

/** Every table a source file can be stored as: the Eurostat tables, DG ECFIN's EEI file, the barometer. */
export type SourceTable = EurostatTable | typeof ECFIN_EEI_TABLE | typeof LMB_TABLE;
