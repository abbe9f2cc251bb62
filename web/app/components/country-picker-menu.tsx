// The picker's dropdown, loaded on first use (components/country-picker.tsx): a Radix popover anchored to the
// trigger, with cmdk's fuzzy search over the country names.
import { useNavigate } from "react-router";
import * as Popover from "@radix-ui/react-popover";
import { Command } from "cmdk";
import type { RefObject } from "react";
import { COUNTRIES } from "../../../pipeline/countries.ts";
import { CheckIcon, SearchIcon } from "./icons.tsx";
import { Flag } from "./flag.tsx";

const OPTIONS = [...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name));

export default function CountryPickerMenu({
  open,
  onOpenChange,
  anchor,
  current,
  hrefOf,
  listId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: RefObject<HTMLButtonElement | null>;
  current?: string;
  hrefOf: (code: string) => string;
  listId: string;
}) {
  const navigate = useNavigate();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={listId}
          align="start"
          sideOffset={4}
          aria-label="Pick a country"
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
          <Command label="Countries" loop>
            <div className="flex items-center gap-2 border-b border-slate-200 px-3">
              <SearchIcon className="h-4 w-4 text-slate-500" />
              <Command.Input placeholder="Search countries..." className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-slate-500" />
            </div>
            <Command.List className="overflow-y-auto p-1" style={{ maxHeight: 256 }}>
              <Command.Empty className="px-3 py-6 text-center text-sm text-slate-600">No country found.</Command.Empty>
              {OPTIONS.map((c) => (
                <Command.Item
                  key={c.code}
                  value={c.name}
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
