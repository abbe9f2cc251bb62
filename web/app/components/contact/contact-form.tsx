// The contact page's form (docs/product.md §2, §5): the fields, the send button and its outcome, and the notes under it.
// Its state and sending are useContactForm's.
import { Link } from "react-router";
import { FormattedMessage } from "react-intl";
import { useLocalePath } from "../../i18n/use-locale.ts";
import type { ContactTopic } from "../../../../product/options.ts";
import { Honeypot } from "../honeypot.tsx";
import { firstInvalid, FormRefusal, retentionValues } from "../form-fields.tsx";
import { ContactFields } from "./contact-fields.tsx";
import { CONTACT_FIELDS, useContactForm, useContactText } from "./use-contact-form.ts";

export function ContactFormSection({
  asked,
  retentionDays,
}: {
  asked: ContactTopic | null;
  retentionDays: number | null;
}) {
  const lp = useLocalePath();
  const t = useContactText();
  const { form, errors, submitting, sent, refused, formRef, set, submit } = useContactForm(asked);
  return (
    <section aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="sr-only">
        {t("formTitle")}
      </h2>
      <form
        ref={formRef}
        method="post"
        onSubmit={submit}
        noValidate
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        data-testid="contact-form"
      >
        <p className="text-sm text-slate-600">{t("allRequired")}</p>
        <FormRefusal outcome={refused} />
        <ContactFields
          form={form}
          errors={errors}
          set={set}
          focus={refused ? firstInvalid(CONTACT_FIELDS, errors) : undefined}
        />
        <Honeypot value={form.website} onChange={(v) => set("website", v)} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
          >
            {submitting ? t("sending") : t("send")}
          </button>
          {sent ? (
            <p role="status" className="text-sm text-good">
              {t("sent")}
            </p>
          ) : null}
        </div>
        <p className="text-xs text-slate-600">
          {retentionDays !== null ? `${t("retention", retentionValues(retentionDays))} ` : null}
          <FormattedMessage
            id="forms.contact.seePrivacy"
            values={{
              link: (chunks) => (
                <Link to={lp("/privacy")} className="underline">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </form>
    </section>
  );
}
