// The small-screen menu (docs/product.md §2): a Radix dialog sliding in from the right, 16rem wide, with the same
// entries as the header; it closes after a choice. Loaded when the "Open menu" button is first reached for.
import type { RefObject } from "react";
import { NavLink } from "react-router";
import * as Dialog from "@radix-ui/react-dialog";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocalePath } from "../i18n/use-locale.ts";
import { CloseIcon } from "./icons.tsx";
import { FeedbackLink, NAV, navClass } from "./nav-links.tsx";

export default function MobileDrawer({
  open,
  onOpenChange,
  feedbackUrl,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  feedbackUrl: string | null;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const close = () => onOpenChange(false);
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="drawer fixed inset-y-0 right-0 z-50 flex flex-col gap-2 bg-white p-4 shadow-xl focus:outline-none"
          style={{ width: "16rem" }}
        >
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">
              <FormattedMessage id="common.menu.title" />
            </Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={intl.formatMessage({ id: "common.menu.close" })}
                className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-slate-100"
              >
                <CloseIcon className="h-5 w-5" />
              </button>
            </Dialog.Close>
          </div>
          <nav aria-label={intl.formatMessage({ id: "common.nav.mobile" })} className="flex flex-col gap-1">
            {NAV.map((item) => (
              <NavLink key={item.to} to={to(item.to)} end={item.end} className={navClass} onClick={close}>
                <FormattedMessage id={item.label} />
              </NavLink>
            ))}
            <FeedbackLink url={feedbackUrl} className={navClass({ isActive: false })} onClick={close} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
