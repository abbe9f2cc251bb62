// The product's name and fixed public texts, once: the site, the feeds, the share cards and the badge use them.
export const PRODUCT_NAME = "Job Weather Index";
export const DEFAULT_DESCRIPTION =
  "How favourable is the job market in 31 European countries right now? A 1 to 10 score from official Eurostat statistics, shown as weather.";
/** Open Graph / Twitter image of pages without their own (served from web/public). */
export const OG_IMAGE_PATH = "/og-image.png";
