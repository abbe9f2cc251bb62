// The country pages' title, description, image text and JSON-LD from the catalogues (country.meta.*): English reads
// exactly as the site wrote it before the texts moved to the catalogues (the sentences of product/no-score.ts and
// web/app/lib/share.ts, the same figures); the other languages say it in their own words, with their own notation.
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../../../lib/countries.ts";
import { formatPercent, formatPeriod, formatScore } from "../../../product/format.ts";
import { countryInSentence, countryPhrase } from "../../../product/country-phrases.ts";
import { noScoreText } from "../../../product/no-score.ts";
import { STATUS_STYLE, STATUSES_BEST_FIRST, type Status } from "../../../product/weather.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { LOCALES, type Locale } from "../i18n/locales.ts";
import { countryDescription, countryTitle, shareCardAltIn, type DescribedCountry } from "./country-meta.ts";
import type { MarketPanel } from "../../../product/market-panel.ts";
import type { RatingLabel } from "../../../pipeline/model/types.ts";

const intlOf = (locale: Locale) => createIntl({ locale, messages: messagesFor(locale) });

/** What the English pages said before (web/app/lib/country-meta.ts, issue 24's second step). */
function englishBefore(d: DescribedCountry): { title: string; description: string } {
  const { country } = d;
  const year = new Date(d.now).getUTCFullYear();
  const unemployment =
    d.panel?.unemployment_rate != null
      ? ` Unemployment ${formatPercent(d.panel.unemployment_rate)} (${formatPeriod(d.panel.unemployment_period ?? "")}).`
      : "";
  const weather =
    d.score !== null && d.status
      ? `${STATUS_STYLE[d.status].name}, ${formatScore(d.score)}/10`
      : noScoreText(country.name, d).phrase;
  const title = `${country.name} Job Market ${year}: ${weather}`;
  if (d.score !== null && d.status) {
    return {
      title,
      description: `Job market weather ${countryPhrase("en", country.code, "in")} for ${year}: ${STATUS_STYLE[d.status].name.toLowerCase()}, ${formatScore(d.score)} out of 10 (${d.label}), from official Eurostat statistics.${unemployment}`,
    };
  }
  const p = d.panel;
  const context =
    p && [p.unemployment_rate, p.vacancy_rate, p.lmb_value, p.gdp_rate, p.inflation_rate].some((v) => v !== null);
  const why = noScoreText(countryInSentence("en", country.code), d).text.split(". ")[0];
  return {
    title,
    description: `Job market ${countryPhrase("en", country.code, "in")} for ${year}: no score. ${why}.${unemployment} ${context ? "Context figures and experiences" : "Experiences"} shared by job seekers.`,
  };
}

const LABEL: Record<Status, RatingLabel> = {
  sunny: "Very favorable",
  bright: "Rather favorable",
  cloudy: "Mixed/average",
  rainy: "Very tough",
  stormy: "Very tough",
};

const panelWith = (over: Partial<MarketPanel>) =>
  ({
    unemployment_rate: null,
    unemployment_period: null,
    vacancy_rate: null,
    lmb_value: null,
    gdp_rate: null,
    inflation_rate: null,
    ...over,
  }) as MarketPanel;

/** Scored and unscored pages of several countries, with and without an unemployment figure or other context. */
function cases(): DescribedCountry[] {
  const out: DescribedCountry[] = [];
  COUNTRIES.filter((c) => ["DE", "CZ", "NL", "LI", "PL", "FR", "GR", "IS"].includes(c.code)).forEach((c, i) => {
    const country = { code: c.code, name: c.name, slug: c.slug };
    const status = STATUSES_BEST_FIRST[i % 5]!;
    const panels = [
      null,
      panelWith({ unemployment_rate: 3.95 + i, unemployment_period: i % 2 ? "2026-07" : "2026-Q2" }),
      panelWith({ gdp_rate: 0.4 }),
    ];
    for (const panel of panels) {
      const base = {
        country,
        now: "2026-11-25T10:00:00.000Z",
        panel,
        paused: false,
        asOf: "2026-11-22",
        anchorMonth: "2026-07",
      };
      out.push({ ...base, score: 1 + i * 1.13, status, label: LABEL[status] });
      out.push({ ...base, score: null, status: null, label: null, paused: true });
      out.push({ ...base, score: null, status: null, label: null, asOf: null, anchorMonth: null });
      out.push({ ...base, score: null, status: null, label: null, anchorMonth: null });
      out.push({ ...base, score: null, status: null, label: null, anchorMonth: "2024-03" });
    }
  });
  return out;
}

describe("country page metadata from the catalogues", () => {
  it("English: title and description read exactly as before, for every reason a page shows no score", () => {
    const en = intlOf("en");
    for (const d of cases()) {
      const before = englishBefore(d);
      expect(countryTitle(en, d)).toBe(before.title);
      expect(countryDescription(en, d)).toBe(before.description);
    }
  });

  it("English: the share card's alternative text names the country, the score as shown, the weather and the data month", () => {
    const en = intlOf("en");
    expect(shareCardAltIn(en, "GR", { score: 7.36, status: "bright" }, "2026-10")).toBe(
      "Greece: 7.4 out of 10, bright job market (data to October 2026)",
    );
    expect(shareCardAltIn(en, "LI", null, null)).toBe("Liechtenstein: job market weather, no score shown");
    for (const [code, name] of [
      ["GR", "Greece"],
      ["LI", "Liechtenstein"],
      ["CZ", "Czechia"],
    ] as const) {
      for (const status of STATUSES_BEST_FIRST) {
        const word = STATUS_STYLE[status].name.toLowerCase();
        expect(shareCardAltIn(en, code, { score: 7.36, status }, "2026-10")).toBe(
          `${name}: 7.4 out of 10, ${word} job market (data to October 2026)`,
        );
        expect(shareCardAltIn(en, code, { score: 2.04, status }, null)).toBe(
          `${name}: 2.0 out of 10, ${word} job market`,
        );
      }
      expect(shareCardAltIn(en, code, null, null)).toBe(`${name}: job market weather, no score shown`);
    }
  });

  it("English: a no-score reason of the meta description is the first sentence of the score card's", () => {
    for (const locale of LOCALES) {
      const messages = messagesFor(locale);
      for (const reason of ["paused", "unpublished", "no-data", "stale"]) {
        // The catalogues arrive parsed (web/scripts/formatjs-plugin.ts): compare the messages as written.
        expect(
          printAST(messages[`country.noScore.${reason}.text`]!).startsWith(
            printAST(messages[`country.meta.why.${reason}`]!),
          ),
          `${locale} ${reason}`,
        ).toBe(true);
      }
    }
  });

  it("other languages: their own words, the country's name in the language and its notation", () => {
    const de = intlOf("de");
    const scored = cases().find(
      (d) => d.country.code === "DE" && d.score !== null && d.panel?.unemployment_rate != null,
    )!;
    expect(countryTitle(de, scored)).toMatch(/^Arbeitsmarkt Deutschland 2026: \S+, \d,\d\/10$/);
    expect(countryDescription(de, scored)).toMatch(
      /^Arbeitsmarktwetter in Deutschland für 2026: .*, \d,\d von 10 \(.*\), aus amtlichen Eurostat-Statistiken\. Arbeitslosigkeit \d,\d\u00a0% \(.+\)\.$/,
    );
    const pl = intlOf("pl");
    const none = cases().find((d) => d.country.code === "CZ" && d.score === null && d.asOf === null)!;
    expect(countryDescription(pl, none)).toBe(
      "Rynek pracy w Czechach, 2026: brak oceny. Nie opublikowano jeszcze oceny dla Czech. Doświadczenia udostępnione przez osoby szukające pracy.",
    );
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const intl = intlOf(locale);
      for (const d of cases()) {
        const before = englishBefore(d);
        expect(countryDescription(intl, d), locale).not.toBe(before.description);
        expect(countryDescription(intl, d)).not.toMatch(/[{}]/);
        expect(countryTitle(intl, d)).not.toBe(before.title);
      }
    }
  });
});
