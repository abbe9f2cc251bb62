// /contact (docs/product.md §2, §5): the contact form, stored by POST /api/contact and read by the operator only.
// Every check is the server's (api/schemas.ts): the page sends what was typed and shows the server's field errors
// beside their fields (a refused message does not count against the rate limit). `?topic=delete-my-data`
// preselects a topic (the privacy page links there).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLoaderData, useRouteLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_TOPICS,
  DELETE_MY_DATA_TOPIC,
  HONEYPOT_FIELD,
  type ContactTopic,
} from "../../../product/options.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import { notify, preloadToasts } from "../lib/toast.ts";
import { ExternalIcon } from "../components/icons.tsx";
import type { RootData } from "../root.tsx";
import { Honeypot } from "../components/honeypot.tsx";
import { CharCounter, fieldErrorsOf, localFieldErrors, overCapMessage, retentionValues } from "../components/form-fields.tsx";
import { pageTextOf } from "../lib/page-text.server.ts";

export function loader({ request }: SiteLoaderArgs) {
  const asked = new URL(request.url).searchParams.get("topic");
  const topic = CONTACT_TOPICS.find((t) => t.id === asked)?.id ?? null;
  const t = pageTextOf(request);
  return { topic, meta: { title: t("forms.contact.meta.title"), description: t("forms.contact.meta.description", { product: PRODUCT_NAME }) } };
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: args.data?.meta.title ?? "Contact", description: args.data?.meta.description });

type Field = "name" | "email" | "topic" | "message";
type FormState = Record<Field | "website", string>;
const FIELDS: readonly Field[] = ["name", "email", "topic", "message"];

const empty = (topic: ContactTopic | null): FormState => ({ name: "", email: "", topic: topic ?? "", message: "", website: "" });

const fieldClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none ${invalid ? "border-red-600" : "border-slate-300"}`;

const asideLink = "text-brand-700 underline underline-offset-2";

function serverMessageOf(body: unknown): string | null {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" && message.trim() ? message : null;
}

export default function Contact() {
  const { topic: asked } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `forms.contact.${id}` }, values);
  const site = useRouteLoaderData<RootData>("root")?.site;
  const feedbackUrl = site?.feedbackUrl ?? null;
  const [form, setForm] = useState<FormState>(() => empty(asked));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The form is what this page is for: get the toasts ready once the page is interactive.
    void preloadToasts();
    setReady(true);
  }, []);

  const set = (k: keyof FormState, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setSent(false);
    setErrors((e) => {
      if (!(k in e)) return e;
      const next = { ...e };
      delete next[k as Field];
      return next;
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The message's cap is checked here, so a long message is never cut; the other rules are the server's.
    const over = overCapMessage(intl, "message", form.message.length, CONTACT_MESSAGE_MAX_LENGTH);
    if (over) {
      setErrors({ message: over });
      formRef.current?.querySelector<HTMLElement>('[name="message"]')?.focus();
      void notify("error", intl.formatMessage({ id: "forms.toast.check.title" }), intl.formatMessage({ id: "forms.toast.check.body" }));
      return;
    }
    setSubmitting(true);
    setSent(false);
    try {
      const res = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ name: form.name, email: form.email, topic: form.topic, message: form.message, [HONEYPOT_FIELD]: form.website }),
      });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        const deletion = form.topic === DELETE_MY_DATA_TOPIC;
        setForm(empty(null));
        setErrors({});
        setSent(true);
        void notify("success", t("toast.sent.title"), deletion ? t("toast.sent.deletion") : t("toast.sent.body"));
        return;
      }
      if (res.status === 400 && Object.keys(fieldErrorsOf(body, FIELDS)).length > 0) {
        const found = localFieldErrors(intl, "contact", fieldErrorsOf(body, FIELDS));
        setErrors(found);
        const first = FIELDS.find((f) => found[f]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        void notify("error", intl.formatMessage({ id: "forms.toast.check.title" }), intl.formatMessage({ id: "forms.toast.check.body" }));
        return;
      }
      if (res.status === 429) {
        // The server's own sentence says when to try again; it is English, so other languages say it generally.
        const server = intl.locale.startsWith("en") ? serverMessageOf(body) : null;
        void notify("error", t("toast.tooMany.title"), server ?? t("toast.tryLater"));
        return;
      }
      throw new Error(`HTTP ${res.status}`);
    } catch {
      void notify("error", t("toast.failed.title"), t("toast.tryLater"));
    } finally {
      setSubmitting(false);
    }
  }

  const describedBy = (f: Field, hint?: string) => [hint, errors[f] ? `contact-${f}-error` : null].filter(Boolean).join(" ") || undefined;
  const errorText = (f: Field) =>
    errors[f] ? (
      <p id={`contact-${f}-error`} className="mt-1 text-sm text-red-700" data-testid={`contact-${f}-error`}>
        {errors[f]}
      </p>
    ) : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        {t("intro")}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
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
            <div>
              <label htmlFor="contact-name" className="block text-sm font-medium">
                {t("name")}
              </label>
              <input
                id="contact-name"
                className={fieldClass(!!errors.name)}
                name="name"
                autoComplete="name"
                maxLength={CONTACT_NAME_MAX_LENGTH}
                value={form.name}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy("name")}
                onChange={(e) => set("name", e.target.value)}
              />
              {errorText("name")}
            </div>
            <div>
              <label htmlFor="contact-email" className="block text-sm font-medium">
                {t("email")}
              </label>
              <input
                id="contact-email"
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
              {errorText("email")}
            </div>
            <div>
              <label htmlFor="contact-topic" className="block text-sm font-medium">
                {t("topic")}
              </label>
              <select
                id="contact-topic"
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
              {errorText("topic")}
            </div>
            {form.topic === DELETE_MY_DATA_TOPIC ? (
              <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800" data-testid="delete-hint">
                {t("deleteHint")}
              </p>
            ) : null}
            <div>
              <label htmlFor="contact-message" className="block text-sm font-medium">
                {t("message")}
              </label>
              <textarea
                id="contact-message"
                className={fieldClass(!!errors.message)}
                name="message"
                rows={6}
                value={form.message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={describedBy("message", "contact-message-count")}
                onChange={(e) => set("message", e.target.value)}
              />
              <CharCounter id="contact-message-count" length={form.message.length} max={CONTACT_MESSAGE_MAX_LENGTH} />
              {errorText("message")}
            </div>
            <Honeypot value={form.website} onChange={(v) => set("website", v)} />
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="submit"
                disabled={!ready || submitting}
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
            <noscript>
              <p className="text-sm text-slate-700">{intl.formatMessage({ id: "forms.needsJs" })}</p>
            </noscript>
            <p className="text-xs text-slate-600">
              {site ? `${t("retention", retentionValues(site.leadsRetentionDays))} ` : null}
              <FormattedMessage id="forms.contact.seePrivacy" values={{ link: (chunks) => <Link to="/privacy" className="underline">{chunks}</Link> }} />
            </p>
          </form>
        </section>
        <aside aria-labelledby="contact-other-title" className="h-fit space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="contact-other-title" className="text-xl font-semibold">
            {t("aside.title")}
          </h2>
          <div>
            <h3 className="font-medium">{t("aside.score.title")}</h3>
            <p className="mt-1 text-sm text-slate-700">
              <FormattedMessage id="forms.contact.aside.score.body" values={{ link: (chunks) => <Link to="/methodology" className={asideLink}>{chunks}</Link> }} />
            </p>
          </div>
          <div>
            <h3 className="font-medium">{t("aside.data.title")}</h3>
            <p className="mt-1 text-sm text-slate-700">
              <FormattedMessage id="forms.contact.aside.data.body" values={{ link: (chunks) => <Link to="/privacy" className={asideLink}>{chunks}</Link> }} />
            </p>
          </div>
          <div>
            <h3 className="font-medium">{t("aside.help.title")}</h3>
            <p className="mt-1 text-sm text-slate-700">
              <FormattedMessage
                id="forms.contact.aside.help.body"
                values={{
                  consultant: (chunks) => <Link to="/waiting-list/career-consultant" className={asideLink}>{chunks}</Link>,
                  cv: (chunks) => <Link to="/waiting-list/cv-upgrade" className={asideLink}>{chunks}</Link>,
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
      </div>
    </div>
  );
}
