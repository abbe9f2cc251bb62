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
import { ROLE_FAMILIES, type RoleFamily } from "../../../product/options.ts";
import {
  PICKABLE_SECTORS,
  ROLE_FAMILY_SECTORS,
  SECTOR_EQUIVALENTS,
  pickSector,
  type SectorRate,
} from "../../../product/sectors.ts";
import { Flag } from "../components/flag.tsx";
import { sectorName } from "../lib/sector-name.ts";
import { FlagLegend, FlagMark } from "../components/flag-mark.tsx";
import { pageMessages } from "../i18n/catalog.server.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { pageMeta } from "../lib/meta.ts";
import { pageTextOf } from "../lib/page-text.server.ts";

const PATH = "/sectors";
const DEFAULT_SECTOR = "J";
const SORTS = ["rate", "country", "all"] as const;
type Sort = (typeof SORTS)[number];

/** A role family's slug (`it-engineering`): its form option's message is `forms.option.<slug>`. */
const slug = (family: RoleFamily) =>
  family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A role family as a form value: `role-it-engineering`. */
const roleValue = (family: RoleFamily) => `role-${slug(family)}`;

/** A role family's name in the page's language (the experience form's option label). */
const roleName = (intl: ReturnType<typeof useIntl>, family: RoleFamily) =>
  intl.formatMessage({ id: `forms.option.${slug(family)}` });

type Choice =
  | { kind: "sector"; code: string; value: string }
  | { kind: "role"; family: RoleFamily; code: string | null; value: string };

/** What the `sector` parameter names: a NACE Rev. 2 aggregate (`J`) or a role family (`role-healthcare`). */
function pickOf(raw: string | null): { pick: Choice; error: boolean } {
  const fallback = { kind: "sector" as const, code: DEFAULT_SECTOR, value: DEFAULT_SECTOR };
  if (raw === null || raw === "") return { pick: fallback, error: false };
  if (PICKABLE_SECTORS.includes(raw)) return { pick: { kind: "sector", code: raw, value: raw }, error: false };
  const family = ROLE_FAMILIES.find((f) => roleValue(f) === raw);
  if (family)
    return {
      pick: { kind: "role", family, code: ROLE_FAMILY_SECTORS[family]?.nace_r2 ?? null, value: raw },
      error: false,
    };
  return { pick: fallback, error: true };
}

/**
 * The query parameters the loader reads: any other is dropped by a redirect (server/site/page-query.ts), so without them the
 * form and the sort links would land on the default sector, sorted by rate.
 */
export const handle: PageHandle = { query: ["sector", "sort", "dir"] };

interface Row {
  code: string;
  rate: Pick<
    SectorRate,
    "value" | "period" | "flag" | "all_sectors" | "eu_value" | "s_adj" | "revision" | "code"
  > | null;
}

export function loader({ request, context }: SiteLoaderArgs) {
  const url = new URL(request.url);
  const { pick, error } = pickOf(url.searchParams.get("sector"));
  const sortParam = url.searchParams.get("sort");
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as Sort) : "rate";
  const asked = url.searchParams.get("dir");
  const dir: "asc" | "desc" | null = asked === "asc" || asked === "desc" ? asked : null;
  const state = context.read.publicationState(context.now);
  const codes = pick.code === null ? null : SECTOR_EQUIVALENTS[pick.code]!;
  const rows: Row[] = COUNTRIES.map((c) => {
    const snapshot = context.read.country(c.code, context.now)?.snapshot as PublishedSnapshot | null | undefined;
    const rate = codes === null || state.paused ? null : pickSector(snapshot?.sectors ?? [], codes);
    return {
      code: c.code,
      rate: rate && {
        value: rate.value,
        period: rate.period,
        flag: rate.flag,
        all_sectors: rate.all_sectors,
        eu_value: rate.eu_value,
        s_adj: rate.s_adj,
        revision: rate.revision,
        code: rate.code,
      },
    };
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
    messages: pageMessages(request, "sectors"),
  };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.meta.title ?? "Where the openings are: job vacancy rates by sector across Europe",
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
  const sectorLabel = pick.code === null ? null : sectorName(intl, { revision: "nace_r2", code: pick.code });
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
            {t("pick")}
          </label>
          <select
            id="sector-pick"
            name="sector"
            defaultValue={pick.value}
            key={pick.value}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-2 sm:px-3 text-slate-900"
          >
            <optgroup label={t("group.sectors")}>
              {PICKABLE_SECTORS.map((code) => (
                <option key={code} value={code}>
                  {sectorName(intl, { revision: "nace_r2", code })}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("group.roles")}>
              {ROLE_FAMILIES.map((family) => (
                <option key={family} value={roleValue(family)}>
                  {roleName(intl, family)}
                </option>
              ))}
            </optgroup>
          </select>
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
          {t("unknown", { sector: sectorLabel ?? "" })}
        </p>
      ) : null}

      {pick.kind === "role" ? (
        <p className="mt-4 text-slate-800" data-testid="role-note">
          {pick.code === null
            ? t("roleNone", { role: roleName(intl, pick.family) })
            : t("roleReads", { role: roleName(intl, pick.family), sector: sectorLabel ?? "" })}
        </p>
      ) : null}

      {data.paused ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {t("paused")}
        </p>
      ) : pick.code === null ? null : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm" data-testid="sector-table">
            <caption className="px-2 py-2 sm:px-3 text-left text-slate-700">
              {t("caption", { sector: sectorLabel ?? "", count: withRate, total: data.rows.length })}
            </caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                {header("country", t("col.country"))}
                {header("rate", t("col.rate"))}
                {header("all", t("col.allSectors"))}
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
                    <td className="px-2 py-2 sm:px-3 text-slate-600" colSpan={2}>
                      {t("notPublished")}
                    </td>
                  ) : (
                    <>
                      <td className="px-2 py-2 sm:px-3 tabular-nums">
                        <span className="font-semibold text-slate-900">{f.percent(r.rate.value)}</span>
                        <FlagMark flag={r.rate.flag} />
                        <span className="block text-xs text-slate-600">
                          {f.period(r.rate.period)}
                          {r.rate.s_adj === "NSA" ? ` · ${t("nsa")}` : ""}
                        </span>
                      </td>
                      <td className="px-2 py-2 sm:px-3 tabular-nums text-slate-800">
                        {r.rate.all_sectors !== null ? f.percent(r.rate.all_sectors) : "–"}
                        {r.rate.eu_value !== null ? (
                          <span className="block text-xs text-slate-600">
                            {t("eu", { rate: f.percent(r.rate.eu_value) })}
                          </span>
                        ) : null}
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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

/** The rows in the order asked for; countries without a figure always last, by name. */
function sortRows(rows: readonly Row[], sort: Sort, dir: "asc" | "desc", name: (code: string) => string): Row[] {
  const sign = dir === "asc" ? 1 : -1;
  const byName = (a: Row, b: Row) => name(a.code).localeCompare(name(b.code));
  const key = (r: Row): number | null =>
    r.rate === null ? null : sort === "rate" ? r.rate.value : sort === "all" ? r.rate.all_sectors : 0;
  return [...rows].sort((a, b) => {
    if (sort === "country") return sign * byName(a, b);
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === null && kb === null ? byName(a, b) : ka === null ? 1 : -1;
    return sign * (ka - kb) || byName(a, b);
  });
}
