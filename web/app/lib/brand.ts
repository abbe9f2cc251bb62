// The product's name and fixed public texts used on several pages.
export { PRODUCT_NAME } from "../../../product/brand.ts";
export const DEFAULT_DESCRIPTION =
  "How favourable is the job market in 31 European countries right now? A 1 to 10 score from official Eurostat statistics, shown as weather.";
/** Open Graph / Twitter image, served from web/public. */
export const OG_IMAGE_PATH = "/og-image.png";
