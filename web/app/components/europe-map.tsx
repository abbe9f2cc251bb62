// Map of Europe coloured by weather status (docs/product.md: live home). Every covered country is a link to its
// page; hovering or focusing it shows its score. The shapes are precomputed (web/scripts/build-europe-map.ts).
import { useState, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { useFormat, type Formatters } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { useByCountryName } from "../lib/country-order.ts";
import { COUNTRY_SHAPES, MAP_HEIGHT, MAP_WIDTH, NEIGHBOURS_PATH } from "../lib/europe-map.generated.ts";
import {
  MAP_STYLE,
  NO_DATA_HATCH_CSS,
  STATUS_RANGES,
  STATUS_STYLE,
  STATUSES_BEST_FIRST,
  type Status,
} from "../../../product/weather.ts";
import type { Evidence } from "../../../product/evidence.ts";
import type { WithheldReason } from "../../../product/shapes.ts";
import { Flag } from "./flag.tsx";

export interface MapCountry {
  code: string;
  name: string;
  score: number | null;
  status: Status | null;
  label: string | null;
  confidence: string | null;
  evidence: Evidence | null;
  /** Why no score is shown (the one reason of the API and the pages); null with a score. */
  reason: WithheldReason | null;
}

function describe(c: MapCountry, intl: IntlShape, f: Formatters, personal: boolean): string {
  if (personal) {
    // Coloured by a visitor's own weights (/your-weather): the score is theirs, not the index's.
    return c.score !== null && c.status
      ? intl.formatMessage(
          { id: "home.map.personalCountry" },
          { name: f.country(c.code), score: f.score(c.score), status: f.status(c.status).toLocaleLowerCase(f.locale) },
        )
      : intl.formatMessage({ id: "home.map.personalNoData" }, { name: f.country(c.code) });
  }
  return c.score !== null && c.status
    ? intl.formatMessage(
        { id: "home.map.country" },
        {
          name: f.country(c.code),
          score: f.score(c.score),
          status: f.status(c.status).toLocaleLowerCase(f.locale),
          label: c.label ? f.label(c.label) : "null",
        },
      )
    : intl.formatMessage(
        { id: "home.map.countryNoData" },
        {
          name: f.country(c.code),
          reason: intl.formatMessage({ id: `country.noScore.${c.reason ?? "stale"}.phrase` }),
        },
      );
}

/** `personal`: coloured by a visitor's own weights (/your-weather), described as "your score", never as the index. */
export function EuropeMap({ countries, personal = false }: { countries: MapCountry[]; personal?: boolean }) {
  const [active, setActive] = useState<string | null>(null);
  const navigate = useNavigate();
  const intl = useIntl();
  const f = useFormat();
  const to = useLocalePath();
  const current = countries.find((c) => c.code === active) ?? null;
  const shape = active ? COUNTRY_SHAPES[active] : null;
  // Links in the order of the country names in the page's language, so the keyboard walks the map as the picker lists it
  // (docs/product.md §2). SVG has no z-index: the small countries' dots are drawn again on top (below).
  const byName = useByCountryName();
  const ordered = [...countries].sort((a, b) => byName(a.code, b.code));
  const tiny = ordered.filter((c) => COUNTRY_SHAPES[c.code]?.tiny);

  const go = (e: MouseEvent, href: string) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };

  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <MapLegend />
      <div className="relative">
        <svg
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          className="block h-auto w-full"
          style={{ background: MAP_STYLE.sea }}
          role="group"
          aria-label={intl.formatMessage({ id: personal ? "home.map.personalLabel" : "home.map.label" })}
        >
          <defs>
            <pattern id={HATCH_ID} patternUnits="userSpaceOnUse" width={5} height={5} patternTransform="rotate(45)">
              <rect width={5} height={5} fill={MAP_STYLE.noDataBase} />
              <line x1={0} y1={0} x2={0} y2={5} stroke={MAP_STYLE.noDataStripe} strokeWidth={1.6} />
            </pattern>
          </defs>
          <path
            d={NEIGHBOURS_PATH}
            fill={MAP_STYLE.notCovered}
            stroke={MAP_STYLE.notCoveredStroke}
            strokeWidth={0.6}
            aria-hidden
          />
          {ordered.map((c) => {
            const s = COUNTRY_SHAPES[c.code];
            if (!s) return null;
            const fill = c.status ? STATUS_STYLE[c.status].fill : `url(#${HATCH_ID})`;
            const href = to(`/country/${c.code.toLowerCase()}`);
            return (
              <a
                key={c.code}
                href={href}
                className="map-link"
                aria-label={describe(c, intl, f, personal)}
                data-code={c.code}
                onClick={(e) => go(e, href)}
                onMouseEnter={() => setActive(c.code)}
                onMouseLeave={() => setActive((x) => (x === c.code ? null : x))}
                onFocus={() => setActive(c.code)}
                onBlur={() => setActive((x) => (x === c.code ? null : x))}
              >
                <title>{describe(c, intl, f, personal)}</title>
                <path
                  className="map-country"
                  d={s.d}
                  fill={fill}
                  stroke={c.status ? MAP_STYLE.border : MAP_STYLE.noDataStripe}
                  strokeWidth={0.8}
                  data-active={active === c.code}
                />
                {s.tiny ? (
                  <circle
                    className="map-country"
                    cx={s.x}
                    cy={s.y}
                    r={7}
                    fill={fill}
                    stroke="#0f172a"
                    strokeWidth={1.2}
                    data-active={active === c.code}
                  />
                ) : null}
              </a>
            );
          })}
          {/* The dots of the small countries over their neighbours, for the mouse and touch only: the keyboard and
              screen readers reach each of them once, through its link above. */}
          <g aria-hidden="true">
            {tiny.map((c) => {
              const s = COUNTRY_SHAPES[c.code]!;
              const href = to(`/country/${c.code.toLowerCase()}`);
              return (
                <a
                  key={c.code}
                  href={href}
                  tabIndex={-1}
                  className="map-link"
                  data-dot={c.code}
                  onClick={(e) => go(e, href)}
                  onMouseEnter={() => setActive(c.code)}
                  onMouseLeave={() => setActive((x) => (x === c.code ? null : x))}
                >
                  <circle
                    className="map-country"
                    cx={s.x}
                    cy={s.y}
                    r={7}
                    fill={c.status ? STATUS_STYLE[c.status].fill : `url(#${HATCH_ID})`}
                    stroke="#0f172a"
                    strokeWidth={1.2}
                    data-active={active === c.code}
                  />
                </a>
              );
            })}
          </g>
        </svg>
        {current && shape ? (
          <div
            role="status"
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-[calc(100%+10px)] rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-lg"
            style={{ left: `${(shape.x / MAP_WIDTH) * 100}%`, top: `${(shape.y / MAP_HEIGHT) * 100}%` }}
          >
            <p className="flex items-center gap-1.5 font-semibold whitespace-nowrap">
              <Flag code={current.code} height={14} />
              {f.country(current.code)}
            </p>
            {current.score !== null && current.status ? (
              <>
                <p className="whitespace-nowrap text-slate-700">
                  {personal ? <FormattedMessage id="home.map.yourScore" /> : null}
                  <strong className="text-slate-900">{f.score(current.score)}</strong> / 10 · {f.status(current.status)}
                </p>
                {current.confidence ? (
                  <p className="whitespace-nowrap text-xs text-slate-600" data-testid="map-evidence">
                    {f.confidenceWithEvidence(current.confidence, current.evidence)}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="whitespace-nowrap text-slate-600">
                <FormattedMessage
                  id={personal ? "home.map.personalNoScore" : `country.noScore.${current.reason ?? "stale"}.title`}
                />
              </p>
            )}
          </div>
        ) : null}
      </div>
    </figure>
  );
}

const HATCH_ID = "map-no-data-hatch";

/** The legend's status cells, worst first: three then two on a phone, five in a row from `sm`, rounded at row ends. */
const LEGEND_CELL = [
  "col-span-2 rounded-l-md",
  "col-span-2",
  "col-span-2 max-sm:rounded-r-md",
  "col-span-3 max-sm:rounded-l-md sm:col-span-2",
  "col-span-3 rounded-r-md sm:col-span-2",
] as const;

/**
 * The legend, on top of the map so it is read with it: the five statuses as one scale from stormy (1) to
 * sunny (10), each name written on its own colour, then "no recent data" (the hatch) and "not covered".
 */
function MapLegend() {
  const intl = useIntl();
  const f = useFormat();
  const worstFirst = [...STATUSES_BEST_FIRST].reverse();
  return (
    <figcaption className="border-b border-slate-200 px-3 py-3 sm:px-4">
      {/* One row of five from 640 px. On a phone the scale takes two rows (three, then two) so that the longest
          names ("Regnerisch", "Tormentoso", "Tempestoso", 75-80 px) fit on their colour, down to a 320 px phone. */}
      <ul
        aria-label={intl.formatMessage({ id: "home.map.legend" })}
        className="grid grid-cols-6 gap-y-2 text-xs sm:grid-cols-10"
      >
        {worstFirst.map((s, i) => (
          <li
            key={s}
            data-legend={s}
            className={`${LEGEND_CELL[i]} flex min-w-0 flex-col items-center justify-center px-0.5 py-1.5 text-center leading-tight sm:px-1`}
            style={{ background: STATUS_STYLE[s].fill, color: STATUS_STYLE[s].ink }}
          >
            <span className="font-semibold">{f.status(s)}</span>
            <span>
              {f.plain(STATUS_RANGES[s].from)}–{f.plain(STATUS_RANGES[s].to)}
            </span>
          </li>
        ))}
        <li data-legend="no-data" className="col-span-3 sm:col-span-5 flex items-center gap-2 text-slate-800">
          <span
            aria-hidden
            className="h-4 w-6 shrink-0 rounded-sm"
            style={{ background: NO_DATA_HATCH_CSS, boxShadow: `inset 0 0 0 1px ${MAP_STYLE.noDataStripe}` }}
          />
          <FormattedMessage id="home.map.legendNoData" />
        </li>
        <li data-legend="not-covered" className="col-span-3 sm:col-span-5 flex items-center gap-2 text-slate-800">
          <span
            aria-hidden
            className="h-4 w-6 shrink-0 rounded-sm"
            style={{ background: MAP_STYLE.notCovered, boxShadow: `inset 0 0 0 1px ${MAP_STYLE.notCoveredStroke}` }}
          />
          <FormattedMessage id="home.map.legendNotCovered" />
        </li>
      </ul>
    </figcaption>
  );
}
