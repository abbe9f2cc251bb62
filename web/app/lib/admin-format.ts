// Dates and audit details as the operator area shows them. Always UTC, so every operator reads the same time.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO timestamp → "22 Nov 2026, 04:40 UTC"; anything unreadable unchanged. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** An audit entry's detail as short "key: value" pairs (nested values as compact JSON). */
export function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return "";
  if (typeof detail !== "object" || Array.isArray(detail)) return JSON.stringify(detail);
  return Object.entries(detail as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
}

/** "1 month" / "5 months". */
export function monthsText(months: number): string {
  return months === 1 ? "1 month" : `${months} months`;
}
