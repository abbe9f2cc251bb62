// Prints the "Why it changed" lines the bundled real fixtures give (as of 2026-11-22) for a few countries, to read
// the wording on real data (docs/model.md §9): `npx tsx scripts/why-sentences.ts [RO CY …]`.
import path from "node:path";
import { readManifest } from "../pipeline/seed.ts";
import { publishedSnapshots } from "../pipeline/moved.ts";
import { openServingDb } from "../pipeline/serving-db.ts";
import { SQLITE_FILE } from "../pipeline/index.ts";
import { changeViews } from "../product/change-view.ts";
import { fixture, jwi, tempDataDir } from "../tests/helpers/cli.ts";

const codes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["RO", "CY", "NL", "DE", "BG", "LI"];
const tmp = tempDataDir("jwi-why-");
try {
  for (const f of readManifest()) {
    const r = await jwi(tmp.dir, "ingest", fixture("real", f.file), "--type", f.type, "--json");
    if (r.code !== 0) throw new Error(`${f.file}: ${r.stderr}`);
  }
  const out = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json");
  if (out.code !== 0) throw new Error(out.stderr);
  const db = openServingDb(path.join(tmp.dir, SQLITE_FILE));
  const snapshots = publishedSnapshots(db);
  for (const code of codes) {
    const v = changeViews(snapshots.get(code) ?? null);
    console.log(`\n${code}`);
    for (const which of ["previous_month", "year_before"] as const) {
      const c = v?.[which];
      console.log(`  ${which}: ${c ? c.text : "(none)"}`);
      for (const p of c?.parts ?? [])
        console.log(
          `    - ${p.words} (${p.shown_text}) [${p.detail}] ${p.inputs.map((i) => i.key + ":" + i.kind).join(",")}`,
        );
    }
  }
  db.close();
} finally {
  tmp.cleanup();
}
