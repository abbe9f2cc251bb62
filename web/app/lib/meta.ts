// Page metadata, rendered on the server for every page (docs/product.md §2 "Page metadata"; docs/product.md Presentation):
// title, description, canonical link from the public origin, Open Graph, Twitter card, optional JSON-LD.
import type { MetaDescriptor } from "react-router";
import { feedPath, feedTitle } from "../../../product/feeds.ts";
import { DEFAULT_DESCRIPTION, OG_IMAGE_PATH, PRODUCT_NAME } from "../../../product/brand.ts";
import { DEFAULT_LOCALE, LOCALES, localeFromPath, localePath, stripLocale } from "../i18n/locales.ts";
import { intlOf } from "../i18n/meta-intl.ts";

/** Canonical URL: fixed public origin + path without trailing slashes + the current query string. */
export function canonicalUrl(origin: string, pathname: string, search = ""): string {
  const path = pathname.replace(/\/+$/, "");
  return `${origin.replace(/\/+$/, "")}${path === "" ? "/" : path}${search}`;
}

/**
 * The public origin that the root loader publishes (web/app/root.tsx): the configured one, else the request's
 * own (server/site/site-handler.ts). Without the root's data (never on a served page), the browser's own origin.
 */
function originOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { site?: { publicOrigin?: string } } | undefined;
  return root?.site?.publicOrigin ?? (typeof location === "undefined" ? "http://localhost" : location.origin);
}

export interface PageMeta {
  /** Page title without the product name; omitted → the product name alone. */
  title?: string;
  description?: string;
  keywords?: string;
  /** Open Graph type (default "website"). */
  type?: string;
  /** Absolute or site-relative image (default the product image). */
  image?: string;
  /** Its size in pixels and its text alternative, when the page gives its own image (og:image:width, …). */
  imageSize?: { width: number; height: number };
  imageAlt?: string;
  /** Twitter card (default summary_large_image). */
  twitterCard?: string;
  /**
   * The page's canonical path when another page is the canonical one (/job-market/{name} → /country/{code}):
   * the canonical link, og:url and JSON-LD name it instead of the page's own path.
   */
  canonicalPath?: string;
  /** Pages that must not be indexed (404, error). */
  noindex?: boolean;
  /** Atom feeds to advertise: all countries (null) and/or one country ({code, name}). */
  feeds?: Array<{ code: string; name: string } | null>;
}

interface MetaArgs {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

export function pageMeta(args: MetaArgs, page: PageMeta): MetaDescriptor[] {
  const origin = originOf(args.matches);
  const intl = intlOf(args.matches);
  const locale = localeFromPath(args.location.pathname);
  const title = page.title
    ? `${page.title} | ${PRODUCT_NAME}`
    : intl.formatMessage(
        {
          id: "common.meta.defaultTitle",
          defaultMessage: `${PRODUCT_NAME}: European job markets as a weather forecast`,
        },
        { product: PRODUCT_NAME },
      );
  const description =
    page.description ??
    intl.formatMessage({ id: "common.meta.defaultDescription", defaultMessage: DEFAULT_DESCRIPTION });
  // A canonical path given in English (/country/{code}) is the canonical page of this page's language.
  const url = page.canonicalPath
    ? canonicalUrl(origin, localePath(locale, page.canonicalPath))
    : canonicalUrl(origin, args.location.pathname, args.location.search);
  const image = new URL(page.image ?? OG_IMAGE_PATH, origin).href;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: page.twitterCard ?? "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  // The same page in every language, and x-default (English) for the others (docs/i18n.md).
  if (!page.noindex) {
    tags.push(
      ...languageAlternates(
        origin,
        page.canonicalPath ?? stripLocale(args.location.pathname),
        page.canonicalPath ? "" : args.location.search,
      ),
    );
    if (locale !== DEFAULT_LOCALE) tags.push({ property: "og:locale", content: intl.locale });
  }
  if (page.imageSize) {
    tags.push(
      { property: "og:image:width", content: String(page.imageSize.width) },
      { property: "og:image:height", content: String(page.imageSize.height) },
    );
  }
  if (page.imageAlt)
    tags.push(
      { property: "og:image:alt", content: page.imageAlt },
      { name: "twitter:image:alt", content: page.imageAlt },
    );
  if (page.keywords) tags.push({ name: "keywords", content: page.keywords });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const f of page.feeds ?? []) {
    const href = new URL(feedPath(f?.code ?? null), origin).href;
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: feedTitle(f?.name ?? null),
      href,
    });
  }
  return tags;
}

/** A page (its English path) in every language as hreflang alternates, and x-default (English) for the others. */
function languageAlternates(
  origin: string,
  base: string,
  search: string,
): Array<{ tagName: "link"; rel: "alternate"; hrefLang: string; href: string }> {
  return [
    ...LOCALES.map((l) => ({
      tagName: "link" as const,
      rel: "alternate" as const,
      hrefLang: l as string,
      href: canonicalUrl(origin, localePath(l, base), search),
    })),
    {
      tagName: "link" as const,
      rel: "alternate" as const,
      hrefLang: "x-default",
      href: canonicalUrl(origin, localePath(DEFAULT_LOCALE, base), search),
    },
  ];
}

/**
 * JSON for a <script type="application/ld+json"> body (components/json-ld.tsx): `<`, `>`, `&`, U+2028 and
 * U+2029 escaped as \u sequences, so a "</script>" or "<!--" inside any text cannot end the element; the
 * result still parses to the same data.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
