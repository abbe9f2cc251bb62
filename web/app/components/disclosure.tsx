// A show/hide section (the WAI-ARIA disclosure pattern), in place of @radix-ui/react-collapsible: the same markup
// (data-state on all three parts, the button's aria-expanded and aria-controls, the panel kept in the page) for a few
// hundred bytes instead of a library on every page (docs/decisions/017-page-weight.md). The caller hides the closed
// panel by its data-state (`data-[state=closed]:hidden`), not with the `hidden` attribute: Tailwind's base layer
// makes that one !important, so the no-JavaScript rule (data-nojs-open, app.css) could not show the panel open.
import { createContext, useContext, useId, useState, type ComponentPropsWithoutRef } from "react";

const Ctx = createContext<{ open: boolean; toggle(): void; id: string } | null>(null);

function useDisclosure(part: string) {
  const c = useContext(Ctx);
  if (!c) throw new Error(`<${part}> belongs inside <Root> (components/disclosure.tsx)`);
  return c;
}

const stateOf = (open: boolean) => (open ? "open" : "closed");

export function Root({ defaultOpen = false, ...props }: ComponentPropsWithoutRef<"div"> & { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <Ctx.Provider value={{ open, toggle: () => setOpen((o) => !o), id }}>
      <div data-state={stateOf(open)} {...props} />
    </Ctx.Provider>
  );
}

export function Trigger({ onClick, ...props }: ComponentPropsWithoutRef<"button">) {
  const { open, toggle, id } = useDisclosure("Trigger");
  return (
    <button
      type="button"
      aria-controls={id}
      aria-expanded={open}
      data-state={stateOf(open)}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) toggle();
      }}
      {...props}
    />
  );
}

/** The panel: always in the page (for the no-JavaScript style); the caller's class hides it while closed. */
export function Content(props: ComponentPropsWithoutRef<"div">) {
  const { open, id } = useDisclosure("Content");
  return <div id={id} data-state={stateOf(open)} {...props} />;
}
