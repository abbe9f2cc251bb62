// Vite plugin: one copy of FormatJS in the site's bundles (docs/decisions/017-page-weight.md).
//
// npm installs react-intl's helpers (intl-messageformat, the ICU parser, …) twice, under react-intl/node_modules and
// under @formatjs/intl/node_modules, because an older FormatJS that Lighthouse brings holds the top-level names. The
// copies are the same versions, yet a bundler sees two packages: the browser got the ICU parser twice (about 9 KB
// gzipped). This plugin resolves every import of those packages, from anywhere, as react-intl itself resolves it, and
// refuses to build if the copies ever differ in version.
//
// It also parses the message catalogues at build time (web/app/i18n/messages/<locale>/<namespace>.json become
// message id → ICU syntax tree), so that the browser needs no ICU parser: its bundle takes the parser package's
// `no-parser` entry (about 7 KB gzipped less), and the server sends pages their messages already parsed.
//
// And it answers FormatJS's "does this browser know the language?" for the site's own six languages without asking
// the browser, whose first answer costs a phone more than 100 ms (web/app/i18n/supported-locales.ts); and it has
// FormatJS build its number formatters as web/app/i18n/number-format.ts, which writes the common figures itself, so a
// page does not load ICU's number data while it hydrates.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const PACKAGES = [
  "intl-messageformat",
  "@formatjs/icu-messageformat-parser",
  "@formatjs/icu-skeleton-parser",
  "@formatjs/fast-memoize",
];

const require = createRequire(import.meta.url);
const REACT_INTL = require.resolve("react-intl");
const FORMATJS_INTL = createRequire(REACT_INTL).resolve("@formatjs/intl");

/** The version of `name` as `from` (a file) would load it, or null when it does not load it at all. */
function versionFrom(from: string, name: string): string | null {
  let dir: string;
  try {
    dir = path.dirname(createRequire(from).resolve(name));
  } catch {
    return null;
  }
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === name) return pkg.version ?? null;
    } catch {
      // no package.json at this level
    }
  }
  return null;
}

const CATALOGUES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/i18n/messages");
const isCatalogue = (id: string) => id.startsWith(CATALOGUES + path.sep) && id.endsWith(".json");

type Parse = (message: string) => unknown;
let parser: Promise<Parse> | undefined;
/** react-intl's own ICU parser (the version its formatter reads), loaded when the first catalogue is. */
const loadParser = () =>
  (parser ??= import(pathToFileURL(createRequire(REACT_INTL).resolve("@formatjs/icu-messageformat-parser")).href).then(
    (m: { parse: Parse }) => m.parse,
  ));

const SUPPORTED_LOCALES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../app/i18n/supported-locales.ts",
);
const NUMBER_FORMAT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/i18n/number-format.ts");

/**
 * FormatJS's calls this plugin replaces, by module (each must be found): its questions of which locales the browser
 * supports (web/app/i18n/supported-locales.ts), and its number formatter, built where FormatJS builds it
 * (web/app/i18n/number-format.ts).
 */
const REPLACED = {
  "Intl.NumberFormat.supportedLocalesOf(": "__jwiNumberFormatLocalesOf(",
  "Intl.DateTimeFormat.supportedLocalesOf(": "__jwiDateTimeFormatLocalesOf(",
  "(...args) => new Intl.NumberFormat(...args)": "(...args) => new __jwiNumberFormat(...args)",
} as const;
const CALLS: Array<{ module: RegExp; calls: Array<keyof typeof REPLACED> }> = [
  {
    module: /[\\/]@formatjs[\\/]intl[\\/]index\.js$/,
    calls: [
      "Intl.NumberFormat.supportedLocalesOf(",
      "Intl.DateTimeFormat.supportedLocalesOf(",
      "(...args) => new Intl.NumberFormat(...args)",
    ],
  },
  {
    module: /[\\/]intl-messageformat[\\/]index\.js$/,
    calls: ["Intl.NumberFormat.supportedLocalesOf(", "(...args) => new Intl.NumberFormat(...args)"],
  },
];
const HELPERS =
  `import { numberFormatLocalesOf as __jwiNumberFormatLocalesOf, dateTimeFormatLocalesOf as __jwiDateTimeFormatLocalesOf } from ${JSON.stringify(SUPPORTED_LOCALES)};\n` +
  `import { QuickNumberFormat as __jwiNumberFormat } from ${JSON.stringify(NUMBER_FORMAT)};\n`;

const packageOf = (source: string) => PACKAGES.find((p) => source === p || source.startsWith(`${p}/`));

/**
 * @param parser false for the browser: `@formatjs/icu-messageformat-parser` becomes its `no-parser` entry, the
 * messages reaching the browser already parsed (web/app/i18n/catalog.server.ts).
 */
export function formatjsPlugin(opts: { parser: boolean }): Plugin {
  for (const name of PACKAGES) {
    const ours = versionFrom(REACT_INTL, name);
    const theirs = versionFrom(FORMATJS_INTL, name);
    if (ours && theirs && ours !== theirs) {
      throw new Error(
        `react-intl loads ${name} ${ours} but @formatjs/intl loads ${theirs}: web/scripts/formatjs-plugin.ts cannot make them one copy.`,
      );
    }
  }
  return {
    name: "jwi-formatjs",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const name = packageOf(source);
      if (!name || !importer) return null;
      const target =
        !opts.parser && source === "@formatjs/icu-messageformat-parser" ? `${source}/no-parser.js` : source;
      return this.resolve(target, REACT_INTL, { ...options, skipSelf: true });
    },
    // Runs before Vite's JSON plugin, which then makes a module of the parsed catalogue.
    async transform(code, id) {
      const checks = CALLS.find((c) => c.module.test(id.split("?")[0]!));
      if (checks) {
        let patched = code;
        for (const call of checks.calls) {
          if (!patched.includes(call))
            this.error(
              `${call} was not found in ${id}: check web/scripts/formatjs-plugin.ts against the installed FormatJS`,
            );
          patched = patched.replaceAll(call, REPLACED[call]);
        }
        return { code: HELPERS + patched, map: null };
      }
      if (!isCatalogue(id)) return null;
      const parse = await loadParser();
      const parsed: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(JSON.parse(code) as Record<string, unknown>)) {
        if (typeof message !== "string") this.error(`${path.relative(CATALOGUES, id)}: ${key} is not a string`);
        try {
          parsed[key] = parse(message);
        } catch (err) {
          this.error(
            `${path.relative(CATALOGUES, id)}: ${key} is not valid ICU MessageFormat (${(err as Error).message})`,
          );
        }
      }
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}
