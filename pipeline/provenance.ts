// Provenance (docs/data-sources.md §8, "Every figure can be checked at its source"): for each published figure, the
// stored observation it is: its table, series (the pinned dimensions), geo, period, flag, release and the ingest that
// stored it. Attached by recalc after the model has computed (like youth unemployment, pipeline/youth.ts), from the
// very observations the model was handed (recalc.ts chooseInputs), so the model's tables, kernel and goldens never
// see it. The snapshot keeps what names the value (table, series, geo, period, flag: the same whatever the order of
// ingestion or the file's format); its release and ingest, and the file behind that (name, sha256, when it was
// loaded), are published beside the snapshots (serving tables source_values and source_files, pipeline/publish.ts;
// `splitSources` parts them) and joined by the readers (`publishedSource`). Pure.
import { EU_AGGREGATE } from "../lib/countries.ts";
import { DEFAULT_EUROSTAT_BASE_URL, eurostatDataUrl, isEurostatTable, sourceLinks } from "../lib/source-links.ts";
import { lagOf, tableLags } from "./lags.ts";
import type { CountryResult, Snapshot, ValueAt } from "./model/types.ts";
import { tableConfig } from "./sources/eurostat/tables.ts";
import { seriesCodes } from "./sources/series-key.ts";
import type { IngestFile, StoredObservation } from "./store/observations.ts";

/** The input series of the model an observation feeds (`unemploymentMonthly`, `vacancy`, …, `expectations`). */
export type InputKind =
  "unemploymentMonthly" | "unemploymentQuarterly" | "vacancy" | "lmb" | "expectations" | "gdp" | "inflation";

/**
 * The observation each model input reads, by `geo|kind` (InputKind) and period (recalc.ts chooseInputs): what the
 * model is handed, kept as stored so that a figure's source names the very value it is.
 */
export type ChosenInputs = ReadonlyMap<string, ReadonlyMap<string, StoredObservation>>;

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
}

/** A reference as recalc makes it, with what is published beside the snapshot (splitSources). */
export interface TracedSourceRef extends SourceRef {
  /** The release of the file the value came from (`YYYY-MM-DDTHH:MM:SS`); null when that file stated none. */
  release: string | null;
  /** The ingest (file load) that stored it: its file is published in source_files. */
  ingestId: number;
}

/** What a publication holds beside its snapshots for one referenced value (serving table source_values). */
export interface SourceValue {
  /** refKey of the reference. */
  key: string;
  release: string | null;
  ingest_id: number;
}

/** The key of a reference in source_values: its table, series, geo and period. */
export const refKey = (ref: SourceRef): string => JSON.stringify([ref.table, ref.series, ref.geo, ref.period]);

/** The inputs of a snapshot that carry a source, in the order the pages and the CSV list them. */
const SOURCE_INPUTS = [
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
type TracedInputSources = Partial<Record<SourceInput, TracedSourceRef>>;

/** The file an ingest loaded, as published beside the snapshots. */
type SourceFile = Omit<IngestFile, "ingest_id">;

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
export function sourceRef(o: StoredObservation): TracedSourceRef {
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

/** What a publication holds beside its snapshots: the release and ingest of each value, the file of each ingest. */
export interface PublishedProvenance {
  values: ReadonlyMap<string, Omit<SourceValue, "key">>;
  files: ReadonlyMap<number, SourceFile>;
}

/** The reference with its release and file (from the publication's values and files) and its two links. */
function publishedSource(ref: SourceRef, published: PublishedProvenance): PublishedSource {
  const value = published.values.get(refKey(ref));
  return {
    table: ref.table,
    series: ref.series,
    geo: ref.geo,
    period: ref.period,
    flag: ref.flag,
    release: value?.release ?? null,
    file: value ? (published.files.get(value.ingest_id) ?? null) : null,
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
export function inputSources(
  s: Snapshot,
  chosen: ChosenInputs,
  youth: StoredObservation | undefined,
): TracedInputSources {
  const out: TracedInputSources = {};
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

/** A published snapshot with what provenance adds to it. */
type WithSources = Snapshot & { sources?: InputSources; sectors?: ReadonlyArray<{ source?: SourceRef }> };

/** Whether a value is a reference as sourceRef made it (with its release and ingest). */
function isTraced(value: object): value is TracedSourceRef {
  const o = value as Partial<TracedSourceRef>;
  return (
    typeof o.ingestId === "number" && typeof o.table === "string" && typeof o.series === "object" && "release" in o
  );
}

/**
 * Parts what recalc attached: the snapshots keep each reference without its release and ingest (so that the same
 * values publish the same bytes whatever the order of ingestion or the files' formats), and those go to the values
 * published beside them, one per reference (sorted by key). Also the ingests they name, for their files. Every
 * reference sourceRef made is found wherever it sits in a snapshot (the inputs' `sources`, each sector rate's
 * `source`, and any other figure a later context gives one).
 */
export function splitSources(results: readonly CountryResult[]): {
  results: CountryResult[];
  values: SourceValue[];
  ingestIds: number[];
} {
  const values = new Map<string, SourceValue>();
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== "object") return value;
    if (isTraced(value)) {
      const { table, series, geo, period, flag } = value;
      const plain: SourceRef = { table, series, geo, period, flag };
      const key = refKey(plain);
      if (!values.has(key)) values.set(key, { key, release: value.release, ingest_id: value.ingestId });
      return plain;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
  };
  const out = results.map((r) => ({ ...r, snapshot: strip(r.snapshot) as Snapshot }));
  const sorted = [...values.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    results: out,
    values: sorted,
    ingestIds: [...new Set(sorted.map((v) => v.ingest_id))].sort((a, b) => a - b),
  };
}

/** A country's sources as its readers show them: each input's, and each sector rate's (in the snapshot's order). */
export interface CountrySources {
  inputs: Partial<Record<SourceInput, PublishedSource>>;
  /** One per sector rate of the snapshot; null for a rate published without a source. */
  sectors: Array<PublishedSource | null>;
}

/** A published snapshot's sources with their files and links (what the API, the pages and `jwi status` show). */
export function countrySources(s: WithSources, published: PublishedProvenance): CountrySources {
  const inputs: CountrySources["inputs"] = {};
  for (const input of SOURCE_INPUTS) {
    const ref = s.sources?.[input];
    if (ref) inputs[input] = publishedSource(ref, published);
  }
  return {
    inputs,
    sectors: (s.sectors ?? []).map((r) => (r.source ? publishedSource(r.source, published) : null)),
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
