// Small inline icons (no icon font, nothing fetched). Decorative unless a title is given.
import type { SVGProps } from "react";
import type { Status } from "../../../product/weather.ts";

type IconProps = SVGProps<SVGSVGElement> & { title?: string };

function Svg({ title, children, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
/** An eye, struck through when `open` is false (the password's show/hide). */
export const EyeIcon = ({ open, ...p }: IconProps & { open: boolean }) => (
  <Svg {...p}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {open ? null : <path d="M3 3l18 18" />}
  </Svg>
);
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const ArrowLeftIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Svg>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);
export const InfoIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Svg>
);
export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
);
export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12l5 5 9-10" />
  </Svg>
);
export const ExternalIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
);
export const ArrowUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);
export const ArrowDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 5v14M5 12l7 7 7-7" />
  </Svg>
);
export const MinusIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12h14" />
  </Svg>
);

/** Weather symbol per status, drawn in colour. */
export function WeatherIcon({
  status,
  className,
  title,
}: {
  status: Status | null;
  className?: string;
  title?: string;
}) {
  const common = {
    viewBox: "0 0 48 48",
    className,
    "aria-hidden": title ? undefined : true,
    role: title ? "img" : undefined,
    focusable: "false" as const,
  };
  const sun = (cx: number, cy: number, r: number) => (
    <g>
      <circle cx={cx} cy={cy} r={r} fill="#f59e0b" />
      {Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4;
        return (
          <line
            key={i}
            x1={cx + Math.cos(a) * (r + 3)}
            y1={cy + Math.sin(a) * (r + 3)}
            x2={cx + Math.cos(a) * (r + 7)}
            y2={cy + Math.sin(a) * (r + 7)}
            stroke="#f59e0b"
            strokeWidth={2.5}
            strokeLinecap="round"
          />
        );
      })}
    </g>
  );
  const cloud = (fill: string, dx = 0, dy = 0) => (
    <path
      transform={`translate(${dx} ${dy})`}
      d="M14 38h21a8 8 0 0 0 0-16 11 11 0 0 0-21-2 9 9 0 0 0 0 18z"
      fill={fill}
      stroke="#475569"
      strokeWidth={1.5}
    />
  );
  return (
    <svg {...common}>
      {title ? <title>{title}</title> : null}
      {status === "sunny" && sun(24, 24, 9)}
      {status === "bright" && (
        <>
          {sun(30, 16, 7)}
          {cloud("#ffffff", -4, 4)}
        </>
      )}
      {status === "cloudy" && (
        <>
          {cloud("#e2e8f0", 4, -6)}
          {cloud("#ffffff", -2, 2)}
        </>
      )}
      {status === "rainy" && (
        <>
          {cloud("#cbd5e1", 0, -6)}
          {[14, 22, 30].map((x) => (
            <line key={x} x1={x} y1={36} x2={x - 3} y2={44} stroke="#2563eb" strokeWidth={2.5} strokeLinecap="round" />
          ))}
        </>
      )}
      {status === "stormy" && (
        <>
          {cloud("#94a3b8", 0, -6)}
          <path
            d="M25 32l-6 8h6l-3 7 9-10h-6l3-5z"
            fill="#facc15"
            stroke="#713f12"
            strokeWidth={1}
            strokeLinejoin="round"
          />
        </>
      )}
      {status === null && (
        // No weather known: an empty cloud outline, dashed (not a question mark: nothing is broken).
        <path
          d="M14 38h21a8 8 0 0 0 0-16 11 11 0 0 0-21-2 9 9 0 0 0 0 18z"
          transform="translate(0 -2)"
          fill="#f8fafc"
          stroke="#64748b"
          strokeWidth={1.5}
          strokeDasharray="3 3"
        />
      )}
    </svg>
  );
}
