// Explanations next to the numbers (docs/product.md §2): info tooltips (zero open delay, content not hoverable, offset
// 4 px) and explanatory popovers, of which only one is open at a time; a click or touch elsewhere closes it.
//
// The buttons are plain HTML rendered with the page; the Radix tooltip and popover that show the text (and
// the positioning engine behind them) load on the first hover, focus or click, so reading a page does not
// download them. The description is also tied to each button with aria-describedby from the start.
import { createContext, lazy, Suspense, useContext, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { InfoIcon } from "./icons.tsx";

const loadLayer = () => import("./info-layer.tsx");
const InfoLayer = lazy(loadLayer);

/** Which explanatory popover is open; opening one closes the other (docs/product.md §2). */
const OpenPopover = createContext<{
  open: string | null;
  show: (id: string) => void;
  hide: (id: string) => void;
} | null>(null);

export function PopoverGroup({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  // Functional updates: a late "close" from the popover that lost focus never closes the one just opened.
  const value = useMemo(
    () => ({
      open,
      show: (id: string) => setOpen(id),
      hide: (id: string) => setOpen((cur) => (cur === id ? null : cur)),
    }),
    [open],
  );
  return <OpenPopover.Provider value={value}>{children}</OpenPopover.Provider>;
}

/** Open state of one popover, shared with its group when there is one. */
function useGroupedOpen(id: string): [boolean, (next: boolean) => void] {
  const group = useContext(OpenPopover);
  const [localOpen, setLocalOpen] = useState(false);
  if (!group) return [localOpen, setLocalOpen];
  return [group.open === id, (next) => (next ? group.show(id) : group.hide(id))];
}

/**
 * The (i) next to a metric: tooltip on mouse hover or keyboard focus, popover on click or touch. Its name says what it
 * explains in the page's language ("About Unemployment rate", "Información: Tasa de paro": common.info.about).
 */
export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  const intl = useIntl();
  const id = useId();
  const [popOpen, setPopOpen] = useGroupedOpen(id);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const load = () => {
    void loadLayer();
    setLoaded(true);
  };
  return (
    <span className="relative inline-flex">
      <button
        ref={button}
        type="button"
        aria-label={intl.formatMessage({ id: "common.info.about" }, { label })}
        aria-describedby={`${id}-text`}
        aria-expanded={popOpen}
        onPointerEnter={(e) => {
          if (e.pointerType !== "mouse") return;
          load();
          setHover(true);
        }}
        onPointerLeave={() => setHover(false)}
        onFocus={() => {
          load();
          setFocus(true);
        }}
        onBlur={() => setFocus(false)}
        onTouchStart={() => void loadLayer()}
        onClick={() => {
          load();
          setPopOpen(!popOpen);
        }}
        className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-slate-500 hover:text-slate-800"
      >
        <InfoIcon className="h-4 w-4" />
      </button>
      <span id={`${id}-text`} hidden>
        {children}
      </span>
      {loaded ? (
        <Suspense fallback={null}>
          <InfoLayer
            anchor={button}
            title={label}
            tipOpen={(hover || focus) && !popOpen}
            onTipDismiss={() => {
              setHover(false);
              setFocus(false);
            }}
            popOpen={popOpen}
            onPopOpenChange={setPopOpen}
          >
            {children}
          </InfoLayer>
        </Suspense>
      ) : null}
    </span>
  );
}

/** A button that opens an explanatory popover (the confidence badge). */
export function InfoPopover({
  trigger,
  title,
  children,
  triggerClassName,
}: {
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  triggerClassName?: string;
}) {
  const id = useId();
  const [open, setOpen] = useGroupedOpen(id);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadLayer()}
        onFocus={() => void loadLayer()}
        onTouchStart={() => void loadLayer()}
        onClick={() => {
          setLoaded(true);
          setOpen(!open);
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <InfoLayer anchor={button} title={title} popOpen={open} onPopOpenChange={setOpen} wide>
            {children}
          </InfoLayer>
        </Suspense>
      ) : null}
    </>
  );
}
