// The Radix tooltip and popover of components/info.tsx, loaded on first use. Both are anchored to the plain
// button rendered with the page; their open state is owned by that button (and the page's popover group).
import type { ReactNode, RefObject } from "react";
import * as Tooltip from "@radix-ui/react-tooltip";
import * as Popover from "@radix-ui/react-popover";

export default function InfoLayer({
  anchor,
  title,
  tipOpen,
  onTipDismiss,
  popOpen,
  onPopOpenChange,
  wide = false,
  children,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  title: string;
  /** Tooltip state (InfoTip only). */
  tipOpen?: boolean;
  onTipDismiss?: () => void;
  popOpen: boolean;
  onPopOpenChange: (open: boolean) => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = anchor as RefObject<HTMLButtonElement>;
  return (
    <>
      {tipOpen !== undefined ? (
        // Zero open delay, content not hoverable (docs/product.md §2); the state comes from the button's hover and focus.
        <Tooltip.Provider delayDuration={0} disableHoverableContent>
          <Tooltip.Root open={tipOpen} onOpenChange={(open) => !open && onTipDismiss?.()}>
            <Tooltip.Trigger asChild>
              {/* Zero-size anchor at the top centre of the button (the wrapper in info.tsx is positioned). */}
              <span aria-hidden className="pointer-events-none absolute left-1/2 top-0 h-0 w-0" />
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                sideOffset={4}
                aria-hidden
                className="pointer-events-none z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg"
              >
                {children}
                <Tooltip.Arrow className="fill-slate-900" />
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
      ) : null}
      <Popover.Root open={popOpen} onOpenChange={onPopOpenChange}>
        <Popover.Anchor virtualRef={ref} />
        <Popover.Portal>
          <Popover.Content
            sideOffset={4}
            collisionPadding={12}
            data-testid="info-popover"
            aria-label={title}
            onInteractOutside={(e) => {
              // A click on the button itself toggles the popover.
              if (anchor.current?.contains(e.target as Node)) e.preventDefault();
            }}
            onCloseAutoFocus={(e) => {
              // Back to the button when the popover closed with Escape; never steal focus from what was clicked.
              e.preventDefault();
              const active = document.activeElement;
              if (!active || active === document.body) anchor.current?.focus();
            }}
            className={`z-50 ${wide ? "w-80" : "w-72"} max-w-[calc(100vw-24px)] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-xl focus:outline-none`}
          >
            <p className="mb-1 font-semibold text-slate-900">{title}</p>
            {children}
            <Popover.Arrow className="fill-white" />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </>
  );
}
