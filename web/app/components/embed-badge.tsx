// "Embed this badge": the country's badge (api/routes/share.ts), a preview and its HTML snippet to paste on
// another site, with a copy button. The snippet is a read-only text field, so it can be selected and copied
// by hand too (before JavaScript loads, or where the clipboard is refused). The section speaks the page's language
// (country.embed.*); the snippet is HTML for other sites and stays English, as the badge itself does (docs/i18n.md).
import { countryPhrase } from "../../../product/country-phrases.ts";
import { useRef, useState } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { badgePath, badgeSnippet, type ShownScore } from "../lib/share.ts";
import { formatters } from "../i18n/format.ts";
import { usePageUrl } from "./json-ld.tsx";

type CopyState = "idle" | "copied" | "failed";

/** The badge's height in px (api/badge.ts BADGE_HEIGHT); its width comes with the page's data (it depends on the text). */
const BADGE_HEIGHT = 20;

/** The preview's alternative text in the page's language (English: word for word web/app/lib/share.ts's badgeAlt). */
export function badgeAltIn(intl: IntlShape, code: string, shown: ShownScore): string {
  const f = formatters(intl);
  const name = f.country(code);
  return shown
    ? intl.formatMessage(
        { id: "country.embed.alt" },
        {
          product: PRODUCT_NAME,
          name,
          score: f.score(shown.score),
          status: f.status(shown.status).toLocaleLowerCase(f.locale),
        },
      )
    : intl.formatMessage({ id: "country.embed.altNoScore" }, { product: PRODUCT_NAME, name });
}

export function EmbedBadge({
  code,
  name,
  shown,
  width,
}: {
  code: string;
  name: string;
  shown: ShownScore;
  width: number;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `country.embed.${id}` }, values);
  const { origin } = usePageUrl();
  const snippet = badgeSnippet(origin, { code, name }, shown);
  const field = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<CopyState>("idle");

  const copy = async () => {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(snippet);
      setState("copied");
    } catch {
      // No clipboard access (an insecure origin, a refused permission): the text is selected, ready for Ctrl+C.
      setState("failed");
    }
  };

  return (
    <section
      aria-labelledby="embed-badge-title"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="embed-badge"
    >
      <h2 id="embed-badge-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("text", { inCountry: countryPhrase(intl.locale, code, "in") })}</p>
      <div className="mt-3">
        <img
          src={badgePath(code)}
          alt={badgeAltIn(intl, code, shown)}
          width={width}
          height={BADGE_HEIGHT}
          loading="lazy"
          className="h-5 w-auto"
        />
      </div>
      <label htmlFor="embed-badge-snippet" className="mt-4 block text-sm font-medium text-slate-800">
        {t("label")}
      </label>
      <textarea
        id="embed-badge-snippet"
        ref={field}
        readOnly
        rows={4}
        value={snippet}
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 block w-full resize-none field-sizing-content rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs leading-relaxed text-slate-900 break-all"
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={copy}
          className="inline-flex h-11 items-center rounded-lg bg-slate-900 px-4 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
        >
          {t("copy")}
        </button>
        <p role="status" className="text-sm text-slate-700">
          {state === "copied" ? t("copied") : state === "failed" ? t("failed") : ""}
        </p>
      </div>
    </section>
  );
}
