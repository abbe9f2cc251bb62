// The data status table: per country (then aggregate) and data type the newest period held and its age, stale
// series marked, and the published score.
import { DATA_TYPES, SECTOR_DATA_TYPE, type StoredDataType } from "../../../../pipeline/types.ts";
import type { StatusReport } from "../../lib/admin-api.ts";
import { monthsText } from "../../lib/admin-format.ts";
import { formatScore } from "../../../../product/format.ts";
import { DATA_TYPE_LABELS } from "./data-types.ts";
import type { Cell, Freshness, Geo, StatusMatrix } from "./status-matrix.ts";
import { TableFrame, td, th } from "./ui.tsx";

/** The columns: every uploaded data type, then the sector vacancy rates stored from the vacancy files (v2.3). */
const COLUMNS: readonly StoredDataType[] = [...DATA_TYPES, SECTOR_DATA_TYPE];

const SHORT_LABEL: Record<StoredDataType, string> = {
  unemployment: "Unemployment",
  vacancy: "Vacancy",
  gdp: "GDP",
  inflation: "Inflation",
  lmb: "Barometer",
  expectations: "Expectations",
  youth_unemployment: "Under 25",
  sector_vacancy: "Sectors",
};

const CELL_STYLE: Record<Freshness, string> = {
  fresh: "",
  stale: "bg-red-50 text-red-950",
};

/** Sector vacancy rates: how many aggregates are read and their newest quarter (many series; the title lists them). */
function SectorCell({ cell }: { cell: Cell }) {
  const read = cell.rows.filter((r) => r.read !== false);
  const newest =
    read
      .map((r) => r.newest_period)
      .sort()
      .at(-1) ?? cell.newest.newest_period;
  const title = cell.rows
    .map((r) => `${r.table} (${r.series}): ${r.newest_period}${r.read === false ? " (kept, not read)" : ""}`)
    .join("\n");
  return (
    <td className={`${td} whitespace-nowrap`} title={title} data-freshness="context">
      <span className="font-medium tabular-nums">{newest}</span>
      <span className="block text-xs text-slate-600">
        {read.length === 1 ? "1 sector" : `${read.length} sectors`}, context only
      </span>
    </td>
  );
}

function StatusCell({ cell, type }: { cell: Cell | undefined; type: StoredDataType }) {
  if (cell && type === SECTOR_DATA_TYPE) return <SectorCell cell={cell} />;
  if (!cell) {
    return (
      <td className={`${td} text-slate-400`}>
        <span aria-hidden>—</span>
        <span className="sr-only">no data</span>
      </td>
    );
  }
  const { newest, freshness } = cell;
  const tables = cell.rows
    .map(
      (r) =>
        `${r.table}${r.series ? ` (${r.series})` : ""}: ${r.newest_period}, ${r.observations} observations, release ${r.release ?? "none stated"}` +
        (r.read === false ? " (kept, not read)" : ""),
    )
    .join("\n");
  const unread = cell.rows.filter((r) => r.read === false).length;
  return (
    <td className={`${td} whitespace-nowrap ${CELL_STYLE[freshness]}`} title={tables} data-freshness={freshness}>
      <span className="font-medium tabular-nums">{newest.newest_period}</span>
      <span className="block text-xs text-slate-600">
        {monthsText(newest.age_months)}
        {freshness === "stale" ? <span className="ml-1 font-semibold text-red-800">stale</span> : null}
        {unread > 0 ? (
          <span className="block">
            {unread === 1 ? "1 more series kept, not read" : `${unread} more series kept, not read`}
          </span>
        ) : null}
      </span>
    </td>
  );
}

export function StatusTable({
  shown,
  view,
  scores,
}: {
  shown: Geo[];
  view: StatusMatrix;
  scores: Map<string, StatusReport["published"]["countries"][number]>;
}) {
  return (
    <TableFrame label="Data status by country and data type">
      <table className="w-full min-w-[860px] border-separate border-spacing-0 text-sm" data-testid="status-table">
        <thead>
          <tr>
            <th scope="col" className={`${th} sticky left-0 z-10 bg-white`}>
              Country
            </th>
            {COLUMNS.map((t) => (
              <th key={t} scope="col" className={th} title={DATA_TYPE_LABELS[t]}>
                {SHORT_LABEL[t]}
              </th>
            ))}
            <th scope="col" className={`${th} text-right`}>
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((g) => {
            const score = scores.get(g.code);
            return (
              <tr key={g.code} data-geo={g.code}>
                <th scope="row" className={`${td} sticky left-0 z-10 bg-white text-left font-medium`}>
                  <span className="tabular-nums">{g.code}</span>
                  <span className="block text-xs font-normal text-slate-600">
                    {g.aggregate ? "aggregate, not counted" : g.name}
                  </span>
                </th>
                {COLUMNS.map((t) => (
                  <StatusCell key={t} type={t} cell={view.byGeo.get(g.code)?.get(t)} />
                ))}
                <td className={`${td} whitespace-nowrap text-right`}>
                  {g.aggregate ? null : score?.score != null ? (
                    <>
                      <span className="font-semibold tabular-nums">{formatScore(score.score)}</span>
                      <span className="block text-xs text-slate-600">{score.status}</span>
                    </>
                  ) : (
                    <span className="text-xs text-slate-600">no score</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
