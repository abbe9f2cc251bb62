// A type of the API's document (web/app/lib/api-reference.ts `TypeWords`) said in the page's language: each part is
// one message of `open-data.reference.type.*` with the part it wraps as a value ("{type}, or null"), so no language
// has to follow English's word order. Values, paths and schema names are code (`<code translate="no">`); a named
// schema links to its fields.
import { Fragment, type ReactNode } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import type { TypeWords } from "../lib/api-reference-types.ts";

const codeClass = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900 [overflow-wrap:anywhere]";

/** Code of the document: a value, a path, a parameter, a command. Not translated (by us, or by a browser). */
export function Code({ children, className = codeClass }: { children: ReactNode; className?: string }) {
  return (
    <code className={className} translate="no">
      {children}
    </code>
  );
}

/** A text of the document with its `code` spans as code. */
export function Marked({ text }: { text: string }) {
  return <>{text.split("`").map((part, i) => (i % 2 ? <Code key={i}>{part}</Code> : part))}</>;
}

const JSON_TYPES = new Set(["string", "number", "integer", "boolean"]);

function say(intl: IntlShape, t: TypeWords, link: (name: string) => ReactNode): ReactNode {
  const m = (id: string, values?: Record<string, ReactNode>) => (
    <FormattedMessage id={`open-data.reference.type.${id}`} values={values} />
  );
  const or = (parts: ReactNode[]) => parts.reduce((a, b) => m("or", { a, b }));
  const inner = (x: TypeWords) => say(intl, x, link);
  switch (t.k) {
    case "ref":
      return link(t.name);
    case "or":
      return or(t.of.map(inner));
    case "oneOf":
      return m("oneOf", {
        values: t.values.map((v, i) => (
          <Fragment key={v}>
            {i > 0 ? ", " : null}
            <Code>{v}</Code>
          </Fragment>
        )),
      });
    case "always":
      return m("always", { value: <Code>{t.value}</Code> });
    case "arrayOf":
      return m("arrayOf", { items: inner(t.items) });
    case "objects":
    case "object":
    case "objectForms":
    case "any":
    case "null":
    case "csv":
      return m(t.k);
    case "prim":
      return or(t.names.map((n) => (JSON_TYPES.has(n) ? m(n) : <Code>{n}</Code>)));
    case "range":
      return m("range", { type: inner(t.of), min: intl.formatNumber(t.min), max: intl.formatNumber(t.max) });
    case "atLeast":
      return m("atLeast", { type: inner(t.of), min: intl.formatNumber(t.min) });
    case "pattern":
      return t.key
        ? m(`pattern.${t.key}`, { type: inner(t.of) })
        : m("pattern.other", { type: inner(t.of), pattern: <Code>{t.pattern}</Code> });
    case "dateTime":
    case "nullable":
    case "optional":
      return m(t.k, { type: inner(t.of) });
    case "twin":
      return m("twin", { type: inner(t.of), path: <Code>{t.path}</Code> });
    case "otherForm":
      return m("otherForm", { type: inner(t.of), other: inner(t.other) });
  }
}

/** A type in words; `link` shows a named schema (a link to its fields on the reference page). */
export function ApiType({ type, link }: { type: TypeWords; link: (name: string) => ReactNode }) {
  const intl = useIntl();
  return <>{say(intl, type, link)}</>;
}
