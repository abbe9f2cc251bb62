// "Real experiences from job seekers here" (docs/product.md §2, §4, §5, §7, §8): the collapsed card, the share form with
// its toasts word for word, the list of the 10 newest experiences and the summary counts. The form's HTML is part of
// the page (without JavaScript it is what the visitor posts); its code loads when the browser shows it (below).
import { countryPhrase } from "../../../product/country-phrases.ts";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useIntl } from "react-intl";
import type { ExperienceSummary, PublicExperience } from "../../../product/shapes.ts";
import { relativeTimeParts } from "../../../product/format.ts";
import { canSummarise, okOrBetterPercent } from "../lib/community.ts";
import { fixedIn } from "../lib/intl-numbers.ts";
import { optionLabel, useFormPost } from "./form-post.tsx";
import { preloadToasts } from "../lib/toast.ts";
import { useFormat } from "../i18n/format.ts";

/**
 * The form's code loads when the form is shown by the browser, not with the page: the server renders it in place
 * (inside the closed card, for a browser without JavaScript), and the browser, hydrating, leaves that server HTML in
 * its Suspense boundary as it is until the code is there. A closed card's form is removed as soon as the page has
 * hydrated, so its code and its hydration are skipped; an open one (a refused post) hydrates once its code arrives
 * (docs/decisions/017-page-weight.md).
 */
const loadFormBody = () => import("./experience/experience-form.tsx");
const ExperienceFormBody = lazy(loadFormBody);

/**
 * The share card (docs/product.md §4): the call to share, and a native disclosure, so it opens with or without
 * JavaScript, holding the form (experience/experience-form.tsx), which posts itself to this page without JavaScript
 * (api/routes/form-posts.ts). It is open when this page answers a refused post; `#share` is where an accepted one
 * comes back, with the success text.
 */
function ExperienceForm({ countryCode, countryName }: { countryCode: string; countryName: string }) {
  const intl = useIntl();
  const { refused, sent } = useFormPost("experience");
  const details = useRef<HTMLDetailsElement>(null);
  const warm = () => {
    void preloadToasts();
    void loadFormBody();
  };
  // The form is in the page's HTML (a browser without JavaScript posts it); once hydrated it is mounted while the
  // card is open only, so each opening starts a fresh form, as before.
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(refused !== null);
  useEffect(() => setHydrated(true), []);
  return (
    // Open, the form (a card of its own, with its title) takes the call's place and the whole width.
    <div className="group rounded-xl border border-slate-200 bg-white has-[details[open]]:border-transparent has-[details[open]]:bg-transparent">
      {sent ? (
        <p
          role="status"
          className="rounded-t-xl border-b border-brand-100 bg-brand-50 px-5 py-3 text-sm text-slate-800"
        >
          {intl.formatMessage({ id: "forms.experience.toast.success" })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3 p-5 has-[details[open]]:p-0">
        <div className="min-w-0 flex-1 basis-64 group-has-[details[open]]:hidden">
          <p className="font-semibold">
            {intl.formatMessage(
              { id: "forms.community.cta.title" },
              { inCountry: countryPhrase(intl.locale, countryCode, "in") },
            )}
          </p>
          <p className="text-sm text-slate-700">{intl.formatMessage({ id: "forms.community.cta.body" })}</p>
        </div>
        <details
          id="share"
          ref={details}
          open={refused ? true : undefined}
          onToggle={(e) => setOpen(e.currentTarget.open)}
          className="open:basis-full"
        >
          <summary
            onPointerEnter={warm}
            onFocus={warm}
            onTouchStart={warm}
            className="inline-flex cursor-pointer list-none rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {intl.formatMessage({ id: "forms.community.cta.button" })}
          </summary>
          {!hydrated || open ? (
            <div className="mt-4">
              <Suspense>
                <ExperienceFormBody
                  countryCode={countryCode}
                  countryName={countryName}
                  onClose={() => {
                    if (details.current) details.current.open = false;
                  }}
                />
              </Suspense>
            </div>
          ) : null}
        </details>
      </div>
    </div>
  );
}

const MOOD_EMOJI: Record<number, string> = { 1: "😣", 2: "😕", 3: "😐", 4: "🙂", 5: "😄" };

function ExperienceList({ items, now }: { items: PublicExperience[]; now: string }) {
  const intl = useIntl();
  const revalidator = useRevalidator();
  if (revalidator.state === "loading" && items.length === 0)
    return <p className="text-slate-600">{intl.formatMessage({ id: "forms.community.loading" })}</p>;
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        {intl.formatMessage({ id: "forms.community.empty" })}
      </p>
    );
  const ago = (iso: string) => {
    const parts = relativeTimeParts(iso, now);
    return parts
      ? intl.formatRelativeTime(parts.value, parts.unit, { numeric: "auto" })
      : intl.formatMessage({ id: "forms.community.justNow" });
  };
  return (
    <ul className="space-y-3" aria-busy={revalidator.state === "loading"}>
      {items.map((x) => (
        <li key={x.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">
              <span aria-hidden className="mr-1.5">
                {MOOD_EMOJI[x.mood]}
              </span>
              {optionLabel(intl, x.mood_label)}
              <span className="ml-2 text-sm font-normal text-slate-600">
                {optionLabel(intl, x.role_family)} · {optionLabel(intl, x.seniority)} · {optionLabel(intl, x.residency)}
                {x.local_language ? ` · ${intl.formatMessage({ id: "forms.community.speaksLocal" })}` : ""}
              </span>
            </p>
            <time dateTime={x.created_at} className="text-xs text-slate-600">
              {ago(x.created_at)}
            </time>
          </div>
          {x.comment ? (
            <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{x.comment}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Counts, average and share of the moods shared here: from the minimum number of experiences on
 * (web/app/lib/community.ts); below it, how many there are. Five tiles in one row on wide screens, two and three on a
 * phone (never one left alone).
 */
function ExperienceSummaryView({ summary }: { summary: ExperienceSummary }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `forms.community.${id}` }, values);
  if (summary.count === 0) return null;
  if (!canSummarise(summary.count)) {
    return (
      <p
        className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
        data-testid="community-too-few"
      >
        {t("tooFew", { count: summary.count })}
      </p>
    );
  }
  const share = okOrBetterPercent(summary);
  const tiles: Array<[string, string]> = [
    [t("tile.experiences"), intl.formatNumber(summary.count)],
    [t("tile.averageMood"), summary.average_mood !== null ? `${fixedIn(intl, summary.average_mood, 1)} / 5` : "–"],
    [t("tile.positive"), intl.formatNumber(summary.positive)],
    [t("tile.neutral"), intl.formatNumber(summary.neutral)],
    [t("tile.frustrated"), intl.formatNumber(summary.frustrated)],
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-6 gap-2 sm:grid-cols-5 sm:gap-3" aria-label={t("summary")}>
        {tiles.map(([k, v], i) => (
          <div
            key={k}
            className={`rounded-lg border border-slate-200 bg-white p-3 ${i < 2 ? "col-span-3" : "col-span-2"} sm:col-span-1`}
            data-testid="community-tile"
          >
            <dt className="text-xs text-slate-600">{k}</dt>
            <dd className="text-lg font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      {share !== null ? <p className="text-sm text-slate-700">{t("okOrBetter", { share: share / 100 })}</p> : null}
    </div>
  );
}

export function CommunitySection({
  countryCode,
  countryName,
  items,
  summary,
  now,
}: {
  countryCode: string;
  countryName: string;
  items: PublicExperience[];
  summary: ExperienceSummary;
  now: string;
}) {
  const intl = useIntl();
  const f = useFormat();
  // The country's name in the page's language (English: the name given), for the call to share and the form's title.
  const name = f.locale === "en" ? countryName : f.country(countryCode);
  return (
    <section aria-labelledby="community-title" className="mt-12">
      <h2 id="community-title" className="text-2xl font-semibold tracking-tight">
        {intl.formatMessage({ id: "forms.community.title" })}
      </h2>
      <div className="mt-4 space-y-4">
        <ExperienceForm countryCode={countryCode} countryName={name} />
        <ExperienceSummaryView summary={summary} />
        <ExperienceList items={items} now={now} />
      </div>
    </section>
  );
}
