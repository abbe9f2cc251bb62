// The contact page's aside: where other questions go (the method, one's data, help with a job search, feedback).
import { Link } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocalePath } from "../../i18n/use-locale.ts";
import { ExternalIcon } from "../icons.tsx";
import { useContactText } from "./use-contact-form.ts";

const asideLink = "text-brand-700 underline underline-offset-2";

export function ContactAside({ feedbackUrl }: { feedbackUrl: string | null }) {
  const intl = useIntl();
  const lp = useLocalePath();
  const t = useContactText();
  return (
    <aside
      aria-labelledby="contact-other-title"
      className="h-fit space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="contact-other-title" className="text-xl font-semibold">
        {t("aside.title")}
      </h2>
      <div>
        <h3 className="font-medium">{t("aside.score.title")}</h3>
        <p className="mt-1 text-sm text-slate-700">
          <FormattedMessage
            id="forms.contact.aside.score.body"
            values={{
              link: (chunks) => (
                <Link to={lp("/methodology")} className={asideLink}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </div>
      <div>
        <h3 className="font-medium">{t("aside.data.title")}</h3>
        <p className="mt-1 text-sm text-slate-700">
          <FormattedMessage
            id="forms.contact.aside.data.body"
            values={{
              link: (chunks) => (
                <Link to={lp("/privacy")} className={asideLink}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </div>
      <div>
        <h3 className="font-medium">{t("aside.help.title")}</h3>
        <p className="mt-1 text-sm text-slate-700">
          <FormattedMessage
            id="forms.contact.aside.help.body"
            values={{
              consultant: (chunks) => (
                <Link to={lp("/waiting-list/career-consultant")} className={asideLink}>
                  {chunks}
                </Link>
              ),
              cv: (chunks) => (
                <Link to={lp("/waiting-list/cv-upgrade")} className={asideLink}>
                  {chunks}
                </Link>
              ),
              nowrap: (chunks) => <span className="whitespace-nowrap">{chunks}</span>,
            }}
          />
        </p>
      </div>
      {feedbackUrl ? (
        <div>
          <h3 className="font-medium">{t("aside.feedback.title")}</h3>
          <p className="mt-1 text-sm text-slate-700">
            <FormattedMessage
              id="forms.contact.aside.feedback.body"
              values={{
                link: (chunks) => (
                  <a href={feedbackUrl} target="_blank" rel="noopener noreferrer" className={asideLink}>
                    {chunks}
                    <ExternalIcon className="ml-1 inline h-3.5 w-3.5 align-[-2px]" />
                    <span className="sr-only"> {intl.formatMessage({ id: "forms.newTab" })}</span>
                  </a>
                ),
              }}
            />
          </p>
        </div>
      ) : null}
    </aside>
  );
}
