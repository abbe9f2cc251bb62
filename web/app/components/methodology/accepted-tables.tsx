// Every table the pipeline accepts, by what it is used for (whether or not data of it is loaded now).
import { FormattedMessage, useIntl } from "react-intl";
import type { SourceTable } from "../../../../pipeline/source-tables.ts";
import { OfficialTitle, SourceLink, tableTitle } from "./source-link.tsx";
import { TABLES, typeName, typeRank } from "./tables.ts";
import { code } from "./text.tsx";

export function AcceptedTables() {
  const intl = useIntl();
  const entries = (Object.entries(TABLES) as Array<[SourceTable, (typeof TABLES)[SourceTable]]>).sort(
    ([, a], [, b]) => typeRank(a.dataType) - typeRank(b.dataType),
  );
  return (
    <dl className="mt-4 space-y-3 text-sm" data-testid="accepted-tables">
      {entries.map(([table, info]) => (
        <div key={table} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt>
            <span className="font-medium">{tableTitle(intl, table)}</span>{" "}
            <span className="text-slate-600">· {typeName(intl, info.dataType)}</span>
            <OfficialTitle table={table} />
            <span className="block">
              <SourceLink table={table} />
            </span>
          </dt>
          <dd className="mt-1 text-slate-700">
            <FormattedMessage id={`methodology.table.${table}.how`} values={{ code }} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
