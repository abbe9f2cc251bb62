// Every table the pipeline reads (pipeline/provenance.ts sourceTables, whether or not data of it is loaded now): its
// name in the page's language and its code, what it feeds with the publication lag of each (the sector vacancy rates
// of a vacancy table among them), how it is read, and the two links to check it: the table in Eurostat's data browser
// (DG ECFIN's survey page for its file) and the API query of its series.
import { FormattedMessage, useIntl } from "react-intl";
import type { SourceTableInfo } from "../../../../pipeline/provenance.ts";
import { tableName } from "../../lib/table-name.ts";
import { typeName, typeRank } from "./tables.ts";
import { code } from "./text.tsx";

const linkClass = "text-brand-700 underline-offset-2 hover:underline";

function NewTab() {
  const intl = useIntl();
  return <span className="sr-only"> {intl.formatMessage({ id: "sources.newTab" })}</span>;
}

export function AcceptedTables({ tables }: { tables: readonly SourceTableInfo[] }) {
  const intl = useIntl();
  const rankOf = (t: SourceTableInfo) => typeRank(t.feeds[0]?.dataType ?? "");
  const entries = [...tables].sort((a, b) => rankOf(a) - rankOf(b));
  return (
    <dl className="mt-4 space-y-3 text-sm" data-testid="accepted-tables">
      {entries.map((t) => (
        <div key={t.table} className="rounded-xl border border-slate-200 bg-white p-4" data-table={t.table}>
          <dt>
            <span className="font-medium">{tableName(intl, t.table)}</span>{" "}
            <code className="font-mono text-[0.95em] break-all text-slate-700">{t.table}</code>
          </dt>
          <dd className="mt-1 text-slate-700">
            <span className="block" data-testid="table-feeds">
              <span className="font-medium text-slate-800">
                {intl.formatMessage({ id: "methodology.accepted.feeds" })}:
              </span>{" "}
              {t.feeds
                .map(
                  (feed) =>
                    `${typeName(intl, feed.dataType)} · ${intl.formatMessage(
                      { id: "methodology.accepted.lag" },
                      { months: feed.lagMonths },
                    )}`,
                )
                .join("; ")}
            </span>
            <span className="mt-1 block">
              <FormattedMessage id={`methodology.table.${t.table}.how`} values={{ code }} />
            </span>
            <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {t.browser_url ? (
                <a className={linkClass} href={t.browser_url} rel="noopener noreferrer" target="_blank">
                  {t.table === "ecfin_eei"
                    ? intl.formatMessage({ id: "sources.link.ecfin" })
                    : intl.formatMessage({ id: "sources.link.browser" }, { table: t.table })}
                  <NewTab />
                </a>
              ) : (
                <span>{intl.formatMessage({ id: "methodology.source.iab" })}</span>
              )}
              {t.api_url ? (
                <a className={linkClass} href={t.api_url} rel="noopener noreferrer" target="_blank">
                  {intl.formatMessage({ id: "sources.link.tableApi" })}
                  <NewTab />
                </a>
              ) : null}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
