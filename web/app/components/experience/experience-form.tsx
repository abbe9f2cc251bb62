// The share form of "Real experiences from job seekers here" (docs/product.md §4, §5, §7, §8), in the share card
// (community.tsx): its title, the fields (experience-fields.tsx), the honeypot and the send and cancel buttons. Its
// state and sending are useExperienceForm's; without JavaScript the browser posts it to its page.
import { useIntl } from "react-intl";
import { countryPhrase } from "../../../../product/country-phrases.ts";
import { CloseIcon } from "../icons.tsx";
import { Honeypot } from "../honeypot.tsx";
import { SendButton } from "../form-fields.tsx";
import { FormRefusal } from "../form-post.tsx";
import { ExperienceFields } from "./experience-fields.tsx";
import { useExperienceForm, useExperienceText } from "./use-experience-form.ts";

export default function ExperienceForm({
  countryCode,
  // The title names the country as a sentence does ("in the Netherlands", "w Niemczech"): from its code.
  countryName: _countryName,
  onClose,
}: {
  countryCode: string;
  countryName: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useExperienceText();
  const { form, errors, focus, submitting, refused, formRef, set, submit } = useExperienceForm(countryCode, onClose);
  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={submit}
      noValidate
      className="relative rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="share-title"
    >
      <button
        type="button"
        onClick={onClose}
        data-nojs-hide
        aria-label={t("close")}
        className="absolute right-3 top-3 inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-slate-100"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
      <h3 id="share-title" className="pr-10 font-semibold">
        {t("title", { inCountry: countryPhrase(intl.locale, countryCode, "in") })}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{intl.formatMessage({ id: "forms.requiredMarked" })}</p>
      <p className="mt-1 text-sm text-slate-700" id="share-public" data-testid="share-public">
        {t("public")}
      </p>
      <div className="mt-3">
        <FormRefusal outcome={refused} />
      </div>
      <ExperienceFields form={form} errors={errors} set={set} focus={focus} />
      <Honeypot value={form.website} onChange={(v) => set("website", v)} />
      <div className="mt-5 flex gap-3">
        <SendButton disabled={submitting}>{submitting ? t("submitting") : t("submit")}</SendButton>
        <button
          type="button"
          disabled={submitting}
          onClick={onClose}
          data-nojs-hide
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
