// The data status's loading (again whenever data changed, or on Refresh) and what the table shows: the matrix,
// the published scores, the countries with stale data and the "only stale" filter (the report's own count).
import { useEffect, useMemo, useState } from "react";
import { COUNTRIES } from "../../../../lib/countries.ts";
import { getStatus, type StatusReport } from "../../lib/admin-api.ts";
import { useOperator } from "./operator-context.tsx";
import { matrix, type Geo } from "./status-matrix.ts";

export function useDataStatus() {
  const op = useOperator();
  const [report, setReport] = useState<StatusReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [onlyStale, setOnlyStale] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    getStatus()
      .then((r) => {
        if (!live) return;
        setReport(r);
        setError(null);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, "Could not load the data status"));
      });
    return () => {
      live = false;
    };
  }, [op.version, reload]);

  const view = useMemo(() => (report ? matrix(report) : null), [report]);
  const scores = useMemo(() => new Map(report?.published.countries.map((c) => [c.code, c]) ?? []), [report]);

  const staleCountries = useMemo(() => new Set(report?.stale.countries.map((c) => c.code) ?? []), [report]);
  const staleCount = staleCountries.size;

  const geos: Geo[] = view
    ? [
        ...COUNTRIES.map((c) => ({ code: c.code, name: c.name, aggregate: false })),
        ...view.aggregates.map((g) => ({ code: g, name: g, aggregate: true })),
      ]
    : [];
  const shown = onlyStale ? geos.filter((g) => staleCountries.has(g.code)) : geos;
  const refresh = () => setReload((n) => n + 1);

  return { report, error, view, scores, staleCount, shown, onlyStale, setOnlyStale, refresh };
}
