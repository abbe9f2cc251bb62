// Where the flag images live (web/scripts/flags-plugin.ts copies them from country-flag-icons at build time).

export const FLAG_DIR = "flags";

/** Flags are 3:2. */
export const FLAG_RATIO = 3 / 2;

/** `/flags/de.svg` for "DE". */
export function flagSrc(code: string): string {
  return `/${FLAG_DIR}/${code.toLowerCase()}.svg`;
}
