// The one list of covered countries (docs/product.md §3: 31 countries) and of Eurostat aggregates.
// Every other module (parsers, model, API, site) imports from here; never copy it.

export type RegionId = "nordic" | "baltic" | "western" | "central-eastern" | "southern";

export interface Country {
  /** Product code, ISO 3166-1 alpha-2 (GR for Greece). */
  code: string;
  /** English name as shown on the site. */
  name: string;
  /** Lower-case English name used in `/job-market/{slug}` (docs/product.md §2). */
  slug: string;
  /** Names in the country's own language(s), for matching barometer headers. */
  nativeNames: string[];
  /** Eurostat geo code (EL for Greece). */
  eurostatGeo: string;
  region: RegionId;
  /**
   * Other names people search for, by language code (`en`, `de`…): the common and the former ones ("Holland",
   * "Czech Republic", "Tschechei"). The name in each language itself comes from CLDR (product/country-names.ts);
   * the country picker searches these, that name, the English one and the native ones (product/country-search.ts).
   */
  otherNames: Readonly<Record<string, readonly string[]>>;
}

export const REGIONS: ReadonlyArray<{ id: RegionId; name: string }> = [
  { id: "nordic", name: "Nordic" },
  { id: "baltic", name: "Baltic" },
  { id: "western", name: "Western" },
  { id: "central-eastern", name: "Central and Eastern" },
  { id: "southern", name: "Southern" },
];

const c = (
  code: string,
  name: string,
  nativeNames: string[],
  region: RegionId,
  eurostatGeo = code,
  otherNames: Record<string, readonly string[]> = OTHER_NAMES[code] ?? {},
): Country => ({
  code,
  name,
  slug: name.toLowerCase(),
  nativeNames,
  eurostatGeo,
  region,
  otherNames,
});

/** Country.otherNames, by code: only the names people really use besides the official ones. */
const OTHER_NAMES: Record<string, Record<string, readonly string[]>> = {
  NL: {
    en: ["Holland", "The Netherlands"],
    de: ["Holland"],
    fr: ["Hollande"],
    es: ["Holanda"],
    it: ["Olanda"],
    pl: ["Niderlandy"],
  },
  CZ: {
    en: ["Czech Republic"],
    de: ["Tschechische Republik", "Tschechei"],
    fr: ["République tchèque"],
    es: ["República Checa"],
    it: ["Repubblica Ceca"],
    pl: ["Republika Czeska"],
  },
  SK: {
    en: ["Slovak Republic"],
    de: ["Slowakische Republik"],
    fr: ["République slovaque"],
    es: ["República Eslovaca"],
    it: ["Repubblica Slovacca"],
    pl: ["Republika Słowacka"],
  },
  IE: { en: ["Eire", "Republic of Ireland"], de: ["Republik Irland"], fr: ["République d’Irlande"] },
  GR: { en: ["Hellas"], de: ["Hellas"], fr: ["Hellade"], it: ["Ellade"], pl: ["Hellada"] },
  CH: { en: ["Swiss Confederation"], de: ["Eidgenossenschaft"], fr: ["Confédération suisse"] },
  DE: { en: ["Federal Republic of Germany"], de: ["Bundesrepublik", "BRD"], pl: ["Republika Federalna Niemiec"] },
};

/** In the order of the product's fixed list (docs/product.md §1). */
export const COUNTRIES: readonly Country[] = [
  c("CH", "Switzerland", ["Schweiz", "Suisse", "Svizzera", "Svizra"], "western"),
  c("DE", "Germany", ["Deutschland"], "western"),
  c("AT", "Austria", ["Österreich"], "western"),
  c("NL", "Netherlands", ["Nederland"], "western"),
  c("ES", "Spain", ["España"], "southern"),
  c("IE", "Ireland", ["Éire"], "western"),
  c("NO", "Norway", ["Norge", "Noreg"], "nordic"),
  c("IS", "Iceland", ["Ísland"], "nordic"),
  c("BE", "Belgium", ["België", "Belgique", "Belgien"], "western"),
  c("BG", "Bulgaria", ["България", "Balgariya"], "central-eastern"),
  c("HR", "Croatia", ["Hrvatska"], "central-eastern"),
  c("CY", "Cyprus", ["Κύπρος", "Kypros", "Kıbrıs"], "southern"),
  c("CZ", "Czechia", ["Česko", "Czech Republic", "Česká republika"], "central-eastern"),
  c("DK", "Denmark", ["Danmark"], "nordic"),
  c("EE", "Estonia", ["Eesti"], "baltic"),
  c("FI", "Finland", ["Suomi"], "nordic"),
  c("FR", "France", [], "western"),
  c("GR", "Greece", ["Ελλάδα", "Ellada", "Hellas"], "southern", "EL"),
  c("HU", "Hungary", ["Magyarország"], "central-eastern"),
  c("IT", "Italy", ["Italia"], "southern"),
  c("LV", "Latvia", ["Latvija"], "baltic"),
  c("LT", "Lithuania", ["Lietuva"], "baltic"),
  c("LU", "Luxembourg", ["Lëtzebuerg", "Luxemburg"], "western"),
  c("MT", "Malta", [], "southern"),
  c("PL", "Poland", ["Polska"], "central-eastern"),
  c("PT", "Portugal", [], "southern"),
  c("RO", "Romania", ["România"], "central-eastern"),
  c("SK", "Slovakia", ["Slovensko"], "central-eastern"),
  c("SI", "Slovenia", ["Slovenija"], "central-eastern"),
  c("SE", "Sweden", ["Sverige"], "nordic"),
  c("LI", "Liechtenstein", [], "western"),
];

const byCode = new Map(COUNTRIES.map((x) => [x.code, x]));
const bySlug = new Map(COUNTRIES.map((x) => [x.slug, x]));
const byEurostatGeo = new Map(COUNTRIES.map((x) => [x.eurostatGeo, x]));

/** Case-insensitive lookup by product code (`de`, `DE`); undefined when not covered. */
export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/** Lookup by `/job-market/{slug}` name (`germany`); undefined when not one of the 31. */
export function countryBySlug(slug: string): Country | undefined {
  return bySlug.get(slug.trim().toLowerCase());
}

/** Eurostat geo code → covered country (`EL` → Greece); undefined for aggregates and others. */
export function countryByEurostatGeo(geo: string): Country | undefined {
  return byEurostatGeo.get(geo);
}

/** Flag emoji from the two regional-indicator letters of the code. */
export function flagOf(code: string): string {
  const upper = code.toUpperCase();
  return String.fromCodePoint(...[...upper].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

/**
 * Eurostat aggregates kept as aggregates (never shown as countries). `EU27_2020` feeds the EU average
 * of docs/model.md §6; the others are stored for context.
 */
export const EU_AGGREGATE = "EU27_2020";
const AGGREGATE_PATTERN = /^(EU(\d+(_\d{4})?)?|EA(\d+)?|EEA(\d+)?|EFTA)$/;

export function isAggregateGeo(geo: string): boolean {
  return AGGREGATE_PATTERN.test(geo);
}
