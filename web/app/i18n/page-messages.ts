// Which messages each page receives (docs/i18n.md, "Loading"): the one table of it. A page's HTML carries the root's
// messages (ROOT_MESSAGES: the header, footer, language control, 404, error and paused screens) and its own route's
// (PAGE_MESSAGES, by route file: routes/country.tsx is "country"), and nothing else of the catalogues.
//
// An entry is a namespace ("market": every market.* id) or a part of one ("forms.experience": forms.experience.*).
// web/app/i18n/page-messages.test.ts reads every route's code, lazy parts included, and fails when a route uses an
// id its entry does not cover; tests/e2e/page-messages.test.ts renders every route in every language and fails on a
// message the page did not receive. To add a namespace or a page: add it here, then run those two tests.

/** The words of published data (web/app/i18n/format.ts `useFormat`): statuses, rating labels, confidence, evidence. */
const WEATHER_WORDS = [
  "compare.quarter",
  "country.noScore",
  "country.status",
  "country.weatherTitle",
  "country.label",
  "country.confidence",
  "country.evidence",
];
/** A ranking list with its rating key (components/ranking-list.tsx). */
const RANKING_LIST = ["rankings.band", "rankings.empty", "rankings.outOf10", "rankings.paused", "rankings.ratingKey"];
/**
 * The form parts every public form uses (components/form-fields.tsx, form-post.tsx): counters, errors, options, the
 * over-cap notice, and what a form posted without JavaScript says when it was refused.
 */
const FORM_PARTS = [
  "forms.counter",
  "forms.error",
  "forms.option",
  "forms.overCap",
  "forms.refused",
  "forms.requiredMarked",
];
/** The country page's sections, shared by /country/{code} and /job-market/{name} (components/country-view.tsx…), "why it changed" included. */
const COUNTRY_SECTIONS = [
  "country",
  "market",
  "sectors.title",
  "sectors.intro",
  "sectors.none",
  "sectors.rate",
  "sectors.allSectors",
  "sectors.allSectorsNone",
  "sectors.eu",
  "sectors.nsa",
  "sectors.nace21",
  "sectors.legend",
  "sectors.compareLink",
  "sectors.name",
  "sectors.older",
  "sectors.trend",
  "sectors.trendCutoff",
  "why",
  "picker",
  "compare.quarter",
  "forms.community",
  "forms.experience",
  "forms.loading",
  // Flags and "Check it at the source" (components/flag-mark.tsx, source-check.tsx): all of `sources` but the
  // methodology's own link.
  "sources.flag",
  "sources.check",
  "sources.field",
  "sources.noFlag",
  "sources.undated",
  "sources.link.browser",
  "sources.link.api",
  "sources.link.ecfin",
  "sources.iab",
  "sources.newTab",
  "sources.part",
  "sources.code",
  "sources.table",
  ...FORM_PARTS,
];

export const ROOT_MESSAGES: readonly string[] = ["common"];

export const PAGE_MESSAGES = {
  home: ["home", "picker", "rankings.notice", "rankings.noticeSome", ...RANKING_LIST, ...WEATHER_WORDS],
  country: [...COUNTRY_SECTIONS, "compare.with"],
  "job-market": [...COUNTRY_SECTIONS, "job-market", "forms.waitingList"],
  ranking: ["rankings", "your-weather", "compare.quarter", ...WEATHER_WORDS],
  "top-regions": ["rankings.region", "rankings.regions", ...RANKING_LIST, ...WEATHER_WORDS],
  "your-weather": ["your-weather", "home.map", "compare.quarter", ...RANKING_LIST, ...WEATHER_WORDS],
  sectors: [
    "sectors.page",
    "sectors.pick",
    "sectors.name",
    "sectors.section",
    "sectors.older",
    "sectors.olderWhy",
    "sources.flag",
    "forms.option",
    "compare.quarter",
    ...WEATHER_WORDS,
  ],
  compare: [
    "compare",
    "sectors.compare",
    "sectors.pick",
    "sectors.name",
    "sectors.section",
    "sectors.older",
    "sectors.olderWhy",
    "sectors.nsa",
    "sectors.rate",
    "sources.flag",
    "sectors.page.roleNone",
    "sectors.page.paused",
    "forms.option",
    "why.title",
    "country.chart",
    "picker.label",
    "your-weather.weight",
    ...RANKING_LIST,
    ...WEATHER_WORDS,
  ],
  "waiting-list": ["forms.waitingList", "forms.toast", "country.help", ...FORM_PARTS, ...WEATHER_WORDS],
  methodology: [
    "methodology",
    "open-data.reference.type",
    "sources.table",
    "sources.link",
    "sources.newTab",
    ...WEATHER_WORDS,
  ],
  "open-data": ["open-data", "forms.newTab", ...WEATHER_WORDS],
  "open-data-api": [
    "open-data.reference",
    "open-data.title",
    "open-data.licence.name",
    "country.help",
    ...WEATHER_WORDS,
  ],
  contact: ["forms.contact", "forms.newTab", "forms.toast", ...FORM_PARTS],
  privacy: ["legal.privacy", "forms.contact.topic", ...FORM_PARTS],
  terms: ["legal.terms", ...FORM_PARTS],
  // The operator's pages are English (docs/product.md §4); their fields are the forms' (components/form-fields.tsx),
  // whose character counter speaks from the catalogue.
  admin: ["forms.counter"],
} satisfies Record<string, readonly string[]>;

export type Page = keyof typeof PAGE_MESSAGES;

/** Whether a message id belongs to one of the entries. */
export function covers(entries: readonly string[], id: string): boolean {
  return entries.some((e) => id === e || id.startsWith(`${e}.`));
}
