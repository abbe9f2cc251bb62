// Where a source table comes from: a link to Eurostat's data browser (the table's code as code), or the name of the
// body that publishes it; and a table's name in the page's language (`sources.table.<table>`, web/app/lib/table-name.ts).
import { FormattedMessage, useIntl } from "react-intl";
import { eurostatBrowserUrl, isEurostatTable } from "../../../../lib/source-links.ts";
import type { SourceRow } from "../../../../product/shapes.ts";
import { Code } from "../api-type.tsx";
import { tableName } from "../../lib/table-name.ts";

function SourceLink({ table }: { table: string }) {
  const intl = useIntl();
  if (table === "lmb")
    return <span className="text-slate-600">{intl.formatMessage({ id: "methodology.source.iab" })}</span>;
  if (!isEurostatTable(table))
    return <span className="text-slate-600">{intl.formatMessage({ id: "methodology.source.ecfin" })}</span>;
  return (
    <a
      className="text-brand-700 underline-offset-2 hover:underline"
      href={eurostatBrowserUrl(table)}
      rel="noopener noreferrer"
      target="_blank"
    >
      <FormattedMessage
        id="methodology.source.eurostat"
        values={{ table, code: (chunks) => <Code className="font-mono text-[0.95em]">{chunks}</Code> }}
      />
      <span className="sr-only"> {intl.formatMessage({ id: "sources.newTab" })}</span>
    </a>
  );
}

/**
 * A table's name, its source and, when the table feeds more than one series (une_rt_m: all ages, and the under-25s),
 * which series this entry is: each series has its own releases, so its own dates.
 */
export function DatasetName({ s, series = false }: { s: SourceRow; series?: boolean }) {
  const intl = useIntl();
  return (
    <>
      <span className="block font-medium">{tableName(intl, s.source_table)}</span>
      <SourceLink table={s.source_table} />
      {series ? (
        <span className="block text-xs text-slate-600" data-testid="source-series">
          {intl.formatMessage({ id: "methodology.sources.series" }, { type: s.data_type })}
        </span>
      ) : null}
    </>
  );
}
