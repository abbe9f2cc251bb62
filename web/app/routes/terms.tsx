// The terms of use. Every text comes from the legal catalogue (web/app/i18n/messages/<locale>/legal.json,
// docs/i18n-pages.md); the retention is the server's own setting, as on the privacy page.
import type { ReactNode } from "react";
import { useRouteLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { DELETE_MY_DATA_TOPIC } from "../../../product/options.ts";
import { pageMeta } from "../lib/meta.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { ProsePage, useProseLinks } from "../components/prose.tsx";
import { retentionValues } from "../components/form-post.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import type { RootData } from "../root.tsx";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";

export function loader({ request }: SiteLoaderArgs) {
  const t = pageTextOf(request);
  return {
    meta: {
      title: t("legal.terms.meta.title"),
      description: t("legal.terms.meta.description", { product: PRODUCT_NAME }),
    },
    messages: pageMessages(request, "terms"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.meta.title, description: args.data?.meta.description });

export default function Terms() {
  const days = useRouteLoaderData<RootData>("root")?.site.leadsRetentionDays;
  const intl = useIntl();
  const to = useProseLinks();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `legal.terms.${id}` }, values);
  const p = (id: string, values?: Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>) => (
    <FormattedMessage id={`legal.terms.${id}`} values={values} />
  );
  return (
    <ProsePage title={t("title")} intro={t("intro", { product: PRODUCT_NAME })}>
      <h2>{t("guidance.title")}</h2>
      <p>{t("guidance.body")}</p>
      <h2>{t("data.title")}</h2>
      <p>{p("data.body", { link: to("/methodology") })}</p>
      <h2>{t("community.title")}</h2>
      <p>{p("community.body", { link: to(`/contact?topic=${DELETE_MY_DATA_TOPIC}`) })}</p>
      <h2>{t("messages.title")}</h2>
      <p>
        {p("messages.body", {
          contact: to("/contact"),
          privacy: to("/privacy"),
          ...(days === undefined ? { unit: "none", count: 0 } : retentionValues(days)),
        })}
      </p>
      <h2>{t("trademark.title")}</h2>
      <p>{t("trademark.body", { product: PRODUCT_NAME })}</p>
      <h2>{t("changes.title")}</h2>
      <p>{t("changes.body")}</p>
    </ProsePage>
  );
}
