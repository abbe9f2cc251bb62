// The forms' honeypot: a "Website" field people never see or reach (off-screen, hidden from screen readers, out
// of the tab order) and bots fill in. The server answers a filled one as a success and stores nothing
// (docs/product.md §5).
import { HONEYPOT_FIELD } from "../../../product/options.ts";

export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input
          type="text"
          tabIndex={-1}
          autoComplete="off"
          name={HONEYPOT_FIELD}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
