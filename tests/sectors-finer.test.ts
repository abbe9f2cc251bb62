// "Where a finer aggregate exists in a loaded file, it is used" (docs/model.md §12, docs/product.md): the bundled files
// publish health and social work only inside O-Q (fixtures/real/SOURCES.md), so this test loads a jvs_q_nace2 file
// (Eurostat's per-dimension CSV layout) that holds Germany's Q (human health and social work) and P (education) beside
// O-Q, then reads the pages a nurse would: compare and /sectors read Q for Germany and say so, the Netherlands keep O-Q
// with the sentence that it is published only together; the country page still shows the eight aggregates. The real
// pipeline and server over the bundled data plus that file, no browser.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPipeline } from "../pipeline/index.ts";
import { startSiteAt } from "./helpers/site-at.ts";
import { seedDataDir } from "./api/helpers.ts";
import { AS_OF, NOW, ensureBuilt } from "./e2e/harness.ts";
import { fetchPage, textOf } from "./helpers/html.ts";

/** Germany's 2025-Q4 and 2026-Q1 by sector, SA (made up for this test; the layout is Eurostat's). */
const FILE = [
  "freq,nace_r2,sizeclas,s_adj,indic_em,geo,time,value",
  ...[
    ["B-S", 2.4, 2.3],
    ["O-Q", 2.0, 1.9],
    ["P", 1.1, 1.0],
    ["Q", 3.6, 3.5],
  ].flatMap(([nace, q4, q1]) => [`Q,${nace},TOTAL,SA,JVR,DE,2025-Q4,${q4}`, `Q,${nace},TOTAL,SA,JVR,DE,2026-Q1,${q1}`]),
].join("\n");

let base = "";
let close: () => Promise<void> = async () => {};
let dataDir = "";

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-sectors-finer-"));
  await seedDataDir(dataDir);
  const pipeline = await openPipeline({ dataDir });
  try {
    const r = await pipeline.ingest({
      fileName: "jvs_q_nace2_DE_sections.csv",
      content: Buffer.from(FILE),
      dataType: "vacancy",
      now: NOW,
    });
    expect(r.extra_series?.some((e) => e.data_type === "sector_vacancy")).toBe(true);
    await pipeline.recalc({ asOf: AS_OF, now: NOW });
  } finally {
    pipeline.close();
  }
  ({ base, close } = await startSiteAt(dataDir, NOW));
}, 240_000);

afterAll(async () => {
  await close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a finer section in a loaded file", () => {
  it("is published with the aggregate it is part of, its trend from its own table", async () => {
    const de = (await (await fetch(`${base}/api/v1/countries/de`)).json()) as any;
    const q = de.sectors.find((s: any) => s.code === "Q");
    expect(q).toMatchObject({
      revision: "nace_r2",
      part_of: "O-Q",
      period: "2026-Q1",
      value: 3.5,
      table: "jvs_q_nace2",
    });
    expect(q.history.map((h: any) => [h.period, h.value, h.all_sectors])).toEqual([
      ["2025-Q4", 3.6, 2.4],
      ["2026-Q1", 3.5, 2.3],
    ]);
    // O-Q now reads the newer table too (jvs_q_nace2 over the workbook per quarter): its newest quarter is 2026-Q1.
    expect(de.sectors.find((s: any) => s.code === "O-Q")).toMatchObject({ period: "2026-Q1", value: 1.9 });
    // The country page shows the eight aggregates, not the sections.
    const page = await fetchPage(`${base}/country/de`);
    const shown = [...page.document.querySelectorAll('[data-testid="where-openings"] [data-sector]')];
    expect(shown.map((li) => li.getAttribute("data-sector")).sort()).toEqual(
      ["C", "F", "G-I", "J", "K", "M-N", "O-Q", "R-S"].sort(),
    );
  });

  it("is what a nurse reads on compare, said beside the Netherlands' O-Q and why", async () => {
    const { status, document } = await fetchPage(`${base}/compare/de-nl?sector=role-healthcare`);
    expect(status).toBe(200);
    const row = (code: string) => textOf(document, `tr[data-code="${code}"] [data-testid="compare-sector-rate"]`);
    expect(row("DE")).toMatch(/^3\.5\s?% Q1 2026 Human health and social work/);
    expect(row("NL")).toMatch(/Q3 2025 Public administration, education, health and social work/);
    expect(textOf(document, '[data-testid="compare-sectors"] [data-testid="role-note"]')).toBe(
      "Healthcare reads human health and social work on its own (NACE Q). Health and social work is published only together with public administration and education: this rate covers all three (NACE O-Q).",
    );
  });

  it("is what /sectors?sector=Q reads, with the aggregate where a country has no section", async () => {
    const { document } = await fetchPage(`${base}/sectors?sector=Q`);
    expect(document.querySelector("select#sector-pick option[selected]")?.getAttribute("value")).toBe("Q");
    expect(textOf(document, 'tr[data-code="DE"]')).toMatch(/3\.5\s?% Q1 2026/);
    // Most countries read O-Q (the caption names it); Germany's row names its own section.
    expect(textOf(document, "caption")).toMatch(/^Public administration, education, health and social work: /);
    expect(textOf(document, 'tr[data-code="DE"] [data-testid="row-sector"]')).toBe("Human health and social work");
    expect(document.querySelector('tr[data-code="NL"] [data-testid="row-sector"]')).toBeNull();
    expect(textOf(document, '[data-testid="role-note"]')).toMatch(/^Healthcare reads human health and social work/);
  });
});
