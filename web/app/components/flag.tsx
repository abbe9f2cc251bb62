// A country's flag as an SVG image (docs/product.md: a kept flag library, not emoji, which Windows shows as
// letters). Where the country's name is written right beside the flag, the image is decorative (alt=""), so a
// screen reader reads the name once; elsewhere `label` gives the name as its text alternative.
import { FLAG_RATIO, flagSrc } from "../lib/flags.ts";

export function Flag({
  code,
  label,
  height = 16,
  className = "",
}: {
  code: string;
  label?: string;
  height?: number;
  className?: string;
}) {
  const width = Math.round(height * FLAG_RATIO);
  return (
    <img
      src={flagSrc(code)}
      width={width}
      height={height}
      alt={label ?? ""}
      decoding="async"
      data-flag={code.toUpperCase()}
      className={`inline-block shrink-0 rounded-[2px] object-cover align-middle shadow-[0_0_0_1px_rgba(15,23,42,0.15)] ${className}`}
      style={{ width, height }}
    />
  );
}
