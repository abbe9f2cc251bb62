// Eurostat's flags beside a figure (docs/data-sources.md §8, docs/product.md "Flags and sources"): a short mark with
// its names for screen readers (visually hidden text, not a title only), and the legend of the flags a page shows, in
// the page's language (`sources.flag.<letter>`). Used wherever a published figure is shown: country pages, sectors,
// compare.
import { useIntl, type IntlShape } from "react-intl";

/** Eurostat's flags with a name in the catalogues (`sources.flag.<letter>`), in the order a legend lists them. */
const NAMED_FLAGS = ["p", "e", "d", "b", "u", "r", "s", "f", "c", "n", "z"];

/** The letters of a flag ("bu" → b, u), each once. */
const lettersOf = (flag: string): string[] => [...new Set([...flag.trim().toLowerCase()].filter((c) => c !== " "))];

/** A flag letter's name in the page's language ("provisional"); an unknown letter said as Eurostat's flag. */
function flagName(intl: IntlShape, letter: string): string {
  return NAMED_FLAGS.includes(letter)
    ? intl.formatMessage({ id: `sources.flag.${letter}` })
    : intl.formatMessage({ id: "sources.flag.other" }, { flag: letter });
}

/** Every letter of a flag by name, joined: "break in series, low reliability". */
export function flagNames(intl: IntlShape, flag: string): string {
  return lettersOf(flag)
    .map((l) => flagName(intl, l))
    .join(", ");
}

/**
 * The mark beside a figure: the flag's letters, seen; its names, heard (visually hidden text, not a title only); a
 * title for the pointer. Nothing without a flag. Positioned (`relative`), so that its hidden text stays inside it: in
 * a table that scrolls sideways (compare, /sectors) the hidden text would otherwise widen the page.
 */
export function FlagMark({ flag, className = "" }: { flag: string | null | undefined; className?: string }) {
  const intl = useIntl();
  if (!flag) return null;
  const names = flagNames(intl, flag);
  return (
    <span
      className={`relative ml-1 inline-block rounded border border-slate-400 bg-slate-50 px-1 align-middle font-mono text-xs leading-4 font-semibold text-slate-800 ${className}`}
      title={names}
      data-eurostat-flag={flag}
    >
      <span aria-hidden="true">{flag}</span>
      <span className="sr-only"> ({names})</span>
    </span>
  );
}

/** Every flag a country page shows: its panels' figures (product/market-panel.ts `flags`) and its sector rates. */
export function pageFlags(data: {
  panel: { flags: Readonly<Record<string, string | null>> } | null;
  sectors: { sectors: ReadonlyArray<{ flag: string | null }> };
}): Array<string | null> {
  return [...Object.values(data.panel?.flags ?? {}), ...data.sectors.sectors.map((s) => s.flag)];
}

/** The legend of the flags shown on a page (each letter once); nothing when none is. */
export function FlagLegend({
  flags,
  className = "",
}: {
  flags: ReadonlyArray<string | null | undefined>;
  className?: string;
}) {
  const intl = useIntl();
  const letters = [...new Set(flags.flatMap((f) => (f ? lettersOf(f) : [])))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  if (letters.length === 0) return null;
  return (
    <p className={`text-sm text-slate-700 ${className}`} data-testid="flag-legend">
      {intl.formatMessage({ id: "sources.flag.legend" })}{" "}
      {letters.map((l, i) => (
        <span key={l} data-eurostat-flag-legend={l}>
          {i > 0 ? " · " : ""}
          {intl.formatMessage(
            { id: "sources.flag.item" },
            { mark: <span className="font-mono font-semibold">{l}</span>, name: flagName(intl, l) },
          )}
        </span>
      ))}
    </p>
  );
}

const rank = (letter: string) => {
  const i = NAMED_FLAGS.indexOf(letter);
  return i < 0 ? NAMED_FLAGS.length : i;
};

/** The letters of several flags together, each once ("d" and "p" → "dp"): a figure computed from flagged ones. */
export function joinFlags(...flags: ReadonlyArray<string | null | undefined>): string | null {
  const letters = [...new Set(flags.flatMap((f) => (f ? lettersOf(f) : [])))];
  return letters.length > 0 ? letters.join("") : null;
}
