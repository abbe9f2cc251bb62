// Provenance (docs/data-sources.md §8, "Every figure can be checked at its source"): for each published figure, the
// stored observation it is: its table, series (the pinned dimensions), geo, period, flag, release and the ingest that
// stored it. Attached by recalc after the model has computed (like youth unemployment, pipeline/youth.ts), from the
// very observations the model was handed (recalc.ts chooseInputs), so the model's tables, kernel and goldens never
// see it. The snapshot keeps the ingest's id only; the file behind it (name, sha256, when it was loaded) is published
// beside the snapshots (serving table source_files, pipeline/publish.ts) and joined by the readers (`publishedSource`).
// Pure.
import { EU_AGGREGATE } from "../lib/countries.ts";
import { DEFAULT_EUROSTAT_BASE_URL, eurostatDataUrl, isEurostatTable, sourceLinks } from "../lib/source-links.ts";
import { lagOf, tableLags } from "./lags.ts";
import type { CountryResult, Snapshot, ValueAt } from "./model/types.ts";
import type { ChosenInputs, InputKind } from "./recalc.ts";
import { tableConfig } from "./sources/eurostat/tables.ts";
import { seriesCodes } from "./sources/series-key.ts";
import type { StoredObservation } from "./store/observations.ts";

/** Where one published figure came from, as the snapshot keeps it. */
export interface SourceRef {
  /** The source table (`une_rt_m`; DG ECFIN's file `ecfin_eei`; the barometer `lmb`). */
  table: string;
  /**
   * The series: each pinned dimension with its code, in the table's order (`{s_adj: "SA", age: "TOTAL", …}`), as the
   * table's API query names them; empty for the barometer.
   */
  series: Record<string, string>;
  /** The geo of the value: the product's country code (GR for Greece), or the aggregate (EU27_2020). */
  geo: string;
  period: string;
  /** Eurostat's observation flag (`p`, `d`, `bu`, …); null without one. */
  flag: string | null;
  /** The release of the file the value came from (`YYYY-MM-DDTHH:MM:SS`); null when that file stated none. */
  release: string | null;
  /** The ingest (file load) that stored it: its file is published in source_files. */
  ingestId: number;
}

/** The inputs of a snapshot that carry a source, in the order the pages and the CSV list them. */
export const SOURCE_INPUTS = [
  "unemployment",
  "unemployment_year_before",
  "vacancy",
  "lmb",
  "eei",
  "gdp",
  "inflation",
  "eu_average",
  "youth_unemployment",
] as const;
export type SourceInput = (typeof SOURCE_INPUTS)[number];

/** A snapshot's sources, by input; an input without a figure has none. */
export type InputSources = Partial<Record<SourceInput, SourceRef>>;

/** The file an ingest loaded, as published beside the snapshots. */
export interface SourceFile {
  name: string;
  sha256: string;
  /** When it was loaded (ISO 8601). */
  ingested_at: string;
}

/** The file of one ingest, as a publication carries it (serving table source_files). */
export interface IngestFile extends SourceFile {
  ingest_id: number;
}

/** A source as the API, `jwi status --json` and the operator answer it: the reference with its file and two links. */
export interface PublishedSource {
  table: string;
  series: Record<string, string>;
  geo: string;
  period: string;
  flag: string | null;
  release: string | null;
  /** Null only when the ingest's file is not among the published ones (a publication older than provenance). */
  file: SourceFile | null;
  /** Eurostat's data browser view of the table; DG ECFIN's survey page for its EEI; null for the barometer. */
  browser_url: string | null;
  /** The Eurostat API query that returns this geo's series (Eurostat's geo: EL for Greece); null when not Eurostat's. */
  api_url: string | null;
}

/** The series of a stored series key as its table's API query names it: a dimension the API table lacks is left out. */
export function querySeries(table: string, seriesKey: string): Record<string, string> {
  // DG ECFIN's file and the barometer have no API query: their series is kept as stored.
  const pins = tableConfig(table)?.pins ?? [];
  const out: Record<string, string> = {};
  for (const [dimension, code] of seriesCodes(seriesKey)) {
    if (pins.some((p) => p.dimension === dimension && p.notInApi)) continue;
    out[dimension] = code;
  }
  return out;
}

/** The reference of one stored observation (also each sector rate's, pipeline/sectors.ts). */
export function sourceRef(o: StoredObservation): SourceRef {
  return {
    table: o.table,
    series: querySeries(o.table, o.series),
    geo: o.geo,
    period: o.period,
    flag: o.flag,
    release: o.release,
    ingestId: o.ingestId,
  };
}

/** The reference with its file (from the published files, by ingest id) and its two links. */
export function publishedSource(ref: SourceRef, files: ReadonlyMap<number, SourceFile>): PublishedSource {
  return {
    table: ref.table,
    series: ref.series,
    geo: ref.geo,
    period: ref.period,
    flag: ref.flag,
    release: ref.release,
    file: files.get(ref.ingestId) ?? null,
    ...sourceLinks(ref.table, ref.geo, ref.series),
  };
}

/** The input series of the model an input of the snapshot was read from (unemployment: its chosen frequency). */
function kindOf(s: Snapshot, input: Exclude<SourceInput, "youth_unemployment">): InputKind {
  const unemployment = s.unemployment_series === "quarterly" ? "unemploymentQuarterly" : "unemploymentMonthly";
  switch (input) {
    case "unemployment":
    case "unemployment_year_before":
    case "eu_average":
      return unemployment;
    case "eei":
      return "expectations";
    default:
      return input;
  }
}

/**
 * The sources of one snapshot's inputs: each figure's observation among those the model was handed (`chosen`), by
 * its geo, input and period; youth unemployment's is the observation recalc published as context. A figure whose
 * observation is not found with the same value gets no source (never another value's).
 */
export function inputSources(s: Snapshot, chosen: ChosenInputs, youth: StoredObservation | undefined): InputSources {
  const out: InputSources = {};
  const figures: Array<[Exclude<SourceInput, "youth_unemployment">, ValueAt | null | undefined, string]> = [
    ["unemployment", s.unemployment, s.country],
    ["unemployment_year_before", s.unemployment_year_before, s.country],
    ["vacancy", s.vacancy, s.country],
    ["lmb", s.lmb, s.country],
    ["eei", s.eei, s.country],
    ["gdp", s.gdp, s.country],
    ["inflation", s.inflation, s.country],
    [
      "eu_average",
      s.eu_average.unemployment === null || s.eu_average.period === null
        ? null
        : { value: s.eu_average.unemployment, period: s.eu_average.period, flag: null },
      EU_AGGREGATE,
    ],
  ];
  for (const [input, figure, geo] of figures) {
    if (!figure) continue;
    const o = chosen.get(`${geo}|${kindOf(s, input)}`)?.get(figure.period);
    if (o && o.value === figure.value) out[input] = sourceRef(o);
  }
  if (youth) out.youth_unemployment = sourceRef(youth);
  return out;
}

/** The results with each snapshot's sources attached (`sources`; a new object each, the scores untouched). */
export function withSources(
  results: readonly CountryResult[],
  chosen: ChosenInputs,
  youth: ReadonlyMap<string, StoredObservation>,
): CountryResult[] {
  return results.map((r) => ({
    ...r,
    snapshot: { ...r.snapshot, sources: inputSources(r.snapshot, chosen, youth.get(r.snapshot.country)) },
  }));
}

/** Every ingest a snapshot's sources name (its inputs' and its sector rates'), for publishing their files. */
export function sourceIngestIds(
  snapshots: ReadonlyArray<Snapshot & { sources?: InputSources; sectors?: ReadonlyArray<{ source?: SourceRef }> }>,
): number[] {
  const ids = new Set<number>();
  for (const s of snapshots) {
    for (const ref of Object.values(s.sources ?? {})) ids.add(ref.ingestId);
    for (const rate of s.sectors ?? []) if (rate.source) ids.add(rate.source.ingestId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** A country's sources as its readers show them: each input's, and each sector rate's (in the snapshot's order). */
export interface CountrySources {
  inputs: Partial<Record<SourceInput, PublishedSource>>;
  /** One per sector rate of the snapshot; null for a rate published without a source. */
  sectors: Array<PublishedSource | null>;
}

/** A published snapshot's sources with their files and links (what the API, the pages and `jwi status` show). */
export function countrySources(
  s: Snapshot & { sources?: InputSources; sectors?: ReadonlyArray<{ source?: SourceRef }> },
  files: ReadonlyMap<number, SourceFile>,
): CountrySources {
  const inputs: CountrySources["inputs"] = {};
  for (const input of SOURCE_INPUTS) {
    const ref = s.sources?.[input];
    if (ref) inputs[input] = publishedSource(ref, files);
  }
  return {
    inputs,
    sectors: (s.sectors ?? []).map((r) => (r.source ? publishedSource(r.source, files) : null)),
  };
}

/** A source table as the methodology lists it: what it feeds with the publication lag of each, and its two links. */
export interface SourceTableInfo {
  table: string;
  /** The data types it feeds, the score's inputs first, with the current model's publication lag of each (months). */
  feeds: Array<{ dataType: string; lagMonths: number }>;
  browser_url: string | null;
  /** The API query of its series (every pinned dimension at its first code, every geo); null when not Eurostat's. */
  api_url: string | null;
}

/**
 * Every table the store may read, in the order of docs/model.md §1 (pipeline/sources/eurostat/tables.ts declares
 * them, then DG ECFIN's file and the barometer), with what it feeds: its data types (une_rt_m also youth
 * unemployment) and, for a vacancy table with sectors, the sector vacancy rates (context).
 */
export function sourceTables(): SourceTableInfo[] {
  const out = new Map<string, SourceTableInfo>();
  for (const t of tableLags()) {
    let info = out.get(t.table);
    if (!info) {
      const config = tableConfig(t.table);
      const pairs = (config?.pins ?? [])
        .filter((p) => p.dimension !== "freq" && !p.notInApi)
        .map((p): [string, string] => [p.dimension, p.codes[0]!]);
      info = {
        table: t.table,
        feeds: [],
        browser_url: sourceLinks(t.table, "", {}).browser_url,
        api_url: isEurostatTable(t.table) ? eurostatDataUrl(DEFAULT_EUROSTAT_BASE_URL, t.table, pairs) : null,
      };
      out.set(t.table, info);
    }
    info.feeds.push({ dataType: t.dataType, lagMonths: t.months });
    if (tableConfig(t.table, t.dataType)?.sectors) {
      info.feeds.push({ dataType: "sector_vacancy", lagMonths: lagOf("sector_vacancy", "2000-Q1") });
    }
  }
  return [...out.values()];
}
