// The data status's provenance: for each country, where each published figure came from (the same sources as the
// API's country document and `jwi status --json`, pipeline/provenance.ts): table, series, period, flag, release, the
// file with its SHA-256 and when it was loaded, and the two links to check it at its source.
import type { StatusReport } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { TableFrame, td, th } from "./ui.tsx";

type Country = StatusReport["published"]["countries"][number];
type Source = NonNullable<NonNullable<Country["sources"]>["inputs"]["unemployment"]>;

/** Each figure of a country with its source: the inputs by name, then the sector rates (`sector C`). */
function rowsOf(c: Country): Array<{ input: string; source: Source }> {
  if (!c.sources) return [];
  const inputs = Object.entries(c.sources.inputs).map(([input, source]) => ({ input, source: source! }));
  const sectors = c.sources.sectors.flatMap((s) => (s.source ? [{ input: `sector ${s.code}`, source: s.source }] : []));
  return [...inputs, ...sectors];
}

const link = "text-brand-700 underline-offset-2 hover:underline";

function ProvenanceTable({ c }: { c: Country }) {
  const rows = rowsOf(c);
  return (
    <TableFrame label={`Sources of ${c.code}`}>
      <table className="mt-2 w-full min-w-[860px] text-sm">
        <thead>
          <tr>
            <th className={th}>Figure</th>
            <th className={th}>Table and series</th>
            <th className={th}>Period</th>
            <th className={th}>Flag</th>
            <th className={th}>Release</th>
            <th className={th}>File</th>
            <th className={th}>Check</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ input, source: s }) => (
            <tr key={input} data-input={input}>
              <td className={td}>{input}</td>
              <td className={td}>
                <span className="font-mono text-xs">{s.table}</span>
                <span className="block font-mono text-xs break-all text-slate-600">
                  {Object.entries(s.series)
                    .map(([d, code]) => `${d}=${code}`)
                    .join(", ") || "—"}
                  {s.geo !== c.code ? ` · geo=${s.geo}` : ""}
                </span>
              </td>
              <td className={td}>{s.period}</td>
              <td className={`${td} font-mono`}>{s.flag ?? "—"}</td>
              {/* Eurostat's wall clock (Luxembourg time), as the file states it. */}
              <td className={td}>{s.release ? s.release.replace("T", " ").slice(0, 16) : "undated"}</td>
              <td className={td}>
                {s.file ? (
                  <>
                    <span className="block break-all">{s.file.name}</span>
                    <span className="block font-mono text-xs break-all text-slate-600" title={s.file.sha256}>
                      sha256 {s.file.sha256}
                    </span>
                    <span className="block text-xs text-slate-600">loaded {formatDateTime(s.file.ingested_at)}</span>
                  </>
                ) : (
                  "—"
                )}
              </td>
              <td className={td}>
                {s.browser_url ? (
                  <a className={`${link} block`} href={s.browser_url} rel="noopener noreferrer" target="_blank">
                    {s.table === "ecfin_eei" ? "DG ECFIN" : "Data browser"}
                  </a>
                ) : null}
                {s.api_url ? (
                  <a className={`${link} block`} href={s.api_url} rel="noopener noreferrer" target="_blank">
                    API query
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** One collapsed entry per country with published figures. */
export function ProvenanceList({ countries }: { countries: readonly Country[] }) {
  const shown = countries.filter((c) => rowsOf(c).length > 0);
  if (shown.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 p-3" data-testid="status-provenance">
      <summary className="cursor-pointer text-sm font-medium">
        Where the published figures come from ({shown.length} countries)
      </summary>
      <div className="mt-2 space-y-2">
        {shown.map((c) => (
          <details key={c.code} className="rounded-md border border-slate-100 p-2" data-country={c.code}>
            <summary className="cursor-pointer text-sm">
              {c.code}: {rowsOf(c).length} figures
            </summary>
            <ProvenanceTable c={c} />
          </details>
        ))}
      </div>
    </details>
  );
}
