// The methodology page's words (docs/i18n-pages.md): plain texts `methodology.<id>`, rich ones with <strong>/<sub>/<code>,
// numbers in the reader's locale, and the headings' and paragraphs' classes every section shares.
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Code } from "../api-type.tsx";
import { fixedIn } from "../../lib/intl-numbers.ts";

export type Values = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;
export const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
export const sub = (chunks: ReactNode[]) => <sub>{chunks}</sub>;
/** A table's code in a sentence (`une_rt_m`): code, not text. */
export const code = (chunks: ReactNode[]) => <Code className="font-mono text-[0.95em]">{chunks}</Code>;
export const h2 = "mt-12 text-2xl font-semibold tracking-tight";
export const para = "mt-3 text-slate-800 leading-relaxed";

export function useMethodologyText() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `methodology.${id}` }, values);
  const m = (id: string, values?: Values) => <FormattedMessage id={`methodology.${id}`} values={values as never} />;
  const n = (x: number, digits?: number) => (digits === undefined ? intl.formatNumber(x) : fixedIn(intl, x, digits));
  return { intl, t, m, n };
}
