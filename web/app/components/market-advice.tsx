// The country page's advice (docs/product.md §2, product/advice.ts): each item's claim only where the input it
// rests on counts today and the figure shown beside it supports it, in the page's language, a tip that rests on no
// figure labelled as a general tip; what stands in for advice when no score may be shown.
import { Link } from "react-router";
import { ADVICE_VALUES, adviceFor, type AdviceFacts, type AdviceItem } from "../../../product/advice.ts";
import type { Status } from "../../../product/weather.ts";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { useLocalePath } from "../i18n/use-locale.ts";

/** What stands in for advice when a country has no score that may be shown (or publication is paused). */
export function NoAdvice({ paused = false }: { paused?: boolean }) {
  const lp = useLocalePath();
  return (
    <p className="text-sm text-slate-700">
      <FormattedMessage
        id={paused ? "market.noAdvice.paused" : "market.noAdvice.noScore"}
        values={{
          link: (chunks) => (
            <Link to={lp("/brightest")} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {chunks}
            </Link>
          ),
        }}
      />
    </p>
  );
}

/** An advice item in the page's language: its ids (product/advice.ts) said from `market.advice.*`. */
export function adviceSaid(intl: IntlShape, item: AdviceItem): { title: string; text: string } {
  return {
    title: intl.formatMessage({ id: `market.advice.${item.title}` }),
    text: intl.formatMessage({ id: `market.advice.${item.text}` }, ADVICE_VALUES),
  };
}

/** The advice items of a status as a page lists them: each said in its language, a general tip labelled so. */
export function adviceShown(
  intl: IntlShape,
  status: Status,
  facts: AdviceFacts,
): Array<{ title: string; text: string; tag?: string }> {
  const general = intl.formatMessage({ id: "market.advice.general" });
  return adviceFor(status, facts).map((item) => ({
    ...adviceSaid(intl, item),
    ...(item.general ? { tag: general } : {}),
  }));
}

/** A general tip's label beside its title ("General tip"): a tip that rests on no figure of the country. */
export function AdviceTag({ children }: { children: string }) {
  return (
    <span
      className="ml-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-normal text-slate-700"
      data-testid="advice-general"
    >
      {children}
    </span>
  );
}

/**
 * The advice of a status, each item's claim only where the input it rests on counts today and the figure shown
 * supports it (product/advice.ts).
 */
export function AdviceList({
  status,
  facts,
  paused = false,
}: {
  status: Status | null;
  facts: AdviceFacts;
  paused?: boolean;
}) {
  const intl = useIntl();
  if (!status) return <NoAdvice paused={paused} />;
  return (
    <ul className="space-y-3" data-testid="advice">
      {adviceShown(intl, status, facts).map((a) => (
        <li key={a.title}>
          <p className="font-medium text-slate-900">
            {a.title}
            {a.tag ? (
              <>
                {" "}
                <AdviceTag>{a.tag}</AdviceTag>
              </>
            ) : null}
          </p>
          <p className="text-sm text-slate-700">{a.text}</p>
        </li>
      ))}
    </ul>
  );
}
