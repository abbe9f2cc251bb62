// The open data CSV files (docs/open-data.md): today's scores of every country and each country's history.
// RFC 4180 (a header row, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled),
// UTF-8 without a byte order mark, formula-safe text cells (api/csv.ts). A withheld score is an empty cell
// (docs/decisions/006-what-the-api-shows.md). Each column is defined once below, with the description the
// OpenAPI document and the open data page show.
import { formatScore } from "../../pipeline/model/round.ts";
import type { Snapshot } from "../../pipeline/model/types.ts";
import type { CountrySources, SourceInput } from "../../pipeline/provenance.ts";
import { shownChange, type ShownChange } from "../../product/change-view.ts";
import type { MarketPanel } from "../../product/market-panel.ts";
import type { SectorPoint, SectorRate } from "../../product/sectors.ts";
import type { CountryListItem, HistoryPoint, PublicationRow } from "../../product/shapes.ts";
import { toCsv } from "../csv.ts";
import { COUNTRY_NAME_TEXT } from "./schemas/parts.ts";

interface CsvColumn<Row> {
  name: string;
  description: string;
  value: (row: Row) => string | number | boolean | null;
}

export interface CsvFormat<Row> {
  /** What one line is. */
  line: string;
  columns: ReadonlyArray<CsvColumn<Row>>;
}

export const CSV_TYPE = "text/csv; charset=utf-8";

type ScoreRow = {
  item: CountryListItem;
  publication: PublicationRow | null;
  panel: MarketPanel | null;
  /** Where each input's figure came from (pipeline/provenance.ts); null when nothing was published. */
  sources: CountrySources | null;
  /** The change since the month before, as shown and split (null without it or when the score is withheld). */
  month: ShownChange | null;
};
type HistoryRow = { code: string; point: HistoryPoint };

const shown = (score: number | null) => (score === null ? null : formatScore(score));

/** The inputs whose source the scores CSV names (table, period, flag), with what each is. */
const SOURCED_INPUTS: ReadonlyArray<readonly [SourceInput, string]> = [
  ["unemployment", "the unemployment rate"],
  ["unemployment_year_before", "the unemployment rate 12 months (4 quarters) before, which momentum compares with"],
  ["vacancy", "the job vacancy rate"],
  ["lmb", "the European Labour Market Barometer"],
  ["eei", "the Employment Expectations Indicator"],
  ["gdp", "GDP growth (context only)"],
  ["inflation", "inflation (context only)"],
  ["youth_unemployment", "the under-25s' unemployment rate (context only)"],
];

/** Per input: the table, period and flag of its figure (where to check it: the API's `source`). */
const SOURCE_COLUMNS: ReadonlyArray<CsvColumn<ScoreRow>> = SOURCED_INPUTS.flatMap(([input, what]) => [
  {
    name: `${input}_table`,
    description: `The source table of ${what} (a Eurostat code, \`ecfin_eei\` or \`lmb\`); empty without the figure.`,
    value: (r: ScoreRow) => r.sources?.inputs[input]?.table ?? null,
  },
  {
    name: `${input}_period`,
    description: `Its period (YYYY-MM or YYYY-Qn); empty likewise.`,
    value: (r: ScoreRow) => r.sources?.inputs[input]?.period ?? null,
  },
  {
    name: `${input}_flag`,
    description: `Its Eurostat observation flag (p provisional, e estimated, d definition differs, b break in series, u low reliability); empty when none.`,
    value: (r: ScoreRow) => r.sources?.inputs[input]?.flag ?? null,
  },
]);

/** `/api/v1/scores.csv`: one line per covered country, in the product's fixed order. */
export const SCORES_CSV: CsvFormat<ScoreRow> = {
  line: "one covered country, in the product's fixed order (31 lines)",
  columns: [
    {
      name: "code",
      description: "Two-letter country code (ISO 3166-1 alpha-2; GR for Greece).",
      value: (r) => r.item.code,
    },
    { name: "name", description: COUNTRY_NAME_TEXT, value: (r) => r.item.name },
    {
      name: "region",
      description: "European region: nordic, baltic, western, central-eastern or southern.",
      value: (r) => r.item.region,
    },
    {
      name: "score",
      description: "The score as shown, one decimal (1 to 10); empty when none may be shown today.",
      value: (r) => shown(r.item.score),
    },
    {
      name: "score_unrounded",
      description: "The score unrounded, as the API answers it (rankings sort by it); empty likewise.",
      value: (r) => r.item.score,
    },
    {
      name: "status",
      description: "Weather status: stormy, rainy, cloudy, bright or sunny; empty without a score.",
      value: (r) => r.item.status,
    },
    {
      name: "label",
      description: "Rating label (Very tough, Mixed/average, Rather favorable, Very favorable); empty without a score.",
      value: (r) => r.item.label,
    },
    { name: "confidence", description: "low, medium or high; empty without a score.", value: (r) => r.item.confidence },
    {
      name: "basis",
      description: "blended, sentiment-only or historical-only; empty without a score.",
      value: (r) => r.item.basis,
    },
    {
      name: "fresh",
      description: "true when the score may be shown today, else false (the score columns are then empty).",
      value: (r) => r.item.fresh,
    },
    {
      name: "withheld_reason",
      description:
        "Why no score is shown: paused (publication is paused: no score is current), stale (its inputs are too old) or no-data (no scoring input at all); empty when the score is shown.",
      value: (r) => r.item.withheld_reason,
    },
    {
      name: "anchor_month",
      description: "Newest month with any scoring input (YYYY-MM); empty without inputs.",
      value: (r) => r.item.anchor_month,
    },
    {
      name: "yoy_delta",
      description: "Change of the score over 12 months, unrounded; empty when unknown or withheld.",
      value: (r) => r.item.yoy.delta,
    },
    {
      name: "yoy_shown",
      description:
        "The same change as the pages show it: the difference of the two scores as shown, one decimal; empty with yoy_delta.",
      value: (r) => r.item.yoy.shown,
    },
    {
      name: "yoy_label",
      description: "Up (yoy_shown above +0.5), Down (below −0.5) or Same (+0.5 is Same); empty with yoy_delta.",
      value: (r) => r.item.yoy.label,
    },
    {
      name: "yoy_market",
      description:
        "Its market part, unrounded: inputs counted on both sides whose level moved; yoy_market + yoy_evidence = yoy_delta. Empty with yoy_delta.",
      value: (r) => r.item.yoy.market,
    },
    {
      name: "yoy_evidence",
      description: "Its evidence part, unrounded: data that started or stopped counting, aged or got fresher.",
      value: (r) => r.item.yoy.evidence,
    },
    {
      name: "month_delta",
      description: "Change of the score since the month before, unrounded; empty when unknown or withheld.",
      value: (r) => r.month?.delta ?? null,
    },
    {
      name: "month_shown",
      description: "The same change as shown: the difference of the two scores as shown; empty with month_delta.",
      value: (r) => r.month?.shown ?? null,
    },
    {
      name: "month_market",
      description: "Its market part, unrounded; month_market + month_evidence = month_delta.",
      value: (r) => r.month?.market ?? null,
    },
    {
      name: "month_evidence",
      description: "Its evidence part, unrounded.",
      value: (r) => r.month?.evidence ?? null,
    },
    {
      name: "signal",
      description:
        "General signal: improving (market part of the change over the 3 months to the country's data month +0.3 or more), weakening (−0.3 or less) or stable; empty without one.",
      value: (r) => r.panel?.general_signal ?? null,
    },
    {
      name: "signal_market",
      description: "The market part the signal reads, unrounded; empty with signal.",
      value: (r) => r.panel?.general_signal_market ?? null,
    },
    {
      name: "signal_evidence",
      description: "The evidence part of the same 3 months' change, unrounded; empty with signal.",
      value: (r) => r.panel?.general_signal_evidence ?? null,
    },
    {
      name: "youth_unemployment_rate",
      description:
        "Unemployment rate of the under-25s (%, Eurostat une_rt_m, age Y_LT25, seasonally adjusted): context only, never in the score; empty when none within 24 months or the score is withheld.",
      value: (r) => r.panel?.youth_unemployment_rate ?? null,
    },
    {
      name: "youth_unemployment_month",
      description: "Its month (YYYY-MM); empty likewise.",
      value: (r) => r.panel?.youth_unemployment_period ?? null,
    },
    {
      name: "youth_unemployment_eu_rate",
      description: "The EU-27 under-25 rate of the same month (%); empty when not stored.",
      value: (r) => r.panel?.youth_unemployment_eu_rate ?? null,
    },
    {
      name: "as_of",
      description: "As-of date of the publication (YYYY-MM-DD).",
      value: (r) => r.publication?.as_of ?? null,
    },
    {
      name: "model",
      description: "Score model of the publication (v2.4).",
      value: (r) => r.publication?.model ?? null,
    },
    {
      name: "published_at",
      description: "When the publication was made (ISO 8601, UTC).",
      value: (r) => r.publication?.published_at ?? null,
    },
    // Appended, so that the columns before keep their places for existing readers.
    ...SOURCE_COLUMNS,
  ],
};

/** `/api/v1/countries/{code}/history.csv`: one line per month, oldest first. */
export const HISTORY_CSV: CsvFormat<HistoryRow> = {
  line: "one month of the country's history, oldest first",
  columns: [
    { name: "code", description: "Two-letter country code.", value: (r) => r.code },
    { name: "month", description: "The month scored (YYYY-MM).", value: (r) => r.point.month },
    {
      name: "score",
      description:
        "The score as of that month's end, as shown (one decimal); empty when no input was recent enough then.",
      value: (r) => shown(r.point.score),
    },
    { name: "score_unrounded", description: "The same score unrounded; empty likewise.", value: (r) => r.point.score },
    {
      name: "status",
      description: "Weather status of that score; empty without a score.",
      value: (r) => r.point.status,
    },
    {
      name: "basis",
      description:
        "Which blocks of evidence the score rests on: blended, sentiment-only or historical-only; empty without a score.",
      value: (r) => r.point.basis,
    },
    {
      name: "market",
      description:
        "The market part of the change from the month before, unrounded (inputs counted in both months whose level moved); market + evidence = the change. Empty on the first month or when either month has no score.",
      value: (r) => r.point.market,
    },
    {
      name: "evidence",
      description:
        "The evidence part of that change, unrounded (data that started or stopped counting, aged or got fresher); empty likewise.",
      value: (r) => r.point.evidence,
    },
  ],
};

type SectorRow = { item: CountryListItem; sector: SectorRate; point: SectorPoint; publication: PublicationRow | null };

/**
 * `/api/v1/sectors.csv`: one line per country, sector and quarter of its trend (model v2.3; context only, never in a
 * score); `current` marks the figure the pages show.
 */
export const SECTORS_CSV: CsvFormat<SectorRow> = {
  line: "one quarter of one sector of one country: every quarter of each sector's trend, oldest first (`current` marks the figure the pages show), countries in the product's fixed order, sectors in NACE order (a country without any has no line)",
  columns: [
    { name: "code", description: "Two-letter country code.", value: (r) => r.item.code },
    { name: "name", description: COUNTRY_NAME_TEXT, value: (r) => r.item.name },
    {
      name: "nace_revision",
      description: "The NACE revision of its table: `nace_r2` (NACE Rev. 2) or `nace_r2_1` (NACE Rev. 2.1).",
      value: (r) => r.sector.revision,
    },
    {
      name: "sector",
      description: "The sector's NACE code in that revision (`J`, `G-I`).",
      value: (r) => r.sector.code,
    },
    { name: "quarter", description: "The quarter of the figure (YYYY-Qn).", value: (r) => r.point.period },
    {
      name: "vacancy_rate",
      description: "The sector's job vacancy rate (% of posts vacant).",
      value: (r) => r.point.value,
    },
    { name: "flag", description: "Eurostat observation flag; empty when none.", value: (r) => r.point.flag },
    {
      name: "all_sectors_rate",
      description:
        "The country's rate for all sectors of the same quarter, table and adjustment (%); empty when not stored.",
      value: (r) => r.point.all_sectors,
    },
    {
      name: "eu_rate",
      description: "The EU-27 rate of the same sector, quarter, table and adjustment (%); empty when not stored.",
      value: (r) => r.point.eu_value,
    },
    {
      name: "seasonal_adjustment",
      description: "`SA` (seasonally adjusted), else `NSA` where the country has no seasonally adjusted figure.",
      value: (r) => r.sector.s_adj,
    },
    { name: "table", description: "The Eurostat table it comes from.", value: (r) => r.sector.table },
    {
      name: "as_of",
      description: "As-of date of the publication (YYYY-MM-DD).",
      value: (r) => r.publication?.as_of ?? null,
    },
    {
      name: "current",
      description:
        "`true` on the sector's current figure (its newest quarter within 24 months, the one the pages show), `false` on the earlier quarters of its trend.",
      value: (r) => r.point.period === r.sector.period,
    },
    {
      name: "part_of",
      description:
        "For a finer section a role family reads (`Q`), the shown aggregate it is part of (`O-Q`); empty for a shown aggregate.",
      value: (r) => r.sector.part_of ?? null,
    },
  ],
};

function write<Row>(format: CsvFormat<Row>, rows: readonly Row[]): string {
  return toCsv(
    format.columns.map((c) => c.name),
    rows.map((row) => format.columns.map((c) => c.value(row))),
    { bom: false },
  );
}

export function scoresCsv(
  items: readonly CountryListItem[],
  publication: PublicationRow | null,
  readings: ReadonlyMap<
    string,
    { panel: MarketPanel | null; snapshot: Snapshot | null; sources?: CountrySources | null }
  > = new Map(),
): string {
  return write(
    SCORES_CSV,
    items.map((item) => {
      const r = readings.get(item.code);
      const month = item.score !== null ? (r?.snapshot?.change?.previous_month ?? null) : null;
      return {
        item,
        publication,
        panel: r?.panel ?? null,
        sources: r?.sources ?? null,
        month: month && shownChange(month),
      };
    }),
  );
}

export function sectorsCsv(
  items: readonly CountryListItem[],
  publication: PublicationRow | null,
  sectorsOf: (code: string) => readonly SectorRate[],
): string {
  return write(
    SECTORS_CSV,
    items.flatMap((item) =>
      sectorsOf(item.code).flatMap((sector) =>
        // A snapshot published before trends were kept has the figure alone.
        (sector.history?.length ? sector.history : [sector]).map((point) => ({ item, sector, point, publication })),
      ),
    ),
  );
}

export function historyCsv(code: string, points: readonly HistoryPoint[]): string {
  return write(
    HISTORY_CSV,
    points.map((point) => ({ code, point })),
  );
}

/** Download names: `job-weather-index-scores-2026-11-22.csv`, `job-weather-index-de-history-2026-11-22.csv`. */
export function csvFilename(what: string, publication: Pick<PublicationRow, "as_of"> | null): string {
  const safe = (s: string) => s.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  return `job-weather-index-${safe(what)}${publication ? `-${safe(publication.as_of)}` : ""}.csv`;
}
