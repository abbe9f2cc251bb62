// The site's navigation links, shared by the header (site-chrome.tsx) and the mobile drawer (mobile-drawer.tsx),
// which the header loads lazily: their own module, so neither imports the other (no import cycle).
import { Link } from "react-router";
import { ExternalIcon } from "./icons.tsx";

export const NAV = [
  { to: "/", label: "Homepage", end: true },
  { to: "/brightest", label: "Brightest Markets", end: false },
  { to: "/stormiest", label: "Stormiest Markets", end: false },
] as const;

/** "Provide feedback": the external form in a new tab without opener or referrer; /contact when none is configured. */
export function FeedbackLink({ url, className, onClick }: { url: string | null; className: string; onClick?: () => void }) {
  if (!url) {
    return (
      <Link to="/contact" className={className} onClick={onClick}>
        Provide feedback
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      Provide feedback
      <ExternalIcon className="ml-1 inline h-3.5 w-3.5 align-[-2px]" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`;
