// The paused notice, word for word as docs/product.md §2 gives it.
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { WeatherIcon } from "./icons.tsx";

export function PausedCard() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl items-center px-4 py-16">
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm" data-testid="paused-card">
        <WeatherIcon status="cloudy" className="mx-auto h-16 w-16" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{PRODUCT_NAME} is Currently Paused</h1>
        <p className="mt-4 text-slate-700">
          We've temporarily stopped publishing updates to make sure we don't display outdated or misleading data. Thanks for your patience.
        </p>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
          <span aria-hidden className="h-2 w-2 rounded-full bg-amber-500" />
          Temporarily Offline
        </p>
        <p className="mt-6 text-slate-700">We'll be back once we can dedicate time to delivering accurate, up-to-date insights.</p>
      </div>
    </section>
  );
}
