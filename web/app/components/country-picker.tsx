// The country picker (docs/product.md §2): a searchable dropdown with fuzzy matching on the country's names, flags, the
// product's placeholder, search and empty texts, and a 256 px list. It works before JavaScript ("Works before
// JavaScript, for real"): the trigger is a native disclosure (`<details>`) whose panel lists the 31 countries as
// links. Once the page is hydrated the same trigger opens the searchable list instead (Radix popover + cmdk, loaded
// when the visitor first reaches for it, country-picker-menu.tsx). What is typed before that list is ready is kept
// ("Input that starts early is kept"): keys typed on the trigger go into the search, and Enter before the list has
// loaded opens the best match (product/country-search.ts, the same search as the list's).
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { COUNTRIES } from "../../../lib/countries.ts";
import { searchCountries } from "../../../product/country-search.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { ChevronDownIcon } from "./icons.tsx";
import { Flag } from "./flag.tsx";
import { useByCountryName } from "../lib/country-order.ts";

const loadMenu = () => import("./country-picker-menu.tsx");
const CountryPickerMenu = lazy(loadMenu);

function countryHref(code: string, target: "country" | "job-market"): string {
  const c = COUNTRIES.find((x) => x.code === code);
  return target === "job-market" && c ? `/job-market/${c.slug}` : `/country/${code.toLowerCase()}`;
}

/** A key that types a character into the search (not Space on an empty search: that opens the picker). */
const typesText = (e: KeyboardEvent, search: string) =>
  e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !(e.key === " " && search === "");

/** Starts loading the searchable list (on the first sign the visitor reaches for the picker). */
const warm = () => void loadMenu();

/**
 * Whether the list is open, used, and what is searched. Until the page is hydrated the disclosure works on its own
 * (its list of links); after, it opens the menu.
 */
function usePickerMenu() {
  const [hydrated, setHydrated] = useState(false);
  // Read by the handlers: from the hydration effect on, a click or a key is this component's even before the render
  // that `setHydrated` asks for has replaced the handlers of the first render (a click in between opened the plain
  // list of links, which nothing then turned into the search).
  const ready = useRef(false);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [search, setSearch] = useState("");
  const details = useRef<HTMLDetailsElement>(null);
  const openMenu = () => {
    setUsed(true);
    setOpen(true);
    warm();
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setSearch("");
  };

  useEffect(() => {
    ready.current = true;
    setHydrated(true);
    // Opened before the page was ready: the searchable list takes over from the plain one.
    if (details.current?.open) {
      details.current.open = false;
      openMenu();
    }
    // Once, at hydration.
  }, []);
  return { hydrated, ready, open, used, search, setSearch, details, openMenu, onOpenChange };
}

/** Keys typed on the trigger while the list is not there yet: kept in the search, and Enter opens the best match. */
function useTypeAhead(menu: ReturnType<typeof usePickerMenu>, hrefOf: (code: string) => string) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { ready, open, search, setSearch, openMenu, onOpenChange } = menu;
  return (e: KeyboardEvent<HTMLElement>) => {
    if (!ready.current) return;
    if (typesText(e, search)) {
      e.preventDefault();
      setSearch((s) => s + e.key);
      if (!open) openMenu();
    } else if (e.key === "Backspace" && search !== "") {
      e.preventDefault();
      setSearch((s) => s.slice(0, -1));
    } else if (e.key === "Enter" && search !== "") {
      e.preventDefault();
      const best = searchCountries(search, intl.locale)[0];
      if (best) {
        onOpenChange(false);
        navigate(hrefOf(best));
      }
    }
  };
}

export function CountryPicker({
  current,
  target = "country",
  className = "",
  id,
  label,
}: {
  /** Code of the country shown now, if any. */
  current?: string;
  /** Where a choice leads: /country/{code} or /job-market/{name}. */
  target?: "country" | "job-market";
  className?: string;
  id?: string;
  /** What the trigger is called for assistive technologies ("Change country"); a `<summary>` takes no `<label>`. */
  label?: ReactNode;
}) {
  const menu = usePickerMenu();
  const { hydrated, ready, open, used, search, details, openMenu, onOpenChange } = menu;
  const trigger = useRef<HTMLElement>(null);
  const listId = useId();
  const labelId = useId();
  const ownId = useId();
  const triggerId = id ?? ownId;
  const to = useLocalePath();
  const hrefOf = (code: string) => to(countryHref(code, target));
  const onKeyDown = useTypeAhead(menu, hrefOf);
  return (
    <div className={`relative w-full sm:w-72 ${className}`}>
      {label ? (
        <span id={labelId} className="sr-only">
          {label}
        </span>
      ) : null}
      <details ref={details} className="picker">
        <summary
          ref={trigger}
          id={triggerId}
          // Its name is the label, then what it shows ("Change country Germany"): the visible text stays part of it.
          aria-labelledby={label ? `${labelId} ${triggerId}` : undefined}
          data-testid="country-picker"
          aria-haspopup={hydrated ? "dialog" : undefined}
          aria-expanded={hydrated ? open : undefined}
          aria-controls={hydrated && open ? listId : undefined}
          onPointerEnter={warm}
          onFocus={warm}
          onTouchStart={warm}
          onKeyDown={onKeyDown}
          onClick={(e) => {
            if (!ready.current) return; // the disclosure opens its list of links itself
            e.preventDefault();
            if (open) onOpenChange(false);
            else openMenu();
          }}
          className="flex h-11 w-full cursor-pointer list-none items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm shadow-sm hover:border-slate-400"
        >
          <Shown current={current} />
          <ChevronDownIcon className="h-4 w-4 text-slate-500" />
        </summary>
        {hydrated ? null : <PlainCountryList current={current} hrefOf={hrefOf} />}
      </details>
      {used ? (
        <Suspense fallback={open ? <TypedSoFar search={search} /> : null}>
          <CountryPickerMenu
            open={open}
            onOpenChange={onOpenChange}
            anchor={trigger}
            current={current}
            hrefOf={hrefOf}
            listId={listId}
            search={search}
            onSearch={menu.setSearch}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** What the trigger shows: the country (flag and name), or the placeholder. */
function Shown({ current }: { current?: string }) {
  const intl = useIntl();
  const f = useFormat();
  const selected = current ? COUNTRIES.find((c) => c.code === current) : undefined;
  const shown = selected ? f.country(selected.code) : intl.formatMessage({ id: "picker.placeholder" });
  return selected ? (
    <span className="flex items-center gap-2">
      <Flag code={selected.code} />
      {shown}
    </span>
  ) : (
    <span className="text-slate-600">{shown}</span>
  );
}

/** Before JavaScript: the 31 countries as plain links (names only: 31 flags would be fetched by every page). */
function PlainCountryList({ current, hrefOf }: { current?: string; hrefOf: (code: string) => string }) {
  const intl = useIntl();
  const f = useFormat();
  const byName = useByCountryName();
  const others = COUNTRIES.map((c) => c.code)
    .sort(byName)
    .map((code) => ({ code, name: f.country(code) }));
  return (
    <nav
      aria-label={intl.formatMessage({ id: "picker.label" })}
      className="absolute left-0 z-50 mt-1 w-[min(18rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white shadow-xl"
    >
      <ul className="overflow-y-auto p-1" style={{ maxHeight: 256 }}>
        {others.map((c) => (
          <li key={c.code}>
            <a
              href={hrefOf(c.code)}
              aria-current={c.code === current ? "page" : undefined}
              className="block rounded-md px-2 py-2 text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-900 aria-[current=page]:font-semibold"
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** While the list loads: what was typed so far, so the visitor sees it is kept. */
function TypedSoFar({ search }: { search: string }) {
  return (
    <p
      role="status"
      className="absolute left-0 z-50 mt-1 w-[min(18rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-600 shadow-xl"
    >
      {search || <FormattedMessage id="picker.search" />}
    </p>
  );
}
