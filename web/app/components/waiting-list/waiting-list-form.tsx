// The waiting-list form (docs/product.md §2, §5): name, email, phone and message, the send button and its outcome,
// and the privacy note; above it, what a request accepted without JavaScript comes back to. Its state and sending
// are useWaitingListForm's.
import { WAITING_LIST_MESSAGE_MAX_LENGTH, type WaitingListService } from "../../../../product/options.ts";
import { useIntl } from "react-intl";
import { Honeypot } from "../honeypot.tsx";
import { SendButton, TextAreaField, TextField, fieldPropsOf } from "../form-fields.tsx";
import { FormRefusal, PrivacyNote } from "../form-post.tsx";
import { useWaitingListForm, useWaitingListText } from "./use-waiting-list-form.ts";

export function WaitingListForm({ service }: { service: WaitingListService }) {
  const intl = useIntl();
  const t = useWaitingListText();
  const state = useWaitingListForm(service);
  const { form, submitting, done, refused, formRef, set, submit } = state;
  const field = fieldPropsOf("wl", state);
  return (
    <>
      {state.sent ? (
        <p role="status" className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          <span className="block font-semibold">{t("toast.success.title")}</span>
          {t("toast.success.body")}
        </p>
      ) : null}
      <form
        ref={formRef}
        method="post"
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <p className="text-sm text-slate-600">{intl.formatMessage({ id: "forms.requiredMarked" })}</p>
        <FormRefusal outcome={refused} />
        <TextField {...field("name")} label={t("name")} required autoComplete="name" />
        <TextField {...field("email")} type="email" label={t("email")} required autoComplete="email" />
        <TextField {...field("phone")} type="tel" label={t("phone")} autoComplete="tel" />
        <TextAreaField
          {...field("message")}
          label={t("message")}
          required
          rows={4}
          placeholder={t("message.placeholder")}
          counter={{ length: form.message.length, max: WAITING_LIST_MESSAGE_MAX_LENGTH }}
        />
        <Honeypot value={form.website} onChange={(v) => set("website", v)} />
        <SendButton disabled={submitting || done} wide done={done ? t("done") : null}>
          {submitting ? t("submitting") : t("submit")}
        </SendButton>
        <p className="text-xs text-slate-600">
          <PrivacyNote id="forms.waitingList.privacy" />
        </p>
      </form>
    </>
  );
}
