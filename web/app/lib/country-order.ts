// The covered countries in the order of their names in the page's language, without a collator in the browser: the
// server sorts them once (product/country-names.ts countryOrderIn) and sends the order with the layout's data
// (root.tsx). Building an Intl.Collator costs a phone tens of milliseconds on a page's first use, inside the task
// that hydrates it (docs/decisions/017-page-weight.md, "ICU on first use").
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { useRouteLoaderData } from "react-router";
import { countryOrderIn } from "../../../product/country-names.ts";
import type { RootData } from "../root.tsx";

/** Compares two country codes by their names in the page's language (for `Array.prototype.sort`). */
export function useByCountryName(): (a: string, b: string) => number {
  const sent = useRouteLoaderData<RootData>("root")?.countryOrder;
  const { locale } = useIntl();
  return useMemo(() => {
    // An error page has no layout data: the browser sorts the names itself.
    const order = sent ?? countryOrderIn(locale);
    const rank = new Map(order.map((code, i) => [code, i]));
    return (a, b) => (rank.get(a) ?? order.length) - (rank.get(b) ?? order.length);
  }, [sent, locale]);
}
