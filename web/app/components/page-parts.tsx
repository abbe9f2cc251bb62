// Small building blocks shared by the country pages: back button, breadcrumbs, the panels (a section or a card),
// the help card.
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import * as Collapsible from "./disclosure.tsx";
import { useIntl } from "react-intl";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { ArrowLeftIcon, ChevronDownIcon, ChevronRightIcon } from "./icons.tsx";

/** Back: to the previous page of this visit when there is one, else home (also without JavaScript). */
export function BackButton({ label, home = false }: { label?: string; home?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <Link
      to={to("/")}
      onClick={(e) => {
        if (!home && location.key !== "default") {
          e.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
    >
      <ArrowLeftIcon className="h-4 w-4" />
      {label ?? intl.formatMessage({ id: "common.back" })}
    </Link>
  );
}

export function Breadcrumbs({ items }: { items: Array<{ label: string; to?: string }> }) {
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <nav aria-label={intl.formatMessage({ id: "common.breadcrumb" })} className="hidden md:block">
      <ol className="flex items-center gap-1 text-sm text-slate-600">
        {items.map((item, i) => (
          <li key={item.label} className="flex items-center gap-1">
            {i > 0 ? <ChevronRightIcon className="h-4 w-4 text-slate-400" /> : null}
            {item.to ? (
              <Link to={to(item.to)} className="hover:text-slate-900 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * One panel for every width: a collapsible section on small screens (readable without JavaScript: all sections then
 * show open) and a card on large ones, where it is always open and its title is a plain heading (the button is out of
 * the page there, so no screen reader hears a "collapsed" control beside visible text). One copy in the page instead
 * of a card and a section each (docs/decisions/017-page-weight.md).
 */
export function Section({
  title,
  wideTitle = title,
  defaultOpen = false,
  className = "",
  children,
}: {
  title: string;
  wideTitle?: string;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
      <Collapsible.Root defaultOpen={defaultOpen}>
        {/* The heading holds the button (a heading inside a button is invalid HTML, and hides the heading from
            screen readers' heading lists): the accordion pattern of the WAI-ARIA practices. */}
        <h2 className="text-lg font-semibold">
          <Collapsible.Trigger className="group flex w-full items-center justify-between px-5 py-4 text-left lg:hidden">
            {title}
            <ChevronDownIcon
              aria-hidden
              data-nojs-open-chevron
              className="h-5 w-5 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
            />
          </Collapsible.Trigger>
          <span className="hidden px-5 pt-5 pb-4 lg:block">{wideTitle}</span>
        </h2>
        <Collapsible.Content data-nojs-open className="px-5 pb-5 data-[state=closed]:hidden lg:block!">
          {children}
        </Collapsible.Content>
      </Collapsible.Root>
    </section>
  );
}

/** Help card (docs/product.md §2): the two promoted services. */
export function HelpCard() {
  const intl = useIntl();
  const lp = useLocalePath();
  const t = (id: string) => intl.formatMessage({ id: `country.help.${id}` });
  return (
    <section
      aria-labelledby="help-title"
      className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:flex sm:items-center sm:justify-between sm:gap-6"
    >
      <div>
        <h2 id="help-title" className="font-semibold text-brand-900">
          {t("title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("text")}</p>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:mt-0 sm:flex-row">
        <Link
          to={lp("/waiting-list/career-consultant")}
          className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("consultant")}
        </Link>
        <Link
          to={lp("/waiting-list/cv-upgrade")}
          className="rounded-md border border-brand-600 bg-white px-4 py-2 text-center text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t("cv")}
        </Link>
      </div>
    </section>
  );
}

/**
 * The two dates of a page, named for what they are (docs/product.md §2 "Dates"): "data to July 2026" (the newest
 * month of input behind the score) and "published 25 November 2026" (the publication), in the share card's words.
 */
export function DatesLine({ anchorMonth, publishedAt }: { anchorMonth: string | null; publishedAt: string | null }) {
  const f = useFormat();
  const parts = [anchorMonth ? f.dataTo(anchorMonth) : null, publishedAt ? f.published(publishedAt) : null].filter(
    (p): p is string => p !== null,
  );
  if (parts.length === 0) return null;
  // A line of its own starts with a capital, in the text itself (not only in the style), whatever the language.
  const line = parts.join(" · ");
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="dates">
      {line.charAt(0).toLocaleUpperCase(f.locale) + line.slice(1)}
    </p>
  );
}

/** Numbered steps, each a title and a line under it ("Your Next Moves", what happens after a waiting-list request). */
export function NumberedSteps({
  steps,
  className,
  testId,
}: {
  /** `tag`: shown after the title (the advice's "General tip"). */
  steps: ReadonlyArray<{ title: string; text: string; tag?: ReactNode }>;
  className: string;
  testId?: string;
}) {
  return (
    <ol className={className} data-testid={testId}>
      {steps.map((s, i) => (
        <li key={s.title} className="flex gap-3">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
            {i + 1}
          </span>
          <span>
            <span className="block font-medium">
              {s.title}
              {s.tag}
            </span>
            <span className="block text-sm text-slate-700">{s.text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
