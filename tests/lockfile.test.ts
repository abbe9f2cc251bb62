// The lockfile must name every platform package of every native dependency, or `npm ci` on a platform whose
// binary is missing installs nothing for it (README.md, "Supported platforms"). This reads the committed lock only.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Every optional dependency a locked package declares that the lock has no entry for (npm's own lookup order). */
function missingOptional(packages: Record<string, LockEntry>): string[] {
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      // npm resolves a dependency in the package's own node_modules, then up the tree to the root's.
      let dir = path;
      let found = false;
      for (;;) {
        const candidate = dir === "" ? `node_modules/${dep}` : `${dir}/node_modules/${dep}`;
        if (candidate in packages) {
          found = true;
          break;
        }
        if (dir === "") break;
        const cut = dir.lastIndexOf("/node_modules/");
        dir = cut === -1 ? "" : dir.slice(0, cut);
      }
      if (!found) missing.push(`${path || "(root)"} → ${dep}`);
    }
  }
  return missing;
}

/** The platforms the README supports, as npm's os/cpu/libc triples. */
const SUPPORTED = [
  { os: "linux", cpu: "x64", libc: "glibc" },
  { os: "linux", cpu: "arm64", libc: "glibc" },
  { os: "linux", cpu: "x64", libc: "musl" },
  { os: "linux", cpu: "arm64", libc: "musl" },
  { os: "darwin", cpu: "x64" },
  { os: "darwin", cpu: "arm64" },
  { os: "win32", cpu: "x64" },
  { os: "win32", cpu: "arm64" },
] as const;

function fits(entry: LockEntry, platform: { os: string; cpu: string; libc?: string }): boolean {
  const ok = (list: string[] | undefined, value: string | undefined) =>
    !list ||
    value === undefined ||
    list.includes(value) ||
    (list.some((v) => v.startsWith("!")) && !list.includes(`!${value}`));
  return ok(entry.os, platform.os) && ok(entry.cpu, platform.cpu) && ok(entry.libc, platform.libc);
}

describe("package-lock.json", () => {
  it("is lockfile version 3 (npm 9+)", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("names every optional (platform) package that a locked package declares", () => {
    expect(missingOptional(lock.packages)).toEqual([]);
  });

  it("the check itself notices a missing platform package", () => {
    const cut = { ...lock.packages };
    delete cut["node_modules/@duckdb/node-bindings-darwin-arm64"];
    expect(missingOptional(cut)).toContain("node_modules/@duckdb/node-bindings → @duckdb/node-bindings-darwin-arm64");
  });

  // The native packages the product needs at run time: each supported platform must find a binary in the lock.
  const NATIVE: Record<string, string> = {
    "@duckdb/node-bindings": "DuckDB",
    "@resvg/resvg-js": "share cards",
    "@node-rs/argon2": "operator passwords",
  };
  for (const [name, what] of Object.entries(NATIVE)) {
    it(`${name} (${what}) has a binary for every supported platform`, () => {
      const parent = lock.packages[`node_modules/${name}`];
      expect(parent, `${name} is locked`).toBeDefined();
      const binaries = Object.keys(parent!.optionalDependencies ?? {}).map((dep) => ({
        dep,
        entry: lock.packages[`node_modules/${dep}`],
      }));
      for (const platform of SUPPORTED) {
        const hit = binaries.find((b) => b.entry && b.entry.os && b.entry.cpu && fits(b.entry, platform));
        expect(hit, `${name} for ${JSON.stringify(platform)}`).toBeDefined();
      }
    });
  }
});
