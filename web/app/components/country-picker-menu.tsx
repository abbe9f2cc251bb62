// The picker's dropdown, loaded on first use (components/country-picker.tsx): a Radix popover anchored to the
// trigger, with cmdk's list filtered and ordered by the product's search over every name of a country
// (product/country-search.ts: case and accents ignored, other names known).
import { useNavigate } from "react-router";
import * as Popover from "@radix-ui/react-popover";
import { Command } from "cmdk";
import type { RefObject } from "react";
import { useIntl } from "react-intl";
import { countryNameIn, countryOrderIn } from "../../../product/country-names.ts";
import { countryScore } from "../../../product/country-search.ts";
import { CheckIcon, SearchIcon } from "./icons.tsx";
import { Flag } from "./flag.tsx";

/** The covered countries by their name in the page's language (English: as before). */
function options(locale: string) {
  return countryOrderIn(locale).map((code) => ({ code, name: countryNameIn(locale, code) }));
}

export default function CountryPickerMenu({
  open,
  onOpenChange,
  anchor,
  current,
  hrefOf,
  listId,
  search,
  onSearch,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: RefObject<HTMLElement | null>;
  current?: string;
  hrefOf: (code: string) => string;
  listId: string;
  /** What is typed, kept by the trigger from before this list was loaded (country-picker.tsx). */
  search: string;
  onSearch: (search: string) => void;
}) {
  const navigate = useNavigate();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          id={listId}
          align="start"
          sideOffset={4}
          aria-label={t("picker.placeholder")}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchor.current?.focus();
          }}
          onInteractOutside={(e) => {
            // A click on the trigger toggles the menu itself.
            if (anchor.current?.contains(e.target as Node)) e.preventDefault();
          }}
          className="z-50 w-[min(18rem,calc(100vw-2rem))] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl"
        >
          {/* Every name of a country, whatever the case and accents (product/country-search.ts): the same search as
              the trigger's Enter before this list had loaded. */}
          <Command label={t("picker.label")} loop filter={(code, typed) => countryScore(code, typed, intl.locale)}>
            <div className="flex items-center gap-2 border-b border-slate-200 px-3">
              <SearchIcon className="h-4 w-4 text-slate-500" />
              <Command.Input
                value={search}
                onValueChange={onSearch}
                placeholder={t("picker.search")}
                className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-slate-500"
              />
            </div>
            <Command.List className="overflow-y-auto p-1" style={{ maxHeight: 256 }}>
              <Command.Empty className="px-3 py-6 text-center text-sm text-slate-600">
                {t("picker.empty")}
              </Command.Empty>
              {options(intl.locale).map((c) => (
                <Command.Item
                  key={c.code}
                  value={c.code}
                  onSelect={() => {
                    onOpenChange(false);
                    navigate(hrefOf(c.code));
                  }}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900"
                >
                  <Flag code={c.code} />
                  <span className="flex-1">{c.name}</span>
                  {c.code === current ? <CheckIcon className="h-4 w-4 text-brand-600" /> : null}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
