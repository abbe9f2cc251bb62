// The document, the shared chrome, the toaster and the global error page.
import { useEffect, useRef, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  
  type MetaFunction,
} from "react-router";
import stylesheet from "./app.css?url";
import { useNonce } from "./lib/nonce.ts";
import { pageMeta } from "./lib/meta.ts";
import { PausedBanner } from "./components/paused-card.tsx";
import { PendingBanner, SiteFooter, SiteHeader } from "./components/site-chrome.tsx";
import { PageNotFound } from "./components/not-found.tsx";
import { GlobalError } from "./components/global-error.tsx";
import { LazyToaster } from "./components/lazy-toaster.tsx";
import type { SiteLoaderArgs } from "./lib/context.ts";
import { IntlProvider } from "react-intl";

// TEMP (branch i18n-pages): English-only provider until branch i18n's infrastructure is merged.
const tempEnglish: Record<string, string> = Object.assign(
  {},
  ...Object.values(import.meta.glob<Record<string, string>>("./i18n/messages/en/*.json", { eager: true, import: "default" })),
);

// The drawer (Radix Dialog, through react-remove-scroll) adds a <style> element and takes its nonce from
// get-nonce, which reads __webpack_nonce__: hand it this page's nonce, or the CSP would refuse that style.
if (typeof document !== "undefined") {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}

export const links: LinksFunction = () => [
  // With a precedence React writes the stylesheet ahead of the pages' module preloads, so the one render-blocking
  // file is not queued behind two dozen scripts (docs/decisions/017-page-weight.md).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export function loader({ context }: SiteLoaderArgs) {
  // Only public settings: this object is serialised into the page.
  return {
    site: { publicOrigin: context.site.publicOrigin, feedbackUrl: context.site.feedbackUrl, leadsRetentionDays: context.site.leadsRetentionDays },
    year: context.now.getUTCFullYear(),
    // While publication is paused every public page shows the paused notice (docs/product.md, "Paused").
    paused: context.read.publicationState(context.now).paused,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction = (args) => pageMeta(args, {});

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        {/* Marks JavaScript as available before first paint (collapsed sections stay open without it). */}
        <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: `document.documentElement.classList.add("js")` }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <IntlProvider locale="en" defaultLocale="en" messages={tempEnglish}>
          {children}
        </IntlProvider>
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

/**
 * After a client-side navigation to another page, focus moves to the new page's main heading (made focusable with
 * tabindex -1), so a screen reader announces where the visitor arrived and the next Tab starts from there
 * (docs/product.md §2 "Keyboard"). The first load and changes of the query or hash only (a chart range) leave focus
 * alone; the scroll position stays ScrollRestoration's.
 */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

function Chrome({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  useFocusHeadingOnNavigation();
  useEffect(() => {
    // Lets tests (and curious readers of the DOM) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const feedbackUrl = data?.site.feedbackUrl ?? null;
  const year = data?.year ?? new Date().getUTCFullYear();
  const { pathname } = useLocation();
  // The home page shows the full paused card itself; the operator area has its own status.
  const pausedBanner = data?.paused === true && pathname !== "/" && !/^\/admin(\/|$)/.test(pathname);
  return (
    <>
      <SiteHeader feedbackUrl={feedbackUrl} />
      {pausedBanner ? <PausedBanner /> : null}
      <PendingBanner />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter feedbackUrl={feedbackUrl} year={year} />
      <LazyToaster />
    </>
  );
}

export default function App() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Chrome>
        <PageNotFound />
      </Chrome>
    );
  }
  return (
    <Chrome>
      <GlobalError error={error} />
    </Chrome>
  );
}
