// The contact form's four fields (name, email, topic, message), each with the server's error beside it.
import { useIntl } from "react-intl";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_TOPICS,
  DELETE_MY_DATA_TOPIC,
} from "../../../../product/options.ts";
import { CharCounter } from "../form-fields.tsx";
import { useContactText, type ContactErrors, type ContactField, type ContactFormState } from "./use-contact-form.ts";

const fieldClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none ${invalid ? "border-red-600" : "border-slate-300"}`;

type FieldsProps = {
  form: ContactFormState;
  errors: ContactErrors;
  set: (k: keyof ContactFormState, v: string) => void;
  /** The field the page focuses as it loads (the first in error of a form posted without JavaScript). */
  focus?: ContactField;
};

function FieldError({ field, errors }: { field: ContactField; errors: ContactErrors }) {
  return errors[field] ? (
    <p id={`contact-${field}-error`} className="mt-1 text-sm text-red-700" data-testid={`contact-${field}-error`}>
      {errors[field]}
    </p>
  ) : null;
}

export function ContactFields({ form, errors, set, focus }: FieldsProps) {
  const intl = useIntl();
  const t = useContactText();
  const describedBy = (f: ContactField, hint?: string) =>
    [hint, errors[f] ? `contact-${f}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <div>
        <label htmlFor="contact-name" className="block text-sm font-medium">
          {t("name")}
        </label>
        <input
          id="contact-name"
          autoFocus={focus === "name"}
          className={fieldClass(!!errors.name)}
          name="name"
          autoComplete="name"
          maxLength={CONTACT_NAME_MAX_LENGTH}
          value={form.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy("name")}
          onChange={(e) => set("name", e.target.value)}
        />
        <FieldError field="name" errors={errors} />
      </div>
      <div>
        <label htmlFor="contact-email" className="block text-sm font-medium">
          {t("email")}
        </label>
        <input
          id="contact-email"
          autoFocus={focus === "email"}
          className={fieldClass(!!errors.email)}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={form.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email", "contact-email-hint")}
          onChange={(e) => set("email", e.target.value)}
        />
        <p id="contact-email-hint" className="mt-1 text-xs text-slate-600">
          {t("email.hint")}
        </p>
        <FieldError field="email" errors={errors} />
      </div>
      <div>
        <label htmlFor="contact-topic" className="block text-sm font-medium">
          {t("topic")}
        </label>
        <select
          id="contact-topic"
          autoFocus={focus === "topic"}
          className={fieldClass(!!errors.topic)}
          name="topic"
          value={form.topic}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={describedBy("topic")}
          onChange={(e) => set("topic", e.target.value)}
        >
          <option value="">{t("topic.placeholder")}</option>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic.id} value={topic.id}>
              {intl.formatMessage({ id: `forms.contact.topic.${topic.id}` })}
            </option>
          ))}
        </select>
        <FieldError field="topic" errors={errors} />
      </div>
      {form.topic === DELETE_MY_DATA_TOPIC ? (
        <p
          className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800"
          data-testid="delete-hint"
        >
          {t("deleteHint")}
        </p>
      ) : null}
      <div>
        <label htmlFor="contact-message" className="block text-sm font-medium">
          {t("message")}
        </label>
        <textarea
          id="contact-message"
          autoFocus={focus === "message"}
          className={fieldClass(!!errors.message)}
          name="message"
          rows={6}
          value={form.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message", "contact-message-count")}
          onChange={(e) => set("message", e.target.value)}
        />
        <CharCounter id="contact-message-count" length={form.message.length} max={CONTACT_MESSAGE_MAX_LENGTH} />
        <FieldError field="message" errors={errors} />
      </div>
    </>
  );
}
