// /sectors (score model v2.3 §11; docs/product.md "Where the openings are"): a visitor picks their sector, or their
// role (the community's role families, each mapped to one NACE aggregate where one fits), and sees its job vacancy
// rate in every country, beside each country's rate for all sectors of the same quarter, in a table sorted by the
// column they choose. Server-rendered from the published snapshots: the form and the sort links are plain GET
// requests, so the page works before (and without) JavaScript. Context only: never a score, ranking or weather word.
import { FormattedMessage, useIntl } from "react-intl";
import { Form, Link, useLoaderData, type MetaFunction } from "react-router";
import { COUNTRIES } from "../../../lib/countries.ts";
import type { PageHandle, SiteLoaderArgs } from "../lib/context.ts";
import type { PublishedSnapshot } from "../../../pipeline/youth.ts";
import { pickSector, readSectorChoice, sectorChoice, type SectorView } from "../../../product/sectors.ts";
import { Flag } from "../components/flag.tsx";
import { FlagLegend, FlagMark } from "../components/flag-mark.tsx";
import { olderText } from "../components/sector-words.ts";
import { anySectorName, choiceName, SectorSelect } from "../components/sector-pick.tsx";
import { coverSentences, headlineQuarter, sectorWithYear } from "../lib/sectors.server.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { pageMeta } from "../lib/meta.ts";
import { pageTextOf } from "../lib/page-text.server.ts";

const PATH = "/sectors";
const DEFAULT_SECTOR = "J";
const SORTS = ["rate", "country", "all", "change"] as const;
type Sort = (typeof SORTS)[number];

/**
 * The query parameters the loader reads: any other is dropped by a redirect (server/site/page-query.ts), so without them the
 * form and the sort links would land on the default sector, sorted by rate.
 */
export const handle: PageHandle = { query: ["sector", "sort", "dir"] };

interface Row {
  code: string;
  rate: ReturnType<typeof sectorWithYear> | null;
}

export function loader({ request, context }: SiteLoaderArgs) {
  const url = new URL(request.url);
  const { choice: pick, unknown: error } = readSectorChoice(
    url.searchParams.get("sector"),
    sectorChoice(DEFAULT_SECTOR),
  );
  const sortParam = url.searchParams.get("sort");
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as Sort) : "rate";
  const asked = url.searchParams.get("dir");
  const dir: "asc" | "desc" | null = asked === "asc" || asked === "desc" ? asked : null;
  const state = context.read.publicationState(context.now);
  const codes = pick.kind === "all" ? null : pick.codes;
  const rows: Row[] = COUNTRIES.map((c) => {
    const snapshot = context.read.country(c.code, context.now)?.snapshot as PublishedSnapshot | null | undefined;
    const rate = codes === null || state.paused ? null : pickSector(snapshot?.sectors ?? [], codes);
    return { code: c.code, rate: rate && sectorWithYear(rate, headlineQuarter(snapshot)) };
  });
  const t = pageTextOf(request);
  return {
    meta: { title: t("sectors.page.meta.title"), description: t("sectors.page.meta.description") },
    pick,
    error,
    sort,
    /** The direction asked for; null: the column's own (rates high first, countries A to Z). */
    dir,
    paused: state.paused,
    rows,
    /** What the role (or finer section) picked reads, in words (said here: only these sentences travel). */
    covers: coverSentences(
      t,
      pick,
      rows.map((r) => r.rate),
    ),
    messages: pageMessages(request, "sectors"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.meta.title,
    description: args.data?.meta.description,
    canonicalPath: PATH,
  });

export default function Sectors() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  const f = useFormat();
  const lp = useLocalePath();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `sectors.page.${id}` }, values);
  const { pick } = data;
  const sectorLabel = choiceName(intl, pick);
  const hasCodes = pick.kind !== "all" && pick.codes !== null;
  const rates = data.rows.map((r) => r.rate);
  // The aggregate most rows read (named in the caption); a row reading another names its own.
  const main = mostCommon(rates.flatMap((r) => (r ? [`${r.revision}|${r.code}`] : [])));
  const nameOf = (key: string) => {
    const [revision, code] = key.split("|") as [SectorView["revision"], string];
    return anySectorName(intl, { revision, code });
  };
  const { covers } = data;
  const anyOlder = rates.some((r) => r !== null && (r.behind ?? 0) > 0);
  const ownDir = (s: Sort): "asc" | "desc" => (s === "country" ? "asc" : "desc");
  const dir: "asc" | "desc" = data.dir ?? ownDir(data.sort);
  const name = (code: string) => f.country(code);
  const sorted = sortRows(data.rows, data.sort, dir, name);
  const withRate = sorted.filter((r) => r.rate !== null).length;
  const href = (s: Sort) => {
    const next = data.sort === s ? (dir === "asc" ? "desc" : "asc") : ownDir(s);
    const q = new URLSearchParams({ sector: pick.value, sort: s, dir: next });
    return `${lp(PATH)}?${q.toString()}`;
  };
  const header = (s: Sort, label: string) => (
    <th
      scope="col"
      className="relative px-2 py-2 text-left font-semibold sm:px-3"
      aria-sort={data.sort === s ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link className="text-brand-700 underline-offset-2 hover:underline" to={href(s)} preventScrollReset replace>
        {label}
        <span aria-hidden="true">{data.sort === s ? (dir === "asc" ? " ▲" : " ▼") : ""}</span>
        <span className="sr-only">
          {" "}
          {data.sort === s ? t(dir === "asc" ? "sortedAsc" : "sortedDesc") : t("sortBy")}
        </span>
      </Link>
    </th>
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-2 text-lg text-slate-700">{t("subtitle")}</p>
      <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900">{t("context")}</p>

      <Form method="get" action={lp(PATH)} className="mt-6 flex flex-wrap items-end gap-3" data-testid="sector-form">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="sector-pick" className="block text-sm font-medium text-slate-900">
            {intl.formatMessage({ id: "sectors.pick.label" })}
          </label>
          <SectorSelect id="sector-pick" value={pick.value} />
        </div>
        {data.sort !== "rate" ? <input type="hidden" name="sort" value={data.sort} /> : null}
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2"
        >
          {t("show")}
        </button>
      </Form>

      {data.error ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {t("unknown", { sector: sectorLabel })}
        </p>
      ) : null}

      {pick.kind === "role" && pick.codes === null ? (
        <p className="mt-4 text-slate-800" data-testid="role-note">
          {t("roleNone", { role: sectorLabel })}
        </p>
      ) : null}
      {covers.length ? (
        <p className="mt-4 text-slate-800" data-testid="role-note">
          {pick.kind === "role" && main ? `${t("roleReads", { role: sectorLabel, sector: nameOf(main) })} ` : ""}
          {covers.join(" ")}
        </p>
      ) : null}

      {data.paused ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {t("paused")}
        </p>
      ) : !hasCodes ? null : (
        <div
          className="scroll-hint mt-6 overflow-x-auto rounded-xl border border-slate-200"
          tabIndex={0}
          role="region"
          aria-labelledby="sector-table-caption"
        >
          <table className="w-full text-sm" data-testid="sector-table">
            <caption id="sector-table-caption" className="px-2 py-2 sm:px-3 text-left text-slate-700">
              {t("caption", {
                // A role or a finer section is named by the aggregate most countries read.
                sector: main && (pick.kind === "role" || main !== `nace_r2|${pick.code}`) ? nameOf(main) : sectorLabel,
                count: withRate,
                total: data.rows.length,
              })}
            </caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                {header("country", t("col.country"))}
                {header("rate", t("col.rate"))}
                {header("all", t("col.allSectors"))}
                {header("change", t("col.change"))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {sorted.map((r) => (
                <tr key={r.code} data-code={r.code}>
                  <th scope="row" className="px-2 py-2 sm:px-3 text-left font-medium">
                    <Link
                      to={lp(`/country/${r.code.toLowerCase()}`)}
                      className="inline-flex items-center gap-2 text-slate-900 hover:underline"
                    >
                      <Flag code={r.code} height={14} />
                      {name(r.code)}
                    </Link>
                  </th>
                  {r.rate === null ? (
                    <td className="px-2 py-2 sm:px-3 text-slate-600" colSpan={3}>
                      {t("notPublished")}
                    </td>
                  ) : (
                    <>
                      <td className="min-w-40 px-2 py-2 sm:px-3 tabular-nums">
                        <span className="font-semibold text-slate-900">{f.percent(r.rate.value)}</span>
                        <FlagMark flag={r.rate.flag} />{" "}
                        <span className="block text-xs text-slate-600">
                          {f.period(r.rate.period)}
                          {r.rate.s_adj === "NSA" ? ` · ${t("nsa")}` : ""}
                        </span>{" "}
                        {main !== null && `${r.rate.revision}|${r.rate.code}` !== main ? (
                          <span className="block text-xs text-slate-600" data-testid="row-sector">
                            {anySectorName(intl, r.rate)}
                          </span>
                        ) : null}{" "}
                        {(r.rate.behind ?? 0) > 0 ? (
                          <span className="block text-xs text-amber-900" data-testid="sector-older">
                            {olderText(intl, f, r.rate, "other")}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-2 py-2 sm:px-3 tabular-nums text-slate-800">
                        {r.rate.all_sectors !== null ? f.percent(r.rate.all_sectors) : "–"}
                        {r.rate.eu_value !== null ? (
                          <span className="block text-xs text-slate-600">
                            {t("eu", { rate: f.percent(r.rate.eu_value) })}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-2 py-2 sm:px-3 tabular-nums text-slate-800" data-testid="year-change">
                        {r.rate.year ? (
                          <>
                            <span className="font-semibold">
                              {t("change", {
                                change: intl.formatNumber(r.rate.year.change, {
                                  minimumFractionDigits: 1,
                                  maximumFractionDigits: 1,
                                  signDisplay: "exceptZero",
                                }),
                              })}
                            </span>{" "}
                            <span className="block text-xs text-slate-600">
                              {t("changeFrom", {
                                rate: f.percent(r.rate.year.fromValue),
                                quarter: f.period(r.rate.year.from),
                              })}
                            </span>
                          </>
                        ) : (
                          <span className="text-slate-600">–</span>
                        )}
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {anyOlder && !data.paused ? (
        <p className="mt-3 text-sm text-slate-700">{intl.formatMessage({ id: "sectors.olderWhy" })}</p>
      ) : null}
      <FlagLegend flags={data.rows.map((r) => r.rate?.flag)} className="mt-3" />
      <p className="mt-4 text-sm text-slate-600">
        <FormattedMessage
          id="sectors.page.source"
          values={{
            link: (chunks) => (
              <Link className="font-medium text-brand-700 underline" to={lp("/methodology")}>
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}

/** The most frequent of some keys (the first of equals); null without any. */
function mostCommon(keys: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  let best: string | null = null;
  for (const [k, n] of counts) if (best === null || n > counts.get(best)!) best = k;
  return best;
}

/** The rows in the order asked for; countries without a figure always last, by name. */
function sortRows(rows: readonly Row[], sort: Sort, dir: "asc" | "desc", name: (code: string) => string): Row[] {
  const sign = dir === "asc" ? 1 : -1;
  const byName = (a: Row, b: Row) => name(a.code).localeCompare(name(b.code));
  const key = (r: Row): number | null =>
    r.rate === null
      ? null
      : sort === "rate"
        ? r.rate.value
        : sort === "all"
          ? r.rate.all_sectors
          : sort === "change"
            ? (r.rate.year?.change ?? null)
            : 0;
  return [...rows].sort((a, b) => {
    if (sort === "country") return sign * byName(a, b);
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === null && kb === null ? byName(a, b) : ka === null ? 1 : -1;
    return sign * (ka - kb) || byName(a, b);
  });
}
