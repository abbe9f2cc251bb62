// Where a source table comes from: a link to Eurostat's data browser, or the name of the body that publishes it.
import { useIntl } from "react-intl";
import type { SourceRow } from "../../../../product/shapes.ts";
import { tableInfo } from "./tables.ts";

export function SourceLink({ table }: { table: string }) {
  const intl = useIntl();
  if (table === "lmb") return <span className="text-slate-600">IAB</span>;
  if (table === "ecfin_eei") return <span className="text-slate-600">{intl.formatMessage({ id: "methodology.source.ecfin" })}</span>;
  return (
    <a
      className="text-brand-700 underline-offset-2 hover:underline"
      href={`https://ec.europa.eu/eurostat/databrowser/view/${encodeURIComponent(table)}/default/table`}
      rel="noopener noreferrer"
      target="_blank"
    >
      Eurostat {table}
    </a>
  );
}

export function DatasetName({ s }: { s: SourceRow }) {
  return (
    <>
      <span className="block font-medium">{tableInfo(s.source_table)?.title ?? s.source_table}</span>
      <SourceLink table={s.source_table} />
    </>
  );
}
