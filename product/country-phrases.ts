// A country's name inside a sentence, in each language's grammar (docs/i18n.md "Country names"): "in the
// Netherlands", "in der Schweiz", "aux Pays-Bas", "en los Países Bajos", "nei Paesi Bassi", "w Niemczech"; "for
// Germany", "pour la France", "dla Niemiec"; as a subject with its article and its number ("los Países Bajos
// puntúan", "l’Allemagne devance"). CLDR (Intl.DisplayNames, product/country-names.ts) gives the name alone,
// which a sentence cannot always take as it is: "Looking for work in Netherlands?", "Szukasz pracy w kraju: Niemcy?",
// "dans ce pays (France) ?". The phrases below are written out per language and country, one table per form; the
// names in them are CLDR's (a test holds the two together).
import { countryNameIn } from "./country-names.ts";

/** A phrase form: "in {country}" (where), "for {country}" (whose, for whom). */
export type CountryForm = "in" | "for";

type Table = Readonly<Record<string, string>>;

/** English: only the Netherlands takes an article among the covered countries. */
const EN_ARTICLE: Table = { NL: "the Netherlands" };

const DE: Record<CountryForm, Table> = {
  in: { CH: "in der Schweiz", NL: "in den Niederlanden", SK: "in der Slowakei" },
  for: { CH: "für die Schweiz", NL: "für die Niederlande", SK: "für die Slowakei" },
};

/** French: en + feminine or vowel, au + masculine, aux + plural, à + the islands (Chypre, Malte). */
const FR: Record<CountryForm, Table> = {
  in: {
    CH: "en Suisse",
    DE: "en Allemagne",
    AT: "en Autriche",
    NL: "aux Pays-Bas",
    ES: "en Espagne",
    IE: "en Irlande",
    NO: "en Norvège",
    IS: "en Islande",
    BE: "en Belgique",
    BG: "en Bulgarie",
    HR: "en Croatie",
    CY: "à Chypre",
    CZ: "en Tchéquie",
    DK: "au Danemark",
    EE: "en Estonie",
    FI: "en Finlande",
    FR: "en France",
    GR: "en Grèce",
    HU: "en Hongrie",
    IT: "en Italie",
    LV: "en Lettonie",
    LT: "en Lituanie",
    LU: "au Luxembourg",
    MT: "à Malte",
    PL: "en Pologne",
    PT: "au Portugal",
    RO: "en Roumanie",
    SK: "en Slovaquie",
    SI: "en Slovénie",
    SE: "en Suède",
    LI: "au Liechtenstein",
  },
  for: {
    CH: "pour la Suisse",
    DE: "pour l’Allemagne",
    AT: "pour l’Autriche",
    NL: "pour les Pays-Bas",
    ES: "pour l’Espagne",
    IE: "pour l’Irlande",
    NO: "pour la Norvège",
    IS: "pour l’Islande",
    BE: "pour la Belgique",
    BG: "pour la Bulgarie",
    HR: "pour la Croatie",
    CY: "pour Chypre",
    CZ: "pour la Tchéquie",
    DK: "pour le Danemark",
    EE: "pour l’Estonie",
    FI: "pour la Finlande",
    FR: "pour la France",
    GR: "pour la Grèce",
    HU: "pour la Hongrie",
    IT: "pour l’Italie",
    LV: "pour la Lettonie",
    LT: "pour la Lituanie",
    LU: "pour le Luxembourg",
    MT: "pour Malte",
    PL: "pour la Pologne",
    PT: "pour le Portugal",
    RO: "pour la Roumanie",
    SK: "pour la Slovaquie",
    SI: "pour la Slovénie",
    SE: "pour la Suède",
    LI: "pour le Liechtenstein",
  },
};

const ES: Record<CountryForm, Table> = {
  in: { NL: "en los Países Bajos" },
  for: { NL: "para los Países Bajos" },
};

/** Italian: in + country (no article), nei Paesi Bassi, a + the islands; per + the country with its article. */
const IT: Record<CountryForm, Table> = {
  in: { NL: "nei Paesi Bassi", CY: "a Cipro", MT: "a Malta" },
  for: {
    CH: "per la Svizzera",
    DE: "per la Germania",
    AT: "per l’Austria",
    NL: "per i Paesi Bassi",
    ES: "per la Spagna",
    IE: "per l’Irlanda",
    NO: "per la Norvegia",
    IS: "per l’Islanda",
    BE: "per il Belgio",
    BG: "per la Bulgaria",
    HR: "per la Croazia",
    CY: "per Cipro",
    CZ: "per la Cechia",
    DK: "per la Danimarca",
    EE: "per l’Estonia",
    FI: "per la Finlandia",
    FR: "per la Francia",
    GR: "per la Grecia",
    HU: "per l’Ungheria",
    IT: "per l’Italia",
    LV: "per la Lettonia",
    LT: "per la Lituania",
    LU: "per il Lussemburgo",
    MT: "per Malta",
    PL: "per la Polonia",
    PT: "per il Portogallo",
    RO: "per la Romania",
    SK: "per la Slovacchia",
    SI: "per la Slovenia",
    SE: "per la Svezia",
    LI: "per il Liechtenstein",
  },
};

/** Polish: w / we / na with the locative; dla with the genitive. */
const PL: Record<CountryForm, Table> = {
  in: {
    CH: "w Szwajcarii",
    DE: "w Niemczech",
    AT: "w Austrii",
    NL: "w Holandii",
    ES: "w Hiszpanii",
    IE: "w Irlandii",
    NO: "w Norwegii",
    IS: "na Islandii",
    BE: "w Belgii",
    BG: "w Bułgarii",
    HR: "w Chorwacji",
    CY: "na Cyprze",
    CZ: "w Czechach",
    DK: "w Danii",
    EE: "w Estonii",
    FI: "w Finlandii",
    FR: "we Francji",
    GR: "w Grecji",
    HU: "na Węgrzech",
    IT: "we Włoszech",
    LV: "na Łotwie",
    LT: "na Litwie",
    LU: "w Luksemburgu",
    MT: "na Malcie",
    PL: "w Polsce",
    PT: "w Portugalii",
    RO: "w Rumunii",
    SK: "na Słowacji",
    SI: "w Słowenii",
    SE: "w Szwecji",
    LI: "w Liechtensteinie",
  },
  for: {
    CH: "dla Szwajcarii",
    DE: "dla Niemiec",
    AT: "dla Austrii",
    NL: "dla Holandii",
    ES: "dla Hiszpanii",
    IE: "dla Irlandii",
    NO: "dla Norwegii",
    IS: "dla Islandii",
    BE: "dla Belgii",
    BG: "dla Bułgarii",
    HR: "dla Chorwacji",
    CY: "dla Cypru",
    CZ: "dla Czech",
    DK: "dla Danii",
    EE: "dla Estonii",
    FI: "dla Finlandii",
    FR: "dla Francji",
    GR: "dla Grecji",
    HU: "dla Węgier",
    IT: "dla Włoch",
    LV: "dla Łotwy",
    LT: "dla Litwy",
    LU: "dla Luksemburga",
    MT: "dla Malty",
    PL: "dla Polski",
    PT: "dla Portugalii",
    RO: "dla Rumunii",
    SK: "dla Słowacji",
    SI: "dla Słowenii",
    SE: "dla Szwecji",
    LI: "dla Liechtensteinu",
  },
};

/** The preposition each language puts before a country with no entry of its own in its table. */
const DEFAULT_PREPOSITION: Record<string, Record<CountryForm, string>> = {
  en: { in: "in", for: "for" },
  de: { in: "in", for: "für" },
  es: { in: "en", for: "para" },
  it: { in: "in", for: "per" },
};

const TABLES: Record<string, Record<CountryForm, Table>> = { de: DE, fr: FR, es: ES, it: IT, pl: PL };

/**
 * A country as the subject of a sentence, where the language puts an article before it: German and Spanish only
 * for these few; French and Italian for every country but the islands, which is their "for" phrase without "pour"
 * and "per" (la France, l’Allemagne, les Pays-Bas, Chypre; la Germania, i Paesi Bassi, Cipro).
 */
const SUBJECT_ARTICLE: Record<string, Table> = {
  de: { CH: "die Schweiz", NL: "die Niederlande", SK: "die Slowakei" },
  es: { NL: "los Países Bajos" },
};
const SUBJECT_FROM_FOR: Record<string, string> = { fr: "pour ", it: "per " };

/**
 * The countries whose name is a plural in a language, so a verb agrees with it ("los Países Bajos puntúan", "die
 * Niederlande liegen", "Niemcy mają"). English treats "the Netherlands" as singular ("the Netherlands scores").
 */
const PLURAL_NAMES: Record<string, readonly string[]> = {
  de: ["NL"],
  fr: ["NL"],
  es: ["NL"],
  it: ["NL"],
  pl: ["DE", "CZ", "IT", "HU"],
};

/** The name as a preposition takes it in the phrases' defaults: English with its article, elsewhere CLDR's. */
function nameAfterPreposition(locale: string, code: string): string {
  return locale === "en" ? (EN_ARTICLE[code] ?? countryNameIn("en", code)) : countryNameIn(locale, code);
}

/**
 * A covered country as the subject of a sentence in `locale`, article included where the language puts one:
 * English "the Netherlands", German "die Schweiz", French "l’Allemagne", Spanish "los Países Bajos", Italian "la
 * Germania" (mid-sentence; the caller capitalises a sentence's first letter); Polish has no articles (CLDR's name).
 */
export function countryInSentence(locale: string, code: string): string {
  const strip = SUBJECT_FROM_FOR[locale];
  const forPhrase = strip ? TABLES[locale]?.for[code] : undefined;
  if (forPhrase?.startsWith(strip!)) return forPhrase.slice(strip!.length);
  return SUBJECT_ARTICLE[locale]?.[code] ?? nameAfterPreposition(locale, code);
}

/** Whether a verb agrees with the country's name in the plural ("los Países Bajos puntúan"): for ICU `select`. */
export function countryNumber(locale: string, code: string): "plural" | "singular" {
  return PLURAL_NAMES[locale]?.includes(code) ? "plural" : "singular";
}

/** "in Germany" / "in der Schweiz" / "aux Pays-Bas" / "w Niemczech"; "for Germany" / "pour la France" / "dla Niemiec". */
export function countryPhrase(locale: string, code: string, form: CountryForm): string {
  const own = TABLES[locale]?.[form][code];
  if (own) return own;
  const preposition = DEFAULT_PREPOSITION[locale]?.[form] ?? DEFAULT_PREPOSITION.en![form];
  return `${preposition} ${nameAfterPreposition(locale, code)}`;
}

/** Every phrase table, to check against CLDR's names (product/country-phrases.test.ts). */
export const PHRASE_TABLES = TABLES;

/**
 * Whether `locale` writes its own phrase of `form` for `code`: an entry of its table or its own default preposition.
 * False means countryPhrase falls back to English's preposition ("in Alemanha"): a language added to LOCALES needs
 * its rules here (product/country-phrases.test.ts asks it of every language, form and covered country).
 */
export function hasOwnPhrase(locale: string, code: string, form: CountryForm): boolean {
  return TABLES[locale]?.[form][code] !== undefined || DEFAULT_PREPOSITION[locale]?.[form] !== undefined;
}
