// The contact page's form (docs/product.md §2, §5): the fields, the send button and its outcome, and the notes under it.
// Its state and sending are useContactForm's.
import type { ContactTopic } from "../../../../product/options.ts";
import { Honeypot } from "../honeypot.tsx";
import { SendButton } from "../form-fields.tsx";
import { FormRefusal, PrivacyNote, retentionValues } from "../form-post.tsx";
import { ContactFields } from "./contact-fields.tsx";
import { useContactForm, useContactText } from "./use-contact-form.ts";

export function ContactFormSection({
  asked,
  retentionDays,
}: {
  asked: ContactTopic | null;
  retentionDays: number | null;
}) {
  const t = useContactText();
  const { form, errors, focus, submitting, sent, refused, formRef, set, submit } = useContactForm(asked);
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
        <ContactFields form={form} errors={errors} set={set} focus={focus} />
        <Honeypot value={form.website} onChange={(v) => set("website", v)} />
        <div className="flex flex-wrap items-center gap-3">
          <SendButton disabled={submitting} wide done={sent ? t("sent") : null}>
            {submitting ? t("sending") : t("send")}
          </SendButton>
        </div>
        <p className="text-xs text-slate-600">
          {retentionDays !== null ? `${t("retention", retentionValues(retentionDays))} ` : null}
          <PrivacyNote id="forms.contact.seePrivacy" />
        </p>
      </form>
    </section>
  );
}
