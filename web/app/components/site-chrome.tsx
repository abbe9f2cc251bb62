// Header (logo, navigation, mobile drawer), footer and the pending-navigation banner shared by every page.
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink, useNavigation } from "react-router";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { MenuIcon, WeatherIcon } from "./icons.tsx";
import { FeedbackLink, NAV, navClass } from "./nav-links.tsx";

const loadDrawer = () => import("./mobile-drawer.tsx");
const MobileDrawer = lazy(loadDrawer);

export interface ChromeProps {
  feedbackUrl: string | null;
  year: number;
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-bold tracking-tight text-slate-900" aria-label={`${PRODUCT_NAME}, homepage`}>
      <WeatherIcon status="bright" className="h-8 w-8" />
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}

export function SiteHeader({ feedbackUrl }: { feedbackUrl: string | null }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navClass} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
          <FeedbackLink url={feedbackUrl} className={navClass({ isActive: false })} />
        </nav>
        <button
          ref={menuButton}
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void loadDrawer()}
          onTouchStart={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
        >
          <MenuIcon className="h-6 w-6" />
        </button>
        {used ? (
          <Suspense fallback={null}>
            <MobileDrawer open={open} onOpenChange={setOpen} feedbackUrl={feedbackUrl} returnFocusTo={menuButton} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}

export function SiteFooter({ feedbackUrl, year }: ChromeProps) {
  const link = "text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline";
  const inline = "text-slate-800 underline underline-offset-2 hover:text-slate-950";
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-slate-600 md:grid-cols-[1fr_auto]">
        <div className="space-y-2">
          <p>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <p>{PRODUCT_NAME}™ is a trademark.</p>
          <p>The information on this site is for guidance only and is not financial or legal advice.</p>
          <p>Source: Eurostat. Scores are computed by {PRODUCT_NAME} from official statistics; see the{" "}
            <Link to="/methodology" className={inline}>
              methodology
            </Link>
            .</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap content-start gap-x-5 gap-y-2">
          <Link to="/contact" className={link}>
            Contact
          </Link>
          <Link to="/privacy" className={link}>
            Privacy
          </Link>
          <Link to="/terms" className={link}>
            Terms
          </Link>
          <FeedbackLink url={feedbackUrl} className={link} />
          <span className="contents">
            <Link to="/top-regions" className={link}>
              Top regions
            </Link>
            <Link to="/methodology" className={link}>
              Methodology
            </Link>
            <Link to="/open-data" className={link}>
              Open data
            </Link>
          </span>
        </nav>
      </div>
    </footer>
  );
}

/** Which loading text a pending navigation shows (docs/product.md §2, §8). */
function pendingText(pathname: string): string {
  if (/^\/country\//.test(pathname) || /^\/job-market\//.test(pathname)) return "Loading country data";
  if (/^\/(brightest|stormiest)(-markets)?$/.test(pathname) || pathname === "/top-regions") return "Loading rankings...";
  return "Loading...";
}

export function PendingBanner() {
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-30 flex justify-center">
      {target ? (
        <p role="status" className="mt-2 rounded-full bg-slate-900 px-4 py-1.5 text-sm text-white shadow">
          {pendingText(target)}
        </p>
      ) : null}
    </div>
  );
}
