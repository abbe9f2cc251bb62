// Every figure can be checked at its source (docs/data-sources.md §8, docs/product.md "Flags and sources"): Eurostat's
// flag beside a value that carries one (a short mark with its name for screen readers, and a legend on the page), and
// "Check it at the source" under an input: its table (code and name in the page's language), series (the pinned
// dimensions in words), period, flag and release, with two links: the table in Eurostat's data browser and the API
// query of this country's series (DG ECFIN's page for its EEI). A native <details>: closed, it costs one line.
import { createContext, useContext, type ReactNode } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { flagNames } from "./flag-mark.tsx";
import { tableName } from "../lib/table-name.ts";
import { sourceLinks } from "../../../lib/source-links.ts";
import type { PublishedSource } from "../../../pipeline/provenance.ts";
import { useFormat } from "../i18n/format.ts";
import { dayIn } from "../lib/intl-numbers.ts";

/** A figure's source as a page receives it: the published one (pipeline/provenance.ts) without its file and links. */
export type PageSource = Omit<PublishedSource, "file" | "browser_url" | "api_url">;

/** The sources of a country page's inputs, by input (web/app/lib/country.server.ts), for the figures that show them. */
const PageSourcesContext = createContext<Readonly<Partial<Record<string, PageSource>>>>({});
export const PageSourcesProvider = PageSourcesContext.Provider;
export const usePageSources = () => useContext(PageSourcesContext);

/**
 * A pinned dimension's code in words (`sources.code.s_adj.SA`: "seasonally adjusted"; a sector by its name,
 * `sectors.name.nace_r2.J`); a code the catalogues do not know: `dimension=CODE`.
 */
function codeWords(intl: IntlShape, dimension: string, code: string): string {
  for (const id of [`sources.code.${dimension}.${code}`, `sectors.name.${dimension}.${code}`]) {
    if (intl.messages[id] !== undefined) return intl.formatMessage({ id });
  }
  return `${dimension}=${code}`;
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {children}
      <span className="sr-only">{` ${intl.formatMessage({ id: "sources.newTab" })}`}</span>
    </a>
  );
}

/** One source's facts and links. */
function SourceFacts({ source: s, label, input }: { source: PageSource; label?: string; input?: string }) {
  const intl = useIntl();
  const f = useFormat();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const links = sourceLinks(s.table, s.geo, s.series);
  const series = Object.entries(s.series);
  return (
    <div
      className="mt-2 first:mt-1"
      data-input={input}
      data-source-table={s.table}
      data-source-period={s.period}
      data-source-flag={s.flag ?? ""}
    >
      {label ? <p className="font-medium">{label}</p> : null}
      <dl>
        <dt>{t("sources.field.table")}</dt>
        <dd>{`${s.table} · ${tableName(intl, s.table)}`}</dd>
        {series.length > 0 ? (
          <>
            <dt>{t("sources.field.series")}</dt>
            <dd>
              {series.map(([d, c]) => codeWords(intl, d, c)).join(" · ")}
              <code>{series.map(([d, c]) => `${d}=${c}`).join(", ")}</code>
            </dd>
          </>
        ) : null}
        <dt>{t("sources.field.period")}</dt>
        <dd>{f.period(s.period)}</dd>
        <dt>{t("sources.field.flag")}</dt>
        <dd>{s.flag ? `${s.flag} (${flagNames(intl, s.flag)})` : t("sources.noFlag")}</dd>
        <dt>{t("sources.field.release")}</dt>
        <dd>
          {s.release ? (
            <time dateTime={s.release.slice(0, 10)}>{dayIn(intl, s.release.slice(0, 10))}</time>
          ) : (
            t("sources.undated")
          )}
        </dd>
      </dl>
      {links.browser_url || links.api_url ? (
        <p className="src-links">
          {links.browser_url ? (
            <ExternalLink href={links.browser_url}>
              {s.table === "ecfin_eei" ? t("sources.link.ecfin") : t("sources.link.browser", { table: s.table })}
            </ExternalLink>
          ) : null}
          {links.api_url ? <ExternalLink href={links.api_url}>{t("sources.link.api")}</ExternalLink> : null}
        </p>
      ) : (
        <p className="mt-1">{t("sources.iab")}</p>
      )}
    </div>
  );
}

/**
 * "Check it at the source" under a figure: one source, or several parts (competition: the unemployment rate and the
 * vacancy rate it divides), each labelled. `figure` names the figure for screen readers (every summary says the same).
 */
export function SourceCheck({
  figure,
  parts,
  className = "",
}: {
  figure: string;
  /** Each source shown, with the input it is (`unemployment`, `sector_vacancy`) and its label among several. */
  parts: ReadonlyArray<{ input?: string; label?: string; source: PageSource | null | undefined }>;
  className?: string;
}) {
  const intl = useIntl();
  const shown = parts.filter((p): p is { input?: string; label?: string; source: PageSource } => Boolean(p.source));
  if (shown.length === 0) return null;
  return (
    <details className={className ? `src-check ${className}` : "src-check"} data-testid="source-check">
      <summary>
        {`${intl.formatMessage({ id: "sources.check" })}`}
        <span className="sr-only">{`: ${figure}`}</span>
      </summary>
      {shown.map((p, i) => (
        <SourceFacts
          key={`${p.source.table}|${p.source.period}|${i}`}
          source={p.source}
          label={p.label}
          input={p.input}
        />
      ))}
    </details>
  );
}
