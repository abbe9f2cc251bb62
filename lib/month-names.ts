// The months in English, for the dates the API's texts, the feeds and the English pages write; the pages in other
// languages name months through Intl (web/app/i18n/format.ts).
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
