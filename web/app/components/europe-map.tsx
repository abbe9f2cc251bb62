// Map of Europe coloured by weather status (decisions.md: live home). Every covered country is a link to its
// page; hovering or focusing it shows its score. The shapes are precomputed (web/scripts/build-europe-map.ts).
import { useState, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { COUNTRY_SHAPES, MAP_HEIGHT, MAP_WIDTH, NEIGHBOURS_PATH } from "../lib/europe-map.generated.ts";
import { NO_DATA_FILL, STATUS_STYLE, STATUSES_BEST_FIRST, rangeText, type Status } from "../lib/weather.ts";
import { formatScore } from "../lib/format.ts";

export interface MapCountry {
  code: string;
  name: string;
  flag: string;
  score: number | null;
  status: Status | null;
  label: string | null;
}

function describe(c: MapCountry): string {
  return c.score !== null && c.status
    ? `${c.name}: ${formatScore(c.score)} out of 10, ${STATUS_STYLE[c.status].name.toLowerCase()} (${c.label})`
    : `${c.name}: not enough recent data`;
}

export function EuropeMap({ countries }: { countries: MapCountry[] }) {
  const [active, setActive] = useState<string | null>(null);
  const navigate = useNavigate();
  const current = countries.find((c) => c.code === active) ?? null;
  const shape = active ? COUNTRY_SHAPES[active] : null;
  const ordered = [...countries].sort((a, b) => Number(COUNTRY_SHAPES[a.code]?.tiny) - Number(COUNTRY_SHAPES[b.code]?.tiny));

  const go = (e: MouseEvent, href: string) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };

  return (
    <figure className="relative">
      <svg
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        className="h-auto w-full rounded-2xl border border-slate-200 bg-sky-50"
        role="group"
        aria-label="Map of Europe coloured by job market weather; each country links to its page"
      >
        <path d={NEIGHBOURS_PATH} fill="#e2e8f0" stroke="#ffffff" strokeWidth={0.8} aria-hidden />
        {ordered.map((c) => {
          const s = COUNTRY_SHAPES[c.code];
          if (!s) return null;
          const fill = c.status ? STATUS_STYLE[c.status].fill : NO_DATA_FILL;
          const href = `/country/${c.code.toLowerCase()}`;
          return (
            <a
              key={c.code}
              href={href}
              className="map-link"
              aria-label={describe(c)}
              data-code={c.code}
              onClick={(e) => go(e, href)}
              onMouseEnter={() => setActive(c.code)}
              onMouseLeave={() => setActive((x) => (x === c.code ? null : x))}
              onFocus={() => setActive(c.code)}
              onBlur={() => setActive((x) => (x === c.code ? null : x))}
            >
              <title>{describe(c)}</title>
              <path
                className="map-country"
                d={s.d}
                fill={fill}
                stroke={c.status ? "#ffffff" : "#94a3b8"}
                strokeWidth={0.8}
                strokeDasharray={c.status ? undefined : "3 2"}
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
      </svg>
      {current && shape ? (
        <div
          role="status"
          className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-[calc(100%+10px)] rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-lg"
          style={{ left: `${(shape.x / MAP_WIDTH) * 100}%`, top: `${(shape.y / MAP_HEIGHT) * 100}%` }}
        >
          <p className="font-semibold whitespace-nowrap">
            <span aria-hidden className="mr-1">
              {current.flag}
            </span>
            {current.name}
          </p>
          {current.score !== null && current.status ? (
            <p className="whitespace-nowrap text-slate-700">
              <strong className="text-slate-900">{formatScore(current.score)}</strong> / 10 · {STATUS_STYLE[current.status].name}
            </p>
          ) : (
            <p className="whitespace-nowrap text-slate-600">Not enough recent data</p>
          )}
        </div>
      ) : null}
      <figcaption className="mt-3">
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700" aria-label="Legend">
          {STATUSES_BEST_FIRST.map((s) => (
            <li key={s} className="flex items-center gap-1.5">
              <span aria-hidden className="h-3 w-3 rounded-sm border border-slate-300" style={{ background: STATUS_STYLE[s].fill }} />
              {STATUS_STYLE[s].name} ({rangeText(s)})
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span aria-hidden className="h-3 w-3 rounded-sm border border-dashed border-slate-400 bg-white" />
            Not enough recent data
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
