// What the operator is told in fixed English words, once for both doors (`jwi status`, the operator panel): what
// visitors see while publication is paused (docs/product.md, "Paused").

/** What visitors get while publication is paused: `jwi status` and the operator panel say it in these words. */
export const PAUSED_VISITORS_SEE =
  "Visitors see the paused notice on every public page (the full card on the home page, a banner on the others) and no score anywhere: " +
  'country pages, rankings and regions show none; the API answers score null with withheld_reason "paused"; the CSV files leave the score ' +
  'empty with that reason; the feeds say they are paused and get no new entries; share cards show the site\'s own image and badges say "paused". ' +
  "Methodology, open data, legal pages and the forms work as usual.";
