// The product's name, once: the site (web/app/lib/brand.ts re-exports it), the feeds and any other door use it.
export const PRODUCT_NAME = "Job Weather Index";
