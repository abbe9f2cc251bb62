// The instructions list beside the upload panel (docs/product.md §9 upload notes): data types, the tables and
// units each expects, what an upload replaces, what counts in the score, the sentiment blend, the current model (v2.1).
// Every figure comes from the pipeline modules that enforce it (api/upload-rules.ts uploadRules).
import type { UploadRules } from "../../lib/admin-upload.ts";
import { useEffect, useRef } from "react";
import type { DataType } from "../../../../pipeline/types.ts";
import { ChevronDownIcon } from "../icons.tsx";
import { DATA_TYPE_LABELS } from "./data-types.ts";

/** What each data type measures, in the unit the pinned series carries. */
const MEASURE: Record<DataType, string> = {
  unemployment: "unemployment rate in % of the labour force",
  vacancy: "job vacancy rate in %",
  gdp: "GDP growth expected as quarter-on-quarter percent (CLV_PCH_PRE), seasonally and calendar adjusted, item B1GQ",
  inflation: "HICP inflation, annual rate of change in %",
  lmb: "barometer index, 100 = neutral (about 90–110)",
  expectations:
    "Employment Expectations Indicator (EEI), an index with long-term mean 100 and standard deviation 10, seasonally adjusted",
  youth_unemployment:
    "unemployment rate of the under-25s (une_rt_m, age Y_LT25) in % of their labour force, seasonally adjusted; context only, never in the score",
};

export function UploadInstructions({ rules }: { rules: UploadRules }) {
  const { freshness, blend } = rules;
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // Open beside the form on wide screens; folded under it on phones, where it would push everything down.
    if (details.current && window.matchMedia("(max-width: 1023px)").matches) details.current.open = false;
  }, []);
  return (
    <details
      ref={details}
      open
      className="group h-fit rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:p-5"
    >
      <summary className="flex min-h-6 cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden">
        <h3 className="text-base font-semibold">Instructions</h3>
        <ChevronDownIcon className="h-5 w-5 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800" data-testid="upload-instructions">
        <li>
          <span className="font-medium">Data types:</span> {rules.dataTypes.map((t) => t.id).join(", ")}. Eurostat
          tables are uploaded as the JSON-stat 2.0 file Eurostat serves (.json), as Eurostat&apos;s CSV download (.csv:
          SDMX-CSV with codes or labels, or one column per dimension with time and value) or as the data browser&apos;s
          spreadsheet (.xlsx, &quot;Download → Spreadsheet&quot;, all sheets or one); employment expectations also as DG
          ECFIN&apos;s survey CSV (date, country, series, value); the expert labour market barometer (lmb) as an Excel
          workbook (.xlsx). A vacancy file also stores the vacancy rate of every sector it holds, shown as context and
          never in the score.
        </li>
        <li>
          <span className="font-medium">Expected tables and units:</span>
          <ul className="mt-1 space-y-1.5 pl-1">
            {rules.dataTypes.map((t) => (
              <li key={t.id}>
                <span className="font-medium">{DATA_TYPE_LABELS[t.id]}</span> ({t.extensions.join(", ")}),{" "}
                {MEASURE[t.id]}
                {t.id === "lmb" ? (
                  <>
                    : one sheet with the months down a column or across a row and one column (or row) per country or
                    public employment service; values outside {rules.barometerRange.min}–{rules.barometerRange.max} are
                    not stored; Belgian regions are averaged.
                  </>
                ) : (
                  <>
                    :{" "}
                    {t.tables.map((table, i) => (
                      <span key={table.table}>
                        {i > 0 ? " or " : null}
                        <code className="rounded bg-white px-1 font-mono text-xs">{table.table}</code> (
                        {table.frequency}; {table.series.join(", ")})
                      </span>
                    ))}
                    .
                  </>
                )}
              </li>
            ))}
          </ul>
        </li>
        <li>
          Uploads replace old values for the same period and country; values not in the file are kept. Uploading the
          same file twice changes nothing.
        </li>
        <li>
          A stored value that changes by more than {rules.tolerancePp} percentage points is listed as a{" "}
          <em>revision</em> warning. Warnings never block an upload; a rejected file stores nothing.
        </li>
        <li>GDP and inflation are context only: they are shown beside the score and do not affect it.</li>
        <li>
          Youth unemployment (une_rt_m, age Y_LT25) is context only too: it is shown beside the unemployment rate and
          never enters a score.
        </li>
        <li>
          The expert barometer upload updates the snapshots with a {blend.historical}/{blend.sentiment} sentiment blend:
          official statistics count for {blend.historical}% of the score and the barometer for {blend.sentiment}%.
        </li>
        <li>
          The latest index version is {rules.model} (freshness weights, momentum, sentiment). Statistics older than{" "}
          {freshness.historical.cutoff} months and barometer values older than {freshness.sentiment.cutoff} months no
          longer count.
        </li>
        <li>
          Each upload ends with a recalculation that publishes the new scores (progress 100%); while publication is
          paused they are stored and published on resume. Use Recalculate after several uploads or to refresh the data
          ages.
        </li>
      </ul>
    </details>
  );
}
