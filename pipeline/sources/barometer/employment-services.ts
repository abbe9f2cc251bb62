// The names a barometer header may give a country by: each covered country's public employment service (PES), with
// its names and abbreviations, Belgium's regional services, and the words that mark the European total. Data only;
// the matcher that reads them is services.ts.

/** Countries whose PES took part in the ELMB according to the IAB press releases 2020–2022 (SOURCES.md §8). */
export const ELMB_PARTICIPANTS: readonly string[] = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "IS",
  "LI",
  "LT",
  "LU",
  "MT",
  "PT",
  "PL",
  "CH",
];

export interface PublicEmploymentService {
  /** Product country code (lib/countries.ts). */
  code: string;
  /** The service's usual short name, for notes. */
  service: string;
  /** Names and abbreviations a barometer header may use for this service (any case, accents optional). */
  aliases: readonly string[];
}

/** One entry per covered country except Belgium, whose services are regional (see BELGIAN_REGIONS). */
export const PUBLIC_EMPLOYMENT_SERVICES: readonly PublicEmploymentService[] = [
  {
    code: "AT",
    service: "AMS",
    aliases: [
      "AMS",
      "Arbeitsmarktservice",
      "Arbeitsmarktservice Österreich",
      "AMS Österreich",
      "Public Employment Service Austria",
    ],
  },
  {
    code: "BG",
    service: "Employment Agency",
    aliases: ["Employment Agency", "Bulgarian Employment Agency", "Агенция по заетостта", "Agentsia po zaetostta"],
  },
  {
    code: "CH",
    service: "SECO",
    aliases: [
      "SECO",
      "RAV",
      "ORP",
      "URC",
      "Staatssekretariat für Wirtschaft",
      "State Secretariat for Economic Affairs",
      "Arbeitsmarkt Schweiz",
    ],
  },
  {
    code: "CY",
    service: "PES Cyprus",
    aliases: ["PES Cyprus", "Cyprus PES", "Public Employment Service Cyprus", "Department of Labour Cyprus"],
  },
  {
    code: "CZ",
    service: "Úřad práce",
    aliases: ["Úřad práce", "Úřad práce ČR", "ÚP ČR", "Labour Office", "Labour Office of the Czech Republic"],
  },
  {
    code: "DE",
    service: "BA",
    aliases: ["BA", "Bundesagentur für Arbeit", "Agentur für Arbeit", "Federal Employment Agency"],
  },
  {
    code: "DK",
    service: "STAR",
    aliases: ["STAR", "Styrelsen for Arbejdsmarked og Rekruttering", "Danish Agency for Labour Market and Recruitment"],
  },
  {
    code: "EE",
    service: "Töötukassa",
    aliases: ["Töötukassa", "Eesti Töötukassa", "Estonian Unemployment Insurance Fund"],
  },
  { code: "ES", service: "SEPE", aliases: ["SEPE", "Servicio Público de Empleo Estatal"] },
  {
    code: "FI",
    service: "TE",
    aliases: ["TE", "TE-palvelut", "TE Services", "TE-toimisto", "Työ- ja elinkeinotoimisto"],
  },
  { code: "FR", service: "France Travail", aliases: ["France Travail", "Pôle emploi"] },
  { code: "GR", service: "DYPA", aliases: ["DYPA", "ΔΥΠΑ", "OAED", "ΟΑΕΔ", "Public Employment Service of Greece"] },
  { code: "HR", service: "HZZ", aliases: ["HZZ", "Hrvatski zavod za zapošljavanje", "Croatian Employment Service"] },
  {
    code: "HU",
    service: "NFSZ",
    aliases: ["NFSZ", "Nemzeti Foglalkoztatási Szolgálat", "National Employment Service Hungary"],
  },
  { code: "IE", service: "Intreo", aliases: ["Intreo", "Department of Social Protection"] },
  { code: "IS", service: "Vinnumálastofnun", aliases: ["Vinnumálastofnun", "Directorate of Labour"] },
  { code: "IT", service: "ANPAL", aliases: ["ANPAL", "Agenzia Nazionale Politiche Attive del Lavoro"] },
  { code: "LI", service: "AMS Liechtenstein", aliases: ["AMS Liechtenstein", "Amt für Volkswirtschaft", "AVW"] },
  {
    code: "LT",
    service: "Užimtumo tarnyba",
    aliases: ["Užimtumo tarnyba", "Employment Service of Lithuania", "Lithuanian Employment Service"],
  },
  { code: "LU", service: "ADEM", aliases: ["ADEM", "Agence pour le développement de l'emploi"] },
  { code: "LV", service: "NVA", aliases: ["NVA", "Nodarbinātības valsts aģentūra", "State Employment Agency"] },
  { code: "MT", service: "Jobsplus", aliases: ["Jobsplus", "Jobs Plus"] },
  { code: "NL", service: "UWV", aliases: ["UWV", "Uitvoeringsinstituut Werknemersverzekeringen"] },
  {
    code: "NO",
    service: "NAV",
    aliases: ["NAV", "Arbeids- og velferdsetaten", "Norwegian Labour and Welfare Administration"],
  },
  {
    code: "PL",
    service: "PSZ",
    aliases: ["PSZ", "Publiczne Służby Zatrudnienia", "Public Employment Services Poland"],
  },
  { code: "PT", service: "IEFP", aliases: ["IEFP", "Instituto do Emprego e Formação Profissional"] },
  { code: "RO", service: "ANOFM", aliases: ["ANOFM", "Agenția Națională pentru Ocuparea Forței de Muncă"] },
  { code: "SE", service: "Arbetsförmedlingen", aliases: ["Arbetsförmedlingen", "Swedish Public Employment Service"] },
  { code: "SI", service: "ZRSZ", aliases: ["ZRSZ", "Zavod RS za zaposlovanje", "Employment Service of Slovenia"] },
  { code: "SK", service: "ÚPSVR", aliases: ["ÚPSVR", "ÚPSVaR", "Ústredie práce, sociálnych vecí a rodiny"] },
];

export type BelgianRegionId = "flanders" | "wallonia" | "brussels" | "german-speaking";

export interface BelgianRegion {
  id: BelgianRegionId;
  /** English name of the region or community. */
  name: string;
  /** Its public employment service. */
  service: string;
  aliases: readonly string[];
}

/** Belgium's regional services. Their values are averaged per month into one BE value. */
export const BELGIAN_REGIONS: readonly BelgianRegion[] = [
  {
    id: "flanders",
    name: "Flanders",
    service: "VDAB",
    aliases: [
      "VDAB",
      "Vlaamse Dienst voor Arbeidsbemiddeling en Beroepsopleiding",
      "Flanders",
      "Flemish Region",
      "Vlaanderen",
      "BE-VLG",
      "BE-VL",
    ],
  },
  {
    id: "wallonia",
    name: "Wallonia",
    service: "Le Forem",
    aliases: ["Le Forem", "Forem", "Wallonia", "Walloon Region", "Wallonie", "BE-WAL"],
  },
  {
    id: "brussels",
    name: "Brussels",
    service: "Actiris",
    aliases: ["Actiris", "Brussels", "Brussels-Capital", "Bruxelles", "Brussel", "BE-BRU"],
  },
  {
    id: "german-speaking",
    name: "German-speaking Community",
    service: "ADG",
    aliases: [
      "ADG",
      "Arbeitsamt der DG",
      "Arbeitsamt der Deutschsprachigen Gemeinschaft",
      "DG",
      "BE-DG",
      "German-speaking Community",
      "Deutschsprachige Gemeinschaft",
      "Ostbelgien",
    ],
  },
];

/**
 * Words that mark the European total of the barometer. Such a column or row is recognised but not
 * stored: the score uses per-country values only, and the product has no place for an ELMB aggregate.
 */
export const EUROPEAN_AGGREGATE_WORDS: readonly string[] = [
  "elmb",
  "europe",
  "european",
  "eu",
  "eu27",
  "total",
  "average",
  "mean",
  "overall",
  "all",
];
