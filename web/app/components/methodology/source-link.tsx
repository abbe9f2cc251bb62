// Where a source table comes from: a link to Eurostat's data browser (the table's code as code), or the name of the
// body that publishes it; and a table's name: the catalogue's descriptive title (`methodology.table.<table>.title`,
// in English the official one), with the official English title beside it on the other languages' pages.
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import type { SourceRow } from "../../../../product/shapes.ts";
import { Code } from "../api-type.tsx";
import { tableInfo } from "./tables.ts";

export function SourceLink({ table }: { table: string }) {
  const intl = useIntl();
  if (table === "lmb")
    return <span className="text-slate-600">{intl.formatMessage({ id: "methodology.source.iab" })}</span>;
  if (table === "ecfin_eei")
    return <span className="text-slate-600">{intl.formatMessage({ id: "methodology.source.ecfin" })}</span>;
  return (
    <a
      className="text-brand-700 underline-offset-2 hover:underline"
      href={`https://ec.europa.eu/eurostat/databrowser/view/${encodeURIComponent(table)}/default/table`}
      rel="noopener noreferrer"
      target="_blank"
    >
      <FormattedMessage
        id="methodology.source.eurostat"
        values={{ table, code: (chunks) => <Code className="font-mono text-[0.95em]">{chunks}</Code> }}
      />
    </a>
  );
}

/** A table's title in the page's language (a table the page does not know: its code). */
export function tableTitle(intl: IntlShape, table: string): string {
  return tableInfo(table) ? intl.formatMessage({ id: `methodology.table.${table}.title` }) : table;
}

/** On a page not in English, the table's official (English) title, on its own line. */
export function OfficialTitle({ table }: { table: string }) {
  const intl = useIntl();
  const info = tableInfo(table);
  if (!info || intl.locale === "en") return null;
  return (
    <span className="block text-xs text-slate-600">
      <FormattedMessage id="methodology.table.official" values={{ title: <span lang="en">{info.title}</span> }} />
    </span>
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
      <span className="block font-medium">{tableTitle(intl, s.source_table)}</span>
      <OfficialTitle table={s.source_table} />
      <SourceLink table={s.source_table} />
      {series ? (
        <span className="block text-xs text-slate-600" data-testid="source-series">
          {intl.formatMessage({ id: "methodology.sources.series" }, { type: s.data_type })}
        </span>
      ) : null}
    </>
  );
}
