// The barometer workbook's download (JWI_BAROMETER_URL), checked and handed to the one ingest like a Eurostat
// table; skipped with a note when the address is not set (docs/data-sources.md §5).
import { LMB_TABLE } from "../sources/barometer/parse.ts";
import type { FetchLogEntry } from "../store/fetch-log.ts";
import { archiveRaw } from "./archive.ts";
import { looksLikeHtml } from "./eurostat.ts";
import { blankOutcome, failFrom, type TableOutcome } from "./outcome.ts";
import type { Run } from "./run.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The barometer workbook from JWI_BAROMETER_URL (skipped with a note when unset). */
export async function fetchBarometer(run: Run): Promise<TableOutcome> {
  const started = performance.now();
  const o = blankOutcome(LMB_TABLE, "lmb");
  const url = run.opts.barometerUrl;
  if (!url) {
    o.status = "skipped";
    o.reason =
      "JWI_BAROMETER_URL is not set, so the barometer is not fetched (countries are scored on Eurostat data alone; " +
      "upload the workbook on the operator page or with `jwi ingest FILE --type lmb`)";
    return o;
  }
  o.url = url;
  const prev = await run.locked.store.fetchLogEntry(LMB_TABLE);
  const sameUrl = prev !== null && prev.url === url;
  let fresh: Partial<FetchLogEntry> | null = null;
  try {
    const res = await run.get(
      LMB_TABLE,
      url,
      sameUrl ? { etag: prev.etag, lastModified: prev.lastModified } : {},
      `${XLSX_TYPE}, */*;q=0.5`,
    );
    o.attempts = res.attempts;
    o.http_status = res.status;
    if (res.kind === "not-modified") {
      o.status = "unchanged";
      o.reason = "not modified since the last check (HTTP 304)";
      o.newest_period = await run.locked.store.newestCountryPeriod(LMB_TABLE);
      fresh = { etag: res.etag ?? prev?.etag ?? null, lastModified: res.lastModified ?? prev?.lastModified ?? null };
    } else if (looksLikeHtml(res.body, res.contentType)) {
      o.status = "failed";
      o.reason = "answered an HTML page instead of an XLSX workbook; nothing stored";
      o.bytes = res.body.length;
    } else {
      const archived = await archiveRaw(run.locked.dataDir, res.body, ".xlsx");
      Object.assign(o, { bytes: archived.bytes, raw_file: archived.file, raw_sha256: archived.sha256 });
      if (sameUrl && prev.rawSha256 === archived.sha256) {
        o.status = "unchanged";
        o.reason = "the same bytes as the copy already stored; not re-ingested";
        o.newest_period = await run.locked.store.newestCountryPeriod(LMB_TABLE);
      } else {
        const name = new URL(url).pathname.split("/").pop() ?? "";
        const result = await run.ingest(o, res.body, /\.xlsx$/i.test(name) ? decodeURIComponent(name) : "lmb.xlsx");
        if (result.success) o.newest_period = await run.locked.store.newestCountryPeriod(LMB_TABLE);
      }
      if (o.status === "fetched" || o.status === "unchanged") {
        fresh = {
          url,
          etag: res.etag,
          lastModified: res.lastModified,
          rawSha256: archived.sha256,
          newestPeriod: o.newest_period,
        };
      }
    }
  } catch (err) {
    failFrom(o, err);
  }
  o.duration_ms = Math.round(performance.now() - started);
  await run.record(o, prev, fresh);
  return o;
}
