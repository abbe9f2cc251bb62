// The API's answer for one country (/api/v1/countries/{code}, /api/countries/{code}): the snapshot as the one reader
// (api/read-model.ts) shows it, with identity, the market panel, the change in words and each figure's source.
import type { Country } from "../lib/countries.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import type { CountrySources, SourceInput } from "../pipeline/provenance.ts";
import type { PublishedSnapshot } from "../pipeline/youth.ts";
import { yoyOf } from "../product/change-view.ts";
import { generalSignal } from "../product/signal.ts";
import type { CountryReading } from "./read-model.ts";

/**
 * The API's answer for one country: the snapshot (as the reader shows it) with identity and the market panel.
 * Its shape is described (and checked against this function's type) in api/v1/schemas/country.ts `countrySchema`.
 */
export function countryBody(c: Country, r: CountryReading) {
  const identity = { code: c.code, name: c.name, flag: r.item.flag, slug: c.slug, region: c.region };
  if (!r.snapshot) {
    return {
      ...identity,
      country: c.code,
      published: false as const,
      signal: null,
      fresh: false as const,
      withheld_reason: null,
      score: null,
      status: null,
      label: null,
      publication: r.publication,
      market_panel: null,
      change_text: null,
    };
  }
  const signal = generalSignal(r.snapshot);
  return {
    ...identity,
    ...withSourceFields(r.snapshot, r.sources),
    // The yearly change as every list shows it: unrounded, as shown, its word and its market and evidence parts.
    yoy: { ...yoyOf(r.snapshot), from_month: r.snapshot.yoy.from_month },
    published: true as const,
    // The general signal: the market part of the last three months' change (product/signal.ts).
    signal: signal && {
      word: signal.signal,
      market: signal.market,
      evidence: signal.evidence,
      change: signal.change,
      from_month: signal.from_month,
      to_month: signal.to_month,
    },
    fresh: r.fresh,
    withheld_reason: r.item.withheld_reason,
    publication: r.publication,
    market_panel: r.panel,
    change_text: r.changeText,
  };
}

/**
 * The snapshot as the API answers it: each input (and each sector rate) with its `source` beside its figure (the EU
 * average: `provenance`, its `source` names the yardstick; the sentiment sources are the `lmb` and `eei` figures) (pipeline/provenance.ts PublishedSource: table, series, period, flag, release, file and
 * the two links), in place of the snapshot's own references; an input without a figure stays null.
 */
function withSourceFields(snapshot: Snapshot, sources: CountrySources | null) {
  const { sources: _refs, ...s } = snapshot as PublishedSnapshot;
  const inputs = sources?.inputs ?? {};
  const nest = <T extends object>(v: T | null | undefined, input: SourceInput) =>
    v ? { ...v, source: inputs[input] ?? null } : (v ?? null);
  return {
    ...s,
    unemployment: nest(s.unemployment, "unemployment"),
    unemployment_year_before: nest(s.unemployment_year_before, "unemployment_year_before"),
    vacancy: nest(s.vacancy, "vacancy"),
    lmb: nest(s.lmb, "lmb"),
    // Fields a model version may lack stay absent (undefined is not written).
    eei: s.eei === undefined ? undefined : nest(s.eei, "eei"),
    gdp: nest(s.gdp, "gdp"),
    inflation: nest(s.inflation, "inflation"),
    // `source` names the yardstick here (EU27_2020 or the fixed thresholds): the figure's source is its provenance.
    eu_average: { ...s.eu_average, provenance: inputs.eu_average ?? null },
    youth_unemployment:
      s.youth_unemployment === undefined ? undefined : nest(s.youth_unemployment, "youth_unemployment"),
    sectors: s.sectors?.map((rate, i) => ({ ...rate, source: sources?.sectors[i] ?? null })),
  };
}
