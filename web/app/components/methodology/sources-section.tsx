// The methodology page's closing sections: the data sources with their dates, every accepted table, and the licences.
import type { SourceTableInfo } from "../../../../pipeline/provenance.ts";
import type { SourceRow } from "../../../../product/shapes.ts";
import { AcceptedTables } from "./accepted-tables.tsx";
import { SourcesTable } from "./sources-table.tsx";
import { code, h2, para, strong, useMethodologyText } from "./text.tsx";

export function SourcesSection({ sources, tables }: { sources: SourceRow[]; tables: readonly SourceTableInfo[] }) {
  const { t, m } = useMethodologyText();
  return (
    <>
      <h2 className={h2}>{t("sources.title")}</h2>
      <p className={para}>{t("sources.intro")}</p>
      {sources.length === 0 ? <p className={para}>{t("sources.none")}</p> : <SourcesTable sources={sources} />}
      <h3 className="mt-8 text-lg font-semibold">{t("accepted.title")}</h3>
      <p className={para}>{m("accepted.intro", { code })}</p>
      <AcceptedTables tables={tables} />
    </>
  );
}

export function LicencesSection() {
  const { t, m } = useMethodologyText();
  return (
    <>
      <h2 className={h2}>{t("licences.title")}</h2>
      <p className={para}>{m("licences.eurostat", { strong })}</p>
      <p className={para}>{m("licences.eei", { strong })}</p>
      <p className={para}>{m("licences.lmb", { strong })}</p>
      <p className={para}>{t("licences.map")}</p>
    </>
  );
}
