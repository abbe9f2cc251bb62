// The site's navigation links, shared by the header (site-chrome.tsx) and the mobile drawer (mobile-drawer.tsx),
// which the header loads lazily: their own module, so neither imports the other (no import cycle).
import { Link } from "react-router";
import { FormattedMessage } from "react-intl";
import { useLocalePath } from "../i18n/use-locale.ts";
import { ExternalIcon } from "./icons.tsx";

export const NAV = [
  { to: "/", label: "common.nav.home", end: true },
  { to: "/brightest", label: "common.nav.brightest", end: false },
  { to: "/stormiest", label: "common.nav.stormiest", end: false },
] as const;

/** "Provide feedback": the external form in a new tab without opener or referrer; /contact when none is configured. */
export function FeedbackLink({
  url,
  className,
  onClick,
}: {
  url: string | null;
  className: string;
  onClick?: () => void;
}) {
  const to = useLocalePath();
  if (!url) {
    return (
      <Link to={to("/contact")} className={className} onClick={onClick}>
        <FormattedMessage id="common.feedback" />
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      <FormattedMessage id="common.feedback" />
      <ExternalIcon className="ml-1 inline h-3.5 w-3.5 align-[-2px]" />
      <span className="sr-only">
        {" "}
        <FormattedMessage id="common.newTab" />
      </span>
    </a>
  );
}

export const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`;
