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
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import { FormattedMessage, RawIntlProvider } from "react-intl";
import stylesheet from "./app.css?url";
import { useNonce } from "./lib/nonce.ts";
import { pageMeta } from "./lib/meta.ts";
import { PausedBanner } from "./components/paused-card.tsx";
import { PendingBanner, SiteFooter, SiteHeader } from "./components/site-chrome.tsx";
import { PageNotFound } from "./components/not-found.tsx";
import { GlobalError } from "./components/global-error.tsx";
// English "common" texts (header, footer, error and 404 pages), parsed at build time like every catalogue: the
// messages when the root loader could not answer, so an error page never shows message ids (docs/i18n.md).
import COMMON_EN from "./i18n/messages/en/common.json";
import { LazyToaster } from "./components/lazy-toaster.tsx";
import { documentHydrated } from "./components/static-part.tsx";
import type { SiteLoaderArgs } from "./lib/context.ts";
import { localeFromPath, stripLocale } from "./i18n/locales.ts";
import { rootMessages } from "./i18n/catalog.server.ts";
import { intlOf, messagesHref, type Messages } from "./i18n/meta-intl.ts";
import { withMessages } from "./i18n/client-messages.ts";
import { countryNamesIn, countryOrderIn, knowCountryNames } from "../../product/country-names.ts";
import { knowMonthNames, monthNamesIn } from "./i18n/calendar.ts";

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

export function loader({ context, request }: SiteLoaderArgs) {
  // The page's language comes from its URL prefix alone (docs/i18n.md): the layout's messages in it, and no other
  // language's, go into the page; each route loader adds its page's (web/app/i18n/page-messages.ts).
  const locale = localeFromPath(new URL(request.url).pathname);
  // Only public settings: this object is serialised into the page.
  return {
    locale,
    messages: rootMessages(request),
    site: {
      publicOrigin: context.site.publicOrigin,
      feedbackUrl: context.site.feedbackUrl,
      leadsRetentionDays: context.site.leadsRetentionDays,
    },
    year: context.now.getUTCFullYear(),
    // The country list's order in the page's language (the picker's links, before and while JavaScript starts).
    countryOrder: countryOrderIn(locale),
    // Outside English, the country and month names as the server writes them, so that the browser need not build
    // Intl's formatters for them while it hydrates (docs/decisions/017-page-weight.md, "ICU on first use").
    names: locale === "en" ? undefined : { countries: countryNamesIn(locale), months: monthNamesIn(locale) },
    // While publication is paused every public page shows the paused notice (docs/product.md, "Paused").
    paused: context.read.publicationState(context.now).paused,
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The root's data stays while the language does; a move to another language fetches that language's layout messages
 * (the route loaders, which run on every navigation, bring their page's).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);

export const meta: MetaFunction = (args) => pageMeta(args, {});

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>("root");
  const matches = useMatches();
  const { pathname } = useLocation();
  const locale = data?.locale ?? localeFromPath(pathname);
  if (data?.names) {
    knowCountryNames(locale, data.names.countries);
    knowMonthNames(locale, data.names.months);
  }
  const intl = intlOf(matches, { fallback: data ? undefined : (COMMON_EN as unknown as Messages), locale });
  const messageFiles = matches.map(messagesHref).filter((href): href is string => href !== undefined);
  return (
    <RawIntlProvider value={intl}>
      <html lang={locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#1d4ed8" />
          {/* Marks JavaScript as available before first paint (collapsed sections stay open without it). */}
          <script
            nonce={nonce || undefined}
            dangerouslySetInnerHTML={{ __html: `document.documentElement.classList.add("js")` }}
          />
          <Meta />
          <Links />
          {/* The page's messages files, read before hydration (entry.client.tsx; docs/i18n.md, "Loading"). */}
          {messageFiles.map((href) => (
            <link key={href} rel="preload" as="fetch" href={href} crossOrigin="anonymous" data-messages="" />
          ))}
        </head>
        <body className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            <FormattedMessage id="common.skipLink" defaultMessage="Skip to content" />
          </a>
          {children}
          <ScrollRestoration nonce={nonce || undefined} />
          <Scripts nonce={nonce || undefined} />
        </body>
      </html>
    </RawIntlProvider>
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
    documentHydrated();
  }, []);
  const feedbackUrl = data?.site.feedbackUrl ?? null;
  const year = data?.year ?? new Date().getUTCFullYear();
  const { pathname } = useLocation();
  // The home page shows the full paused card itself; the operator area has its own status.
  const pausedBanner = data?.paused === true && stripLocale(pathname) !== "/" && !/^\/admin(\/|$)/.test(pathname);
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
