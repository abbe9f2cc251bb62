// Decorative weather drawn per status behind the score card (docs/product.md: drawn by the product).
import type { Status } from "../../../product/weather.ts";

function Cloud({
  x,
  y,
  scale,
  fill,
  opacity = 1,
}: {
  x: number;
  y: number;
  scale: number;
  fill: string;
  opacity?: number;
}) {
  return (
    <path
      transform={`translate(${x} ${y}) scale(${scale})`}
      d="M14 38h21a8 8 0 0 0 0-16 11 11 0 0 0-21-2 9 9 0 0 0 0 18z"
      fill={fill}
      opacity={opacity}
    />
  );
}

export function WeatherBackdrop({ status }: { status: Status }) {
  return (
    <svg
      aria-hidden
      focusable="false"
      className="pointer-events-none absolute inset-0 -z-10 h-full w-full"
      viewBox="0 0 400 200"
      preserveAspectRatio="xMaxYMin slice"
    >
      {(status === "sunny" || status === "bright") && (
        <g opacity={status === "sunny" ? 0.55 : 0.4}>
          <circle cx={360} cy={30} r={28} fill="#fbbf24" />
          {Array.from({ length: 12 }, (_, i) => {
            const a = (i * Math.PI) / 6;
            return (
              <line
                key={i}
                x1={360 + Math.cos(a) * 36}
                y1={30 + Math.sin(a) * 36}
                x2={360 + Math.cos(a) * 52}
                y2={30 + Math.sin(a) * 52}
                stroke="#f59e0b"
                strokeWidth={4}
                strokeLinecap="round"
              />
            );
          })}
        </g>
      )}
      {status === "bright" && (
        <g className="wx-cloud">
          <Cloud x={250} y={30} scale={2.2} fill="#ffffff" opacity={0.85} />
        </g>
      )}
      {(status === "cloudy" || status === "rainy" || status === "stormy") && (
        <g className="wx-cloud">
          <Cloud x={200} y={-20} scale={3} fill={status === "cloudy" ? "#ffffff" : "#e2e8f0"} opacity={0.7} />
          <Cloud x={290} y={10} scale={2.4} fill={status === "stormy" ? "#94a3b8" : "#f8fafc"} opacity={0.8} />
        </g>
      )}
      {(status === "rainy" || status === "stormy") && (
        <g
          className="wx-rain"
          stroke={status === "stormy" ? "#312e81" : "#1d4ed8"}
          strokeWidth={2}
          strokeLinecap="round"
          opacity={0.35}
        >
          {Array.from({ length: 14 }, (_, i) => (
            <line key={i} x1={230 + i * 12} y1={110 + (i % 3) * 14} x2={224 + i * 12} y2={126 + (i % 3) * 14} />
          ))}
        </g>
      )}
      {status === "stormy" && <path d="M330 95l-16 28h14l-8 24 26-34h-15l10-18z" fill="#facc15" opacity={0.8} />}
    </svg>
  );
}
