// /waiting-list/{service} (docs/product.md §2, §4, §5, §7): the lead form of the two services. An unknown service falls
// back to career-consultant.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, redirect, useLoaderData, useNavigate, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import {
  HONEYPOT_FIELD,
  WAITING_LIST_MESSAGE_MAX_LENGTH,
  WAITING_LIST_SERVICES,
  type WaitingListService,
} from "../../../product/options.ts";
import { pageMeta } from "../lib/meta.ts";
import { BackButton } from "../components/page-parts.tsx";
import { notify, preloadToasts } from "../lib/toast.ts";
import { Honeypot } from "../components/honeypot.tsx";
import {
  FormRefusal,
  TextAreaField,
  TextField,
  fieldErrorsOf,
  firstInvalid,
  focusFirstInvalid,
  localFieldErrors,
  overCapMessage,
  refusedErrors,
  useFormPost,
} from "../components/form-fields.tsx";
import { pageTextOf } from "../lib/page-text.server.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import type { PageHandle, SiteLoadContext } from "../lib/context.ts";
import { localeFromPath, localePath } from "../i18n/locales.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { formAction } from "../lib/form-action.server.ts";
import { SENT_PARAM } from "../../../product/forms.ts";

/** Spec §9: redirect home 2000 ms after a successful request. */
const REDIRECT_AFTER_MS = 2000;

/** Message ids of a service's title and introduction (`forms.waitingList.<key>.title`, `….intro`). */
const SERVICE_KEY: Record<WaitingListService, string> = {
  "career-consultant": "careerConsultant",
  "cv-upgrade": "cvUpgrade",
};

/** The query parameters this page reads (any other is dropped by a redirect: server/site/page-query.ts). */
export const handle: PageHandle = { query: [SENT_PARAM] };

export function loader({ params, request }: LoaderFunctionArgs) {
  const service = WAITING_LIST_SERVICES.find((s) => s.id === params.service);
  // In the page's language, as every redirect of the site.
  if (!service)
    throw redirect(localePath(localeFromPath(new URL(request.url).pathname), "/waiting-list/career-consultant"));
  const t = pageTextOf(request);
  const key = SERVICE_KEY[service.id];
  return {
    service: service.id,
    meta: { title: t(`forms.waitingList.${key}.title`), description: t(`forms.waitingList.${key}.intro`) },
    messages: pageMessages(request, "waiting-list"),
  };
}

/** A form posted without JavaScript and refused: this page again, with why (web/app/lib/form-action.server.ts). */
export const action = ({ context }: { context: SiteLoadContext }) => formAction(context, "waitingList");

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.meta.title ?? "Waiting list", description: args.data?.meta.description });

const EMPTY = { name: "", email: "", phone: "", message: "", website: "" };

type Field = "name" | "email" | "phone" | "message";
const FIELDS: readonly Field[] = ["name", "email", "phone", "message"];

export default function WaitingListPage() {
  const { service } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `forms.waitingList.${id}` }, values);
  const key = SERVICE_KEY[service];
  const navigate = useNavigate();
  const lp = useLocalePath();
  // Sent without JavaScript (the browser posts the form itself: api/routes/form-posts.ts): refused (this page
  // answers the post, with what was typed and why) or accepted (`?sent=1`).
  const { refused, sent } = useFormPost("waitingList");
  const [form, setForm] = useState(() => ({ ...EMPTY, ...refused?.values }));
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    // The form is what this page is for: get the toasts ready once the page is interactive.
    void preloadToasts();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() =>
    localFieldErrors(intl, "waitingList", refusedErrors(refused, FIELDS)),
  );
  const focus = refused ? firstInvalid(FIELDS, errors) : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const set = (k: keyof typeof EMPTY, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => {
      if (!(k in e)) return e;
      const next = { ...e };
      delete next[k as Field];
      return next;
    });
  };
  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    focusFirstInvalid(formRef.current, FIELDS, found);
    void notify(
      "error",
      intl.formatMessage({ id: "forms.toast.check.title" }),
      intl.formatMessage({ id: "forms.toast.check.body" }),
    );
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The cap is checked here, so a long message is never cut; every other rule is the server's (api/schemas.ts).
    const over = overCapMessage(intl, "message", form.message.length, WAITING_LIST_MESSAGE_MAX_LENGTH);
    if (over) return showErrors({ message: over });
    setSubmitting(true);
    try {
      const res = await fetch("/api/waiting-list", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          name: form.name,
          email: form.email,
          phone: form.phone,
          message: form.message,
          service,
          [HONEYPOT_FIELD]: form.website,
        }),
      });
      if (res.status === 400) {
        const found = fieldErrorsOf(await res.json().catch(() => null), FIELDS);
        if (Object.keys(found).length > 0) return showErrors(localFieldErrors(intl, "waitingList", found));
      }
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      setErrors({});
      setForm(EMPTY);
      setDone(true);
      void notify("success", t("toast.success.title"), t("toast.success.body"));
      timer.current = setTimeout(() => navigate(lp("/")), REDIRECT_AFTER_MS);
    } catch {
      void notify("error", t("toast.failed.title"), t("toast.failed.body"));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <BackButton />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="wl-title">
          <h1 id="wl-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t(`${key}.title`)}
          </h1>
          <p className="mt-3 text-slate-700">{t(`${key}.intro`)}</p>
          {sent ? (
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
            <TextField
              id="wl-name"
              name="name"
              label={t("name")}
              required
              autoComplete="name"
              autoFocus={focus === "name"}
              value={form.name}
              error={errors.name}
              onChange={(v) => set("name", v)}
            />
            <TextField
              id="wl-email"
              name="email"
              type="email"
              label={t("email")}
              required
              autoComplete="email"
              autoFocus={focus === "email"}
              value={form.email}
              error={errors.email}
              onChange={(v) => set("email", v)}
            />
            <TextField
              id="wl-phone"
              name="phone"
              type="tel"
              label={t("phone")}
              autoComplete="tel"
              autoFocus={focus === "phone"}
              value={form.phone}
              error={errors.phone}
              onChange={(v) => set("phone", v)}
            />
            <TextAreaField
              id="wl-message"
              name="message"
              label={t("message")}
              required
              rows={4}
              placeholder={t("message.placeholder")}
              counter={{ length: form.message.length, max: WAITING_LIST_MESSAGE_MAX_LENGTH }}
              autoFocus={focus === "message"}
              value={form.message}
              error={errors.message}
              onChange={(v) => set("message", v)}
            />
            <Honeypot value={form.website} onChange={(v) => set("website", v)} />
            <button
              type="submit"
              disabled={submitting || done}
              className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
            >
              {submitting ? t("submitting") : t("submit")}
            </button>
            {done ? (
              <p role="status" className="text-sm text-good">
                {t("done")}
              </p>
            ) : null}
            <p className="text-xs text-slate-600">
              <FormattedMessage
                id="forms.waitingList.privacy"
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
        <aside
          aria-labelledby="next-title"
          className="h-fit rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="next-title" className="text-xl font-semibold">
            {t("next.title")}
          </h2>
          <ol className="mt-4 space-y-4">
            {[1, 2, 3].map((step) => (
              <li key={step} className="flex gap-3">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
                  {step}
                </span>
                <span>
                  <span className="block font-medium">{t(`next.${step}.title`)}</span>
                  <span className="block text-sm text-slate-700">{t(`next.${step}.body`)}</span>
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-700"></p>
        </aside>
      </div>
    </div>
  );
}
