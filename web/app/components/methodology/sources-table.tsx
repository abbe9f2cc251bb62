// The data sources with their update dates (source_status of the current publication). Dates and months are
// `<time>` elements, written by Intl in the page's language.
import type { ReactNode } from "react";
import { useIntl, type IntlShape } from "react-intl";
import type { SourceRow } from "../../../../product/shapes.ts";
import { dayIn, periodIn } from "../../lib/intl-numbers.ts";
import { DatasetName } from "./source-link.tsx";
import { typeName, typeRank } from "./tables.ts";

type Column = { key: string; title: string; value: (s: SourceRow) => ReactNode | null };

/** A day of the source's (an ISO date or time) in the page's language, as a `<time>`. */
function day(intl: IntlShape, iso: string): ReactNode {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : <time dateTime={d.toISOString().slice(0, 10)}>{dayIn(intl, iso)}</time>;
}

/** A period ("2026-07" a month, as a `<time>`; "2026-Q2" a quarter, said by its message). */
function period(intl: IntlShape, p: string): ReactNode {
  return /^\d{4}-\d{2}$/.test(p) ? <time dateTime={p}>{periodIn(intl, p)}</time> : periodIn(intl, p);
}

/**
 * The sources with their dates: a table on wide screens, one card per source on a phone (nothing to scroll
 * sideways). A date column that no source has is left out rather than shown as a column of dashes.
 */
export function SourcesTable({ sources: unordered }: { sources: SourceRow[] }) {
  const intl = useIntl();
  const col = (key: string) => intl.formatMessage({ id: `methodology.sources.col.${key}` });
  const sources = [...unordered].sort(
    (a, b) => typeRank(a.data_type) - typeRank(b.data_type) || a.source_table.localeCompare(b.source_table),
  );
  const columns: Column[] = [
    { key: "used", title: col("used"), value: (s) => typeName(intl, s.data_type) },
    { key: "newest", title: col("newest"), value: (s) => (s.newest_period ? period(intl, s.newest_period) : null) },
    { key: "updated", title: col("updated"), value: (s) => (s.source_updated ? day(intl, s.source_updated) : null) },
    { key: "loaded", title: col("loaded"), value: (s) => (s.last_ingested_at ? day(intl, s.last_ingested_at) : null) },
    { key: "checked", title: col("checked"), value: (s) => (s.last_checked_at ? day(intl, s.last_checked_at) : null) },
  ];
  const shown = columns.filter((c) => sources.some((s) => c.value(s) !== null));
  // A table that feeds two series (une_rt_m: all ages, under-25s) has one entry per series, each naming its series.
  const tables = sources.map((s) => s.source_table);
  const several = new Set(tables.filter((t, i) => tables.indexOf(t) !== i));
  return (
    <>
      <WideSourcesTable sources={sources} shown={shown} datasetTitle={col("dataset")} several={several} />
      <SourceCards sources={sources} shown={shown} several={several} />
    </>
  );
}

/** One entry per series: the table and what it is used for. */
const entryKey = (s: SourceRow) => `${s.source_table}/${s.data_type}`;

function WideSourcesTable({
  sources,
  shown,
  datasetTitle,
  several,
}: {
  sources: SourceRow[];
  shown: Column[];
  datasetTitle: string;
  several: ReadonlySet<string>;
}) {
  return (
    <table className="mt-4 hidden w-full text-left text-sm md:table" data-testid="sources-table">
      <thead className="border-b border-slate-300">
        <tr>
          <th scope="col" className="py-2 pr-4">
            {datasetTitle}
          </th>
          {shown.map((c) => (
            <th key={c.key} scope="col" className="py-2 pr-4 last:pr-0">
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sources.map((s) => (
          <tr key={entryKey(s)} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-4">
              <DatasetName s={s} series={several.has(s.source_table)} />
            </td>
            {shown.map((c) => (
              <td key={c.key} className="py-2 pr-4 last:pr-0">
                {c.value(s) ?? "–"}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SourceCards({
  sources,
  shown,
  several,
}: {
  sources: SourceRow[];
  shown: Column[];
  several: ReadonlySet<string>;
}) {
  return (
    <ul className="mt-4 space-y-3 md:hidden" data-testid="sources-cards">
      {sources.map((s) => (
        <li key={entryKey(s)} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <DatasetName s={s} series={several.has(s.source_table)} />
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            {shown.map((c) => {
              const v = c.value(s);
              return v === null ? null : (
                <div key={c.key} className="contents">
                  <dt className="text-slate-600">{c.title}</dt>
                  <dd className="break-words hyphens-auto">{v}</dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}
