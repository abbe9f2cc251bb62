// The one module of the CSV reader that loads DuckDB (pipeline/sources/csv/csv-file.ts imports it when it reads a
// file): the workbook parser's process shares csv-file.ts's cell helpers and never loads DuckDB
// (docs/decisions/004-compiled-cli.md).
import { DuckDBInstance } from "@duckdb/node-api";

/** A new in-memory DuckDB instance. */
export function createMemoryInstance(): Promise<DuckDBInstance> {
  return DuckDBInstance.create(":memory:");
}
