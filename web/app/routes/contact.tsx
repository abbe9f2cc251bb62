// /contact (docs/product.md §2, §5): the contact form, stored by POST /api/contact and read by the operator only.
// Every check is the server's (api/schemas.ts): the page sends what was typed and shows the server's field errors
// beside their fields (a refused message does not count against the rate limit). `?topic=delete-my-data`
// preselects a topic (the privacy page links there).
import { useLoaderData, useRouteLoaderData, type MetaFunction } from "react-router";
import { CONTACT_TOPICS } from "../../../product/options.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoadContext, SiteLoaderArgs, PageHandle } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import type { RootData } from "../root.tsx";
import { pageTextOf } from "../lib/page-text.server.ts";
import { ContactFormSection } from "../components/contact/contact-form.tsx";
import { ContactAside } from "../components/contact/contact-aside.tsx";
import { useContactText } from "../components/contact/use-contact-form.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { formAction } from "../lib/form-action.server.ts";
import { SENT_PARAM } from "../../../product/forms.ts";

/** The query parameters this page reads (any other is dropped by a redirect: server/site/page-query.ts). */
export const handle: PageHandle = { query: ["topic", SENT_PARAM] };

export function loader({ request }: SiteLoaderArgs) {
  const asked = new URL(request.url).searchParams.get("topic");
  const topic = CONTACT_TOPICS.find((t) => t.id === asked)?.id ?? null;
  const t = pageTextOf(request);
  return {
    topic,
    meta: {
      title: t("forms.contact.meta.title"),
      description: t("forms.contact.meta.description", { product: PRODUCT_NAME }),
    },
    messages: pageMessages(request, "contact"),
  };
}

/** A form posted without JavaScript and refused: this page again, with why (web/app/lib/form-action.server.ts). */
export const action = ({ context }: { context: SiteLoadContext }) => formAction(context, "contact");

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.meta.title, description: args.data?.meta.description });

export default function Contact() {
  const { topic: asked } = useLoaderData<typeof loader>();
  const t = useContactText();
  const site = useRouteLoaderData<RootData>("root")?.site;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("intro")}</p>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ContactFormSection asked={asked} retentionDays={site?.leadsRetentionDays ?? null} />
        <ContactAside feedbackUrl={site?.feedbackUrl ?? null} />
      </div>
    </div>
  );
}
