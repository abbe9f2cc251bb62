// The site's languages for the pages: the list and path rules live in product/locales.ts (the sitemap uses them too).
export * from "../../../product/locales.ts";
