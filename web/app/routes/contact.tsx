// /contact (docs/product.md §2, §5): the contact form, stored by POST /api/contact and read by the operator only.
// Every check is the server's (api/schemas.ts): the page sends what was typed and shows the server's field errors
// beside their fields (a refused message does not count against the rate limit). `?topic=delete-my-data`
// preselects a topic (the privacy page links there).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLoaderData, useRouteLoaderData, type MetaFunction } from "react-router";
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
import { retentionText } from "../../../product/format.ts";
import { pageMeta } from "../lib/meta.ts";
import { notify, preloadToasts } from "../lib/toast.ts";
import { ExternalIcon } from "../components/icons.tsx";
import type { RootData } from "../root.tsx";
import { Honeypot } from "../components/honeypot.tsx";
import { CharCounter, fieldErrorsOf, overCapMessage } from "../components/form-fields.tsx";

export function loader({ request }: SiteLoaderArgs) {
  const asked = new URL(request.url).searchParams.get("topic");
  const topic = CONTACT_TOPICS.find((t) => t.id === asked)?.id ?? null;
  return { topic };
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Contact", description: `Write to the ${PRODUCT_NAME} team: questions, feedback, corrections of data, press, or a request to delete your data.` });

type Field = "name" | "email" | "topic" | "message";
type FormState = Record<Field | "website", string>;
const FIELDS: readonly Field[] = ["name", "email", "topic", "message"];

const empty = (topic: ContactTopic | null): FormState => ({ name: "", email: "", topic: topic ?? "", message: "", website: "" });

const fieldClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none ${invalid ? "border-red-600" : "border-slate-300"}`;

function serverMessageOf(body: unknown): string | null {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" && message.trim() ? message : null;
}

export default function Contact() {
  const { topic: asked } = useLoaderData<typeof loader>();
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
    const over = overCapMessage("message", form.message.length, CONTACT_MESSAGE_MAX_LENGTH);
    if (over) {
      setErrors({ message: over });
      formRef.current?.querySelector<HTMLElement>('[name="message"]')?.focus();
      void notify("error", "Please check the form", "Some fields need your attention.");
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
        void notify(
          "success",
          "Thank you! Your message has been sent.",
          deletion ? "We delete what we hold about you and confirm it by email." : "We read every message and reply by email when it needs an answer.",
        );
        return;
      }
      if (res.status === 400 && Object.keys(fieldErrorsOf(body, FIELDS)).length > 0) {
        const found = fieldErrorsOf(body, FIELDS);
        setErrors(found);
        const first = FIELDS.find((f) => found[f]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        void notify("error", "Please check the form", "Some fields need your attention.");
        return;
      }
      if (res.status === 429) {
        void notify("error", "Too many messages", serverMessageOf(body) ?? "Please try again later.");
        return;
      }
      throw new Error(`HTTP ${res.status}`);
    } catch {
      void notify("error", "Your message could not be sent", "Please try again later.");
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
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        Found a mistake, have a question about a score, or want us to delete your data? Write to us: a person reads every message.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="sr-only">
            Contact form
          </h2>
          <form
            ref={formRef}
            method="post"
            onSubmit={submit}
            noValidate
            className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            data-testid="contact-form"
          >
            <p className="text-sm text-slate-600">All fields are required.</p>
            <div>
              <label htmlFor="contact-name" className="block text-sm font-medium">
                Name
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
                Email
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
                We use it only to answer you.
              </p>
              {errorText("email")}
            </div>
            <div>
              <label htmlFor="contact-topic" className="block text-sm font-medium">
                Topic
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
                <option value="">Choose a topic</option>
                {CONTACT_TOPICS.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title}
                  </option>
                ))}
              </select>
              {errorText("topic")}
            </div>
            {form.topic === DELETE_MY_DATA_TOPIC ? (
              <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800" data-testid="delete-hint">
                Write from the email address you used on the waiting list, or tell us the country, date and text of the experience you shared. We delete
                what we hold about you and confirm it by email.
              </p>
            ) : null}
            <div>
              <label htmlFor="contact-message" className="block text-sm font-medium">
                Message
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
                {submitting ? "Sending..." : "Send message"}
              </button>
              {sent ? (
                <p role="status" className="text-sm text-good">
                  Message sent. Thank you!
                </p>
              ) : null}
            </div>
            <noscript>
              <p className="text-sm text-slate-700">This form needs JavaScript. Everything else on the site works without it.</p>
            </noscript>
            <p className="text-xs text-slate-600">
              {site ? `We keep your message to answer it and delete it ${retentionText(site.leadsRetentionDays)} after it arrives, or sooner when you ask. ` : null}
              See our{" "}
              <Link to="/privacy" className="underline">
                privacy notice
              </Link>
              .
            </p>
          </form>
        </section>
        <aside aria-labelledby="contact-other-title" className="h-fit space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="contact-other-title" className="text-xl font-semibold">
            Good to know
          </h2>
          <div>
            <h3 className="font-medium">About a score</h3>
            <p className="mt-1 text-sm text-slate-700">
              Every score is computed from official statistics; the{" "}
              <Link to="/methodology" className="text-brand-700 underline underline-offset-2">
                methodology
              </Link>{" "}
              explains how, with the sources and their dates. For a wrong figure, choose “Correction of data”.
            </p>
          </div>
          <div>
            <h3 className="font-medium">Your data</h3>
            <p className="mt-1 text-sm text-slate-700">
              Choose “Delete my data” and we delete your waiting-list requests and messages, or hide an experience you shared. See the{" "}
              <Link to="/privacy" className="text-brand-700 underline underline-offset-2">
                privacy notice
              </Link>
              .
            </p>
          </div>
          <div>
            <h3 className="font-medium">Help with your job search</h3>
            <p className="mt-1 text-sm text-slate-700">
              <Link to="/waiting-list/career-consultant" className="text-brand-700 underline underline-offset-2">
                Book a Career Consultant
              </Link>{" "}
              or{" "}
              <Link to="/waiting-list/cv-upgrade" className="text-brand-700 underline underline-offset-2">
                Upgrade Your CV
              </Link>
              : join a waiting list and we contact you within <span className="whitespace-nowrap">2-3 business days</span>.
            </p>
          </div>
          {feedbackUrl ? (
            <div>
              <h3 className="font-medium">Feedback form</h3>
              <p className="mt-1 text-sm text-slate-700">
                Prefer a questionnaire? Use our{" "}
                <a href={feedbackUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline underline-offset-2">
                  feedback form
                  <ExternalIcon className="ml-1 inline h-3.5 w-3.5 align-[-2px]" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                .
              </p>
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
