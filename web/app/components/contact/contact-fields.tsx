// The contact form's four fields (name, email, topic, message), each with the server's error beside it.
import { useIntl } from "react-intl";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_TOPICS,
  DELETE_MY_DATA_TOPIC,
} from "../../../../product/options.ts";
import { SelectField, TextAreaField, TextField, fieldPropsOf } from "../form-fields.tsx";
import { useContactText, type ContactErrors, type ContactField, type ContactFormState } from "./use-contact-form.ts";

type FieldsProps = {
  form: ContactFormState;
  errors: ContactErrors;
  set: (k: keyof ContactFormState, v: string) => void;
  /** The field the page focuses as it loads (the first in error of a form posted without JavaScript). */
  focus?: ContactField;
};

export function ContactFields({ form, errors, set, focus }: FieldsProps) {
  const intl = useIntl();
  const t = useContactText();
  const field = fieldPropsOf("contact", { form, errors, set, focus });
  const common = (f: ContactField) => ({ ...field(f), errorTestId: `contact-${f}-error` });
  return (
    <>
      <TextField {...common("name")} label={t("name")} autoComplete="name" maxLength={CONTACT_NAME_MAX_LENGTH} />
      <TextField
        {...common("email")}
        label={t("email")}
        type="email"
        autoComplete="email"
        maxLength={254}
        hint={t("email.hint")}
      />
      <SelectField
        {...common("topic")}
        label={t("topic")}
        placeholder={t("topic.placeholder")}
        options={CONTACT_TOPICS.map((topic) => ({
          value: topic.id,
          label: intl.formatMessage({ id: `forms.contact.topic.${topic.id}` }),
        }))}
      />
      {form.topic === DELETE_MY_DATA_TOPIC ? (
        <p
          className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800"
          data-testid="delete-hint"
        >
          {t("deleteHint")}
        </p>
      ) : null}
      <TextAreaField
        {...common("message")}
        label={t("message")}
        rows={6}
        counter={{ length: form.message.length, max: CONTACT_MESSAGE_MAX_LENGTH }}
      />
    </>
  );
}
