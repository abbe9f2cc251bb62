// The privacy notice: what is stored, who reads it, how long it is kept and how to have it deleted, as the code
// does it (api/db/: experiences, waiting_list, contact_messages; api/retention.ts; api/db/rate-limits.ts; the
// request log of api/app.ts). The retention is the server's own setting (JWI_LEADS_RETENTION_DAYS). Every text
// comes from the legal catalogue (web/app/i18n/messages/<locale>/legal.json, docs/i18n-pages.md).
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
      title: t("legal.privacy.meta.title"),
      description: t("legal.privacy.meta.description", { product: PRODUCT_NAME }),
    },
    messages: pageMessages(request, "privacy"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.meta.title, description: args.data?.meta.description });

const DELETE_LINK = `/contact?topic=${DELETE_MY_DATA_TOPIC}`;

export default function Privacy() {
  const days = useRouteLoaderData<RootData>("root")?.site.leadsRetentionDays;
  const intl = useIntl();
  const to = useProseLinks();
  const t = (id: string) => intl.formatMessage({ id: `legal.privacy.${id}` });
  const p = (id: string, values?: Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>) => (
    <FormattedMessage id={`legal.privacy.${id}`} values={values} />
  );
  return (
    <ProsePage title={t("title")} intro={t("intro")}>
      <h2>{t("dont.title")}</h2>
      <ul>
        <li>{t("dont.1")}</li>
        <li>{t("dont.2")}</li>
        <li>{t("dont.3")}</li>
      </ul>

      <h2>{t("messages.title")}</h2>
      <p>{p("messages.body", { link: to("/contact") })}</p>

      <h2>{t("waiting.title")}</h2>
      <p>{t("waiting.body")}</p>

      <h2>{t("retention.title")}</h2>
      <p data-testid="retention">
        {p("retention.body", days === undefined ? { unit: "none", count: 0 } : retentionValues(days))}
      </p>

      <h2>{t("experiences.title")}</h2>
      <p>{p("experiences.body", { link: to("/terms") })}</p>

      <h2>{t("delete.title")}</h2>
      <p>
        {p("delete.body", {
          link: to(DELETE_LINK),
          topic: intl.formatMessage({ id: `forms.contact.topic.${DELETE_MY_DATA_TOPIC}` }),
        })}
      </p>

      <h2>{t("operator.title")}</h2>
      <p>{t("operator.body")}</p>

      <h2>{t("technical.title")}</h2>
      <p>{t("technical.body")}</p>
    </ProsePage>
  );
}
