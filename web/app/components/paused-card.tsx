// The paused notice, word for word as docs/product.md §2 gives it: the home page shows it as its full card, every
// other public page as a banner in the same words (docs/product.md, "Paused").
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { FormattedMessage, useIntl } from "react-intl";
import { WeatherIcon } from "./icons.tsx";

const PAUSED_TITLE = <FormattedMessage id="common.paused.title" values={{ product: PRODUCT_NAME }} />;
const PAUSED_TEXT = <FormattedMessage id="common.paused.text" />;
const PAUSED_BADGE = <FormattedMessage id="common.paused.badge" />;
const PAUSED_BACK = <FormattedMessage id="common.paused.back" />;

export function PausedCard() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl items-center px-4 py-16">
      <div
        className="w-full rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        data-testid="paused-card"
      >
        <WeatherIcon status="cloudy" className="mx-auto h-16 w-16" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{PAUSED_TITLE}</h1>
        <p className="mt-4 text-slate-700">{PAUSED_TEXT}</p>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
          <span aria-hidden className="h-2 w-2 rounded-full bg-amber-500" />
          {PAUSED_BADGE}
        </p>
        <p className="mt-6 text-slate-700">{PAUSED_BACK}</p>
      </div>
    </section>
  );
}

/** The same notice above every other public page while publication is paused (scores are withheld meanwhile). */
export function PausedBanner() {
  const intl = useIntl();
  return (
    <aside
      aria-label={intl.formatMessage({ id: "common.paused.label" })}
      className="border-b border-amber-200 bg-amber-50"
      data-testid="paused-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-start sm:gap-4">
        <WeatherIcon status="cloudy" className="hidden h-8 w-8 shrink-0 sm:block" />
        <div>
          <p className="flex flex-wrap items-center gap-2">
            <strong className="text-base font-semibold">{PAUSED_TITLE}</strong>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-amber-500" />
              {PAUSED_BADGE}
            </span>
          </p>
          <p className="mt-1">
            {PAUSED_TEXT} {PAUSED_BACK}
          </p>
        </div>
      </div>
    </aside>
  );
}
