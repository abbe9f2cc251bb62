// Global fallback page (docs/product.md §2): "Something went wrong", a "Refresh Page" button and expandable details.
import { isRouteErrorResponse } from "react-router";
import { FormattedMessage } from "react-intl";
import * as Collapsible from "./disclosure.tsx";
import { ChevronDownIcon } from "./icons.tsx";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error))
    return `${error.status} ${error.statusText}${typeof error.data === "string" && error.data ? `: ${error.data}` : ""}`;
  // In production React Router replaces server error messages with "Unexpected Server Error": no internals leak.
  if (error instanceof Error) return error.message || error.name;
  return "Unknown error";
}

export function GlobalError({ error }: { error: unknown }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">
        <FormattedMessage id="common.error.title" />
      </h1>
      <p className="mt-3 text-slate-600">
        <FormattedMessage id="common.error.text" />
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        <FormattedMessage id="common.error.refresh" />
      </button>
      <Collapsible.Root className="mt-8 w-full text-left">
        <Collapsible.Trigger className="group inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:text-slate-900">
          <FormattedMessage id="common.error.details" />
          <ChevronDownIcon
            data-nojs-open-chevron
            className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180"
          />
        </Collapsible.Trigger>
        <Collapsible.Content data-nojs-open className="data-[state=closed]:hidden">
          <pre className="mt-2 overflow-x-auto rounded-md bg-slate-100 p-3 text-xs text-slate-800">
            {describe(error)}
          </pre>
        </Collapsible.Content>
      </Collapsible.Root>
    </section>
  );
}
