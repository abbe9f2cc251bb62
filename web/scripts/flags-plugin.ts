// Vite plugin: the flag of every covered country as a static SVG file, `flags/{code}.svg` (lower case), taken
// from the country-flag-icons package (3:2 flags, MIT) at build time. Only the 31 covered codes are copied, and
// nothing goes into the JavaScript bundle: pages show them as <img> (components/flag.tsx). The dev server
// answers the same paths from the package.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";
import { COUNTRIES } from "../../lib/countries.ts";
import { FLAG_DIR } from "../app/lib/flags.ts";

// The package exports no path to its SVG files; they sit beside its package.json.
const PACKAGE_DIR = path.dirname(createRequire(import.meta.url).resolve("country-flag-icons/package.json"));

/** The package's SVG of one country (upper-case ISO code, GR for Greece). */
export function flagSvg(code: string): string {
  return readFileSync(path.join(PACKAGE_DIR, "3x2", `${code.toUpperCase()}.svg`), "utf8");
}

export function flagsPlugin(): Plugin {
  return {
    name: "jwi-flags",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = new RegExp(`^/${FLAG_DIR}/([a-z]{2})\\.svg$`).exec(req.url ?? "");
        const country = m ? COUNTRIES.find((c) => c.code.toLowerCase() === m[1]) : undefined;
        if (!country) return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.end(flagSvg(country.code));
      });
    },
    generateBundle() {
      // The browser build only: the server bundle never serves files.
      if (this.environment?.config.consumer === "server") return;
      for (const c of COUNTRIES) {
        this.emitFile({ type: "asset", fileName: `${FLAG_DIR}/${c.code.toLowerCase()}.svg`, source: flagSvg(c.code) });
      }
    },
  };
}
