// Header (logo, navigation, mobile drawer), footer and the pending-navigation banner shared by every page.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigation } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LOCALES, localePath, stripLocale } from "../i18n/locales.ts";
import { useLocale, useLocalePath } from "../i18n/use-locale.ts";
import { MenuIcon, WeatherIcon } from "./icons.tsx";
import { FeedbackLink, NAV, navClass } from "./nav-links.tsx";

const loadDrawer = () => import("./mobile-drawer.tsx");
const MobileDrawer = lazy(loadDrawer);

export interface ChromeProps {
  feedbackUrl: string | null;
  year: number;
}

/**
 * The language control (docs/i18n.md): plain links to this same page in each language, so it works without
 * JavaScript; the current language is marked aria-current. Following one remembers the choice in a cookie.
 */
function LanguageLinks() {
  const intl = useIntl();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const base = stripLocale(pathname);
  const remember = (l: string) => {
    document.cookie = `${LANGUAGE_COOKIE}=${l}; Path=/; Max-Age=31536000; SameSite=Lax`;
  };
  const label = intl.formatMessage({ id: "common.language.label" });
  // The operator area exists in English only (docs/i18n.md).
  if (/^\/admin(?:\/|$)/.test(pathname)) return null;
  // A native disclosure: opens with Enter/Space and without JavaScript, and keeps the header one row high at 390 px.
  return (
    <details className="language-control relative" data-testid="language-control">
      <summary className="flex h-10 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        <span className="sr-only">{label}: </span>
        {/* The code on small screens keeps the logo on one line; the name from 640 px. */}
        <span lang={current} className="sm:hidden">
          {current.toUpperCase()}
        </span>
        <span lang={current} className="hidden sm:inline">
          {LANGUAGE_NAMES[current]}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <nav
        aria-label={label}
        className="absolute right-0 z-50 mt-1 w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        <ul className="flex flex-col">
          {LOCALES.map((l) => (
            <li key={l}>
              <a
                href={`${localePath(l, base)}${search}`}
                hrefLang={l}
                lang={l}
                aria-current={l === current ? "true" : undefined}
                onClick={() => remember(l)}
                className={`block rounded px-3 py-2 text-sm ${l === current ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
              >
                {LANGUAGE_NAMES[l]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

function Logo() {
  const intl = useIntl();
  const to = useLocalePath();
  return (
    <Link
      to={to("/")}
      className="flex items-center gap-2 rounded-md font-bold tracking-tight text-slate-900"
      aria-label={intl.formatMessage({ id: "common.logoLabel" }, { product: PRODUCT_NAME })}
    >
      <WeatherIcon status="bright" className="h-8 w-8" />
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}

export function SiteHeader({ feedbackUrl }: { feedbackUrl: string | null }) {
  const intl = useIntl();
  const to = useLocalePath();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // Until the page is hydrated the phone menu is a native disclosure with its own list of links; after, it opens
  // the drawer (docs/product.md §2, "Works before JavaScript").
  const [hydrated, setHydrated] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const menuButton = useRef<HTMLElement>(null);
  const openDrawer = () => {
    setUsed(true);
    setOpen(true);
  };
  useEffect(() => {
    setHydrated(true);
    // Opened before the page was ready: the drawer takes over.
    if (menu.current?.open) {
      menu.current.open = false;
      openDrawer();
    }
  }, []);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav
          aria-label={intl.formatMessage({ id: "common.nav.main" })}
          className="hidden items-center gap-1 md:ml-auto md:flex"
        >
          {NAV.map((item) => (
            <NavLink key={item.to} to={to(item.to)} end={item.end} className={navClass} prefetch="intent">
              <FormattedMessage id={item.label} />
            </NavLink>
          ))}
          <FeedbackLink url={feedbackUrl} className={navClass({ isActive: false })} />
        </nav>
        <div className="flex items-center gap-1">
          <LanguageLinks />
          <details ref={menu} className="phone-menu md:hidden" data-testid="phone-menu">
            <summary
              ref={menuButton}
              aria-label={intl.formatMessage({ id: "common.menu.open" })}
              aria-haspopup={hydrated ? "dialog" : undefined}
              aria-expanded={hydrated ? open : undefined}
              onPointerEnter={() => void loadDrawer()}
              onTouchStart={() => void loadDrawer()}
              onFocus={() => void loadDrawer()}
              onClick={(e) => {
                if (!hydrated) return; // the disclosure opens its own list
                e.preventDefault();
                openDrawer();
              }}
              className="inline-flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            >
              <MenuIcon className="h-6 w-6" />
            </summary>
            {hydrated ? null : (
              <nav
                aria-label={intl.formatMessage({ id: "common.nav.mobile" })}
                className="fixed inset-x-0 top-16 z-50 flex flex-col gap-1 border-b border-slate-200 bg-white p-4 shadow-lg"
              >
                {NAV.map((item) => (
                  <NavLink key={item.to} to={to(item.to)} end={item.end} className={navClass}>
                    <FormattedMessage id={item.label} />
                  </NavLink>
                ))}
                <FeedbackLink url={feedbackUrl} className={navClass({ isActive: false })} />
              </nav>
            )}
          </details>
        </div>
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
  const intl = useIntl();
  const to = useLocalePath();
  const link = "text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline";
  const inline = "text-slate-800 underline underline-offset-2 hover:text-slate-950";
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 text-sm text-slate-600 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="space-y-2">
          <p>
            <FormattedMessage id="common.footer.copyright" values={{ year: String(year), product: PRODUCT_NAME }} />
          </p>
          <p>
            <FormattedMessage id="common.footer.trademark" values={{ product: PRODUCT_NAME }} />
          </p>
          <p>
            <FormattedMessage id="common.footer.guidance" />
          </p>
          <p>
            <FormattedMessage
              id="common.footer.source"
              values={{
                product: PRODUCT_NAME,
                link: (chunks) => (
                  <Link to={to("/methodology")} className={inline}>
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
        </div>
        <nav
          aria-label={intl.formatMessage({ id: "common.footer.label" })}
          className="flex flex-wrap content-start gap-x-5 gap-y-2"
        >
          <Link to={to("/contact")} className={link}>
            <FormattedMessage id="common.footer.contact" />
          </Link>
          <Link to={to("/privacy")} className={link}>
            <FormattedMessage id="common.footer.privacy" />
          </Link>
          <Link to={to("/terms")} className={link}>
            <FormattedMessage id="common.footer.terms" />
          </Link>
          <FeedbackLink url={feedbackUrl} className={link} />
          <span className="contents">
            <Link to={to("/top-regions")} className={link}>
              <FormattedMessage id="common.footer.topRegions" />
            </Link>
            <Link to={to("/sectors")} className={link}>
              <FormattedMessage id="common.footer.sectors" />
            </Link>
            <Link to={to("/methodology")} className={link}>
              <FormattedMessage id="common.footer.methodology" />
            </Link>
            <Link to={to("/open-data")} className={link}>
              <FormattedMessage id="common.footer.openData" />
            </Link>
          </span>
        </nav>
      </div>
    </footer>
  );
}

/** Which loading text a pending navigation shows (docs/product.md §2, §8): a message id. */
function pendingText(pathname: string): string {
  const path = stripLocale(pathname);
  if (/^\/country\//.test(path) || /^\/job-market\//.test(path)) return "common.loading.country";
  if (/^\/(brightest|stormiest)(-markets)?$/.test(path) || path === "/top-regions") return "common.loading.rankings";
  return "common.loading.page";
}

export function PendingBanner() {
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-30 flex justify-center">
      {target ? (
        <p role="status" className="mt-2 rounded-full bg-slate-900 px-4 py-1.5 text-sm text-white shadow">
          <FormattedMessage id={pendingText(target)} />
        </p>
      ) : null}
    </div>
  );
}
