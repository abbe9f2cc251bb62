// Locale-aware texts of published data for the pages (docs/i18n.md): numbers, percentages, months and dates
// through Intl in the page's language, country names from Intl.DisplayNames, and the product's generated words
// (statuses, rating labels, confidence, evidence) from the catalogues. English goes through the product's own
// formatters, so English pages stay byte-identical to what they were.
import { useIntl, type IntlShape } from "react-intl";
import { countryNameIn } from "../../../product/country-names.ts";
import {
  formatNumber,
  formatPercent,
  formatPeriod,
  formatScore,
  formatDate as formatDateEn,
  monthYear as monthYearEn,
} from "../../../product/format.ts";
import { coverPercent, type Evidence } from "../../../product/evidence.ts";
import { roundHalfAway } from "../../../pipeline/model/round.ts";
import type { Status } from "../../../product/weather.ts";
import { decimalSignOf, QuickNumberFormat } from "./number-format.ts";
import { dayMonthYearIn, monthAfterPrepositionIn, monthYearIn } from "./calendar.ts";

const LABEL_IDS: Record<string, string> = {
  "Very favorable": "country.label.veryFavorable",
  "Rather favorable": "country.label.ratherFavorable",
  "Mixed/average": "country.label.mixed",
  "Very tough": "country.label.veryTough",
};

// Intl formatters are costly to build (a phone spends tens of milliseconds on the first of a page): each is made once
// per language and options, and one set of formatters serves every component of a page (`formatters` below).
const intlFormats = new Map<string, QuickNumberFormat>();
function cached(key: string, make: () => QuickNumberFormat): QuickNumberFormat {
  let f = intlFormats.get(key);
  if (!f) {
    f = make();
    intlFormats.set(key, f);
  }
  return f;
}

/** A decimal written by the product in English ("6.9") with the language's decimal separator ("6,9"). */
function decimal(locale: string, text: string): string {
  return locale === "en" ? text : text.replace(".", decimalSignOf(locale));
}

export interface Formatters {
  locale: string;
  /** The score to one decimal, the model's rounding, in the language's notation. */
  score(value: number): string;
  /** A number as JavaScript writes it ("3.9", "10"), in the language's notation ("3,9"). */
  plain(value: number): string;
  /** A percentage to `digits` places, rounded as every figure (normalised, half away from zero: pipeline/model/round.ts). */
  percent(value: number, digits?: number): string;
  /** A figure to fixed decimals ("2.3" / "2,3"), rounded the same way (product/format.ts `formatNumber`). */
  number(value: number, digits?: number): string;
  /** `2026-07` → "July 2026" / "Juli 2026"; quarters "Q2 2026" / "T2 2026". */
  period(period: string): string;
  /**
   * A period as a sentence says it after a preposition ("since {month}", "up to {until}"): a month in the form a date
   * gives it (CLDR's format context), which Polish inflects ("od grudnia 2025", never the stand-alone "grudzień 2025");
   * the same as `period` in the other languages and for quarters.
   */
  periodAfterPreposition(period: string): string;
  date(iso: string): string;
  monthYear(iso: string): string;
  /** "data to July 2026". */
  dataTo(month: string): string;
  /** "published 22 November 2026". */
  published(iso: string): string;
  country(code: string): string;
  status(status: Status): string;
  weatherTitle(status: Status): string;
  label(label: string): string;
  confidence(confidence: string): string;
  evidence(e: Evidence): string;
  confidenceWithEvidence(confidence: string, e: Evidence | null): string;
}

const made = new WeakMap<IntlShape, Formatters>();

/** The formatters of an intl object (made once per object: the Intl formats they hold are costly to build). */
export function formatters(intl: IntlShape): Formatters {
  let f = made.get(intl);
  if (!f) {
    f = makeFormatters(intl);
    made.set(intl, f);
  }
  return f;
}

function makeFormatters(intl: IntlShape): Formatters {
  const locale = intl.locale;
  const en = locale === "en";
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const self: Formatters = {
    locale,
    score: (v) => decimal(locale, formatScore(v)),
    plain: (v) => decimal(locale, String(v)),
    percent: (v, digits = 1) =>
      en
        ? formatPercent(v, digits)
        : cached(
            `percent|${locale}|${digits}`,
            () =>
              new QuickNumberFormat(locale, {
                style: "percent",
                minimumFractionDigits: digits,
                maximumFractionDigits: digits,
              }),
          ).format(roundHalfAway(v, digits) / 100),
    number: (v, digits = 1) => decimal(locale, formatNumber(v, digits)),
    period: (p) => {
      // Quarters as the catalogue writes them ("Q2 2026", "T2 2026"; compare.quarter, shared with the compare page).
      const q = /^(\d{4})-Q([1-4])$/.exec(p);
      if (q) return t("compare.quarter", { q: Number(q[2]), year: q[1]! });
      if (en) return formatPeriod(p);
      const m = /^(\d{4})-(\d{2})$/.exec(p);
      if (m) return monthYearIn(locale, Number(m[1]), Number(m[2]));
      return formatPeriod(p);
    },
    periodAfterPreposition: (p) => {
      const m = /^(\d{4})-(\d{2})$/.exec(p);
      if (en || !m) return self.period(p);
      return monthAfterPrepositionIn(locale, Number(m[1]), Number(m[2]));
    },
    date: (iso) => {
      if (en) return formatDateEn(iso);
      const d = new Date(iso);
      return Number.isNaN(d.getTime())
        ? iso
        : dayMonthYearIn(locale, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
    },
    monthYear: (iso) => {
      if (en) return monthYearEn(iso);
      const d = new Date(iso);
      // An invalid date throws, as Intl's formatter does.
      if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid time value: ${iso}`);
      return monthYearIn(locale, d.getUTCFullYear(), d.getUTCMonth() + 1);
    },
    dataTo: (month) => t("common.dataTo", { period: self.period(month) }),
    published: (iso) => t("common.published", { date: self.date(iso) }),
    country: (code) => countryNameIn(locale, code),
    status: (s) => t(`country.status.${s}`),
    weatherTitle: (s) => t(`country.weatherTitle.${s}`),
    label: (l) => (LABEL_IDS[l] ? t(LABEL_IDS[l]) : l),
    confidence: (c) =>
      ["high", "medium", "low"].includes(c)
        ? t(`country.confidence.${c}`)
        : t("country.confidence.other", { confidence: c }),
    evidence: (e) => t("country.evidence", { inputs: e.inputs, of: e.of, cover: self.percent(coverPercent(e), 0) }),
    confidenceWithEvidence: (c, e) => (e ? `${self.confidence(c)} · ${self.evidence(e)}` : self.confidence(c)),
  };
  return self;
}

/** The page's formatters (web/app/root.tsx provides the language). */
export function useFormat(): Formatters {
  return formatters(useIntl());
}
