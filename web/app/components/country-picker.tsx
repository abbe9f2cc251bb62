// The country picker (docs/product.md §2): a searchable dropdown with fuzzy matching on the country name, flags, the
// product's placeholder (docs/product.md §2), search and empty texts, and a 256 px list. The trigger is rendered with the page; the
// dropdown (Radix popover + cmdk) loads when the visitor first reaches for it.
import { lazy, Suspense, useId, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { COUNTRIES } from "../../../pipeline/countries.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { ChevronDownIcon } from "./icons.tsx";
import { Flag } from "./flag.tsx";

const loadMenu = () => import("./country-picker-menu.tsx");
const CountryPickerMenu = lazy(loadMenu);

export function countryHref(code: string, target: "country" | "job-market"): string {
  const c = COUNTRIES.find((x) => x.code === code);
  return target === "job-market" && c ? `/job-market/${c.slug}` : `/country/${code.toLowerCase()}`;
}

export function CountryPicker({
  current,
  target = "country",
  className = "",
  id,
}: {
  /** Code of the country shown now, if any. */
  current?: string;
  /** Where a choice leads: /country/{code} or /job-market/{name}. */
  target?: "country" | "job-market";
  className?: string;
  id?: string;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const selected = current ? COUNTRIES.find((c) => c.code === current) : undefined;
  const warm = () => void loadMenu();
  const f = useFormat();
  const to = useLocalePath();
  return (
    <>
      <button
        ref={trigger}
        id={id}
        type="button"
        data-testid="country-picker"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onPointerEnter={warm}
        onFocus={warm}
        onTouchStart={warm}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        className={`inline-flex h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm shadow-sm hover:border-slate-400 sm:w-72 ${className}`}
      >
        {selected ? (
          <span className="flex items-center gap-2">
            <Flag code={selected.code} />
            {f.country(selected.code)}
          </span>
        ) : (
          <span className="text-slate-600">
            <FormattedMessage id="picker.placeholder" />
          </span>
        )}
        <ChevronDownIcon className="h-4 w-4 text-slate-500" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CountryPickerMenu
            open={open}
            onOpenChange={setOpen}
            anchor={trigger}
            current={current}
            hrefOf={(code) => to(countryHref(code, target))}
            listId={listId}
          />
        </Suspense>
      ) : null}
    </>
  );
}
