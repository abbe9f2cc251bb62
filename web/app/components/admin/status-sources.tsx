// The data status's list of source tables: newest period, values held, last change and last fetch (with why it failed).
import type { StatusReport } from "../../lib/admin-api.ts";
import { formatDateTime } from "../../lib/admin-format.ts";
import { TableFrame, td, th } from "./ui.tsx";

export function SourceTablesList({ tables }: { tables: StatusReport["tables"] }) {
  return (
    <details className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium">Source tables ({tables.length})</summary>
      <TableFrame label="Source tables">
        <table className="mt-2 w-full min-w-[640px] text-sm">
          <thead>
            <tr>
              <th className={th}>Table</th>
              <th className={th}>Type</th>
              <th className={th}>Newest</th>
              <th className={`${th} text-right`}>Values</th>
              <th className={th}>Last changed</th>
              <th className={th}>Last fetch</th>
            </tr>
          </thead>
          <tbody>
            {tables.map((t) => (
              <tr key={t.table}>
                <td className={`${td} font-mono text-xs`}>{t.table}</td>
                <td className={td}>{t.dataType}</td>
                <td className={td}>{t.newestPeriod ?? "—"}</td>
                <td className={`${td} text-right tabular-nums`}>{t.observations}</td>
                <td className={td}>{t.lastChangedAt ? formatDateTime(t.lastChangedAt) : "—"}</td>
                <td className={td}>
                  {t.lastCheckedAt ? `${t.lastStatus ?? ""} ${formatDateTime(t.lastCheckedAt)}` : "never fetched"}
                  {t.lastStatus === "failed" && t.lastReason ? (
                    <span className="block text-xs text-red-800">{t.lastReason}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </details>
  );
}
