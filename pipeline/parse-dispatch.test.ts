// The one parser dispatch (parse-dispatch.ts parseSourceFile) on every bundled real file, JSON-stat and CSV alike, with
// the type the manifest ingests it as.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSourceFile } from "./parse-dispatch.ts";
import { BUNDLED_FIXTURES_DIR, readManifest } from "./seed.ts";
import { isDataType } from "./types.ts";

describe("every real file of the manifest parses with its type", () => {
  it.each(readManifest().map((f) => [f.file, f.type, f.table] as const))(
    "%s as %s (table %s)",
    async (file, type, table) => {
      if (!isDataType(type)) throw new Error(`manifest type ${type}`);
      const full = path.join(BUNDLED_FIXTURES_DIR, file);
      const parsed = await parseSourceFile(type, readFileSync(full), path.basename(file), full);
      expect(parsed.dataType).toBe(type);
      expect(parsed.table).toBe(table);
      expect(parsed.observations.length).toBeGreaterThan(0);
      expect(parsed.observations.length).toBe(parsed.processed - parsed.skippedMissing);
      expect(
        parsed.observations.every((o) => Number.isFinite(o.value) && /^\d{4}-(\d{2}|Q[1-4])$/.test(o.period)),
      ).toBe(true);
      expect(parsed.notes.length).toBeGreaterThanOrEqual(2);
    },
  );
});
