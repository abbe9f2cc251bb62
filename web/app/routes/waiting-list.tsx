// /waiting-list/{service} (docs/product.md §2, §4, §5, §7): the lead form of the two services
// (components/waiting-list/), beside what happens next. An unknown service falls back to career-consultant.
import { redirect, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { WAITING_LIST_SERVICES, type WaitingListService } from "../../../product/options.ts";
import { pageMeta } from "../lib/meta.ts";
import { BackButton } from "../components/page-parts.tsx";
import { WaitingListForm } from "../components/waiting-list/waiting-list-form.tsx";
import { NextSteps } from "../components/waiting-list/next-steps.tsx";
import { useWaitingListText } from "../components/waiting-list/use-waiting-list-form.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import type { PageHandle, SiteLoadContext } from "../lib/context.ts";
import { localeFromPath, localePath } from "../i18n/locales.ts";
import { formAction } from "../lib/form-action.server.ts";
import { SENT_PARAM } from "../../../product/forms.ts";

/** Message ids of a service's title and introduction (`forms.waitingList.<key>.title`, `….intro`). */
const SERVICE_KEY: Record<WaitingListService, string> = {
  "career-consultant": "careerConsultant",
  "cv-upgrade": "cvUpgrade",
};

/** The query parameters this page reads (any other is dropped by a redirect: server/site/page-query.ts). */
export const handle: PageHandle = { query: [SENT_PARAM] };

export function loader({ params, request }: LoaderFunctionArgs) {
  const service = WAITING_LIST_SERVICES.find((s) => s.id === params.service);
  // In the page's language, as every redirect of the site.
  if (!service)
    throw redirect(localePath(localeFromPath(new URL(request.url).pathname), "/waiting-list/career-consultant"));
  const t = pageTextOf(request);
  const key = SERVICE_KEY[service.id];
  return {
    service: service.id,
    meta: { title: t(`forms.waitingList.${key}.title`), description: t(`forms.waitingList.${key}.intro`) },
    messages: pageMessages(request, "waiting-list"),
  };
}

/** A form posted without JavaScript and refused: this page again, with why (web/app/lib/form-action.server.ts). */
export const action = ({ context }: { context: SiteLoadContext }) => formAction(context, "waitingList");

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.meta.title, description: args.data?.meta.description });

export default function WaitingListPage() {
  const { service } = useLoaderData<typeof loader>();
  const t = useWaitingListText();
  const key = SERVICE_KEY[service];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <BackButton />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="wl-title">
          <h1 id="wl-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t(`${key}.title`)}
          </h1>
          <p className="mt-3 text-slate-700">{t(`${key}.intro`)}</p>
          <WaitingListForm service={service} />
        </section>
        <NextSteps />
      </div>
    </div>
  );
}
