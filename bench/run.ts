// `npm run bench`: runs every benchmark module and prints its figures. `npm run bench -- api` runs one.
const BENCHES: Record<string, () => Promise<{ run(): Promise<void> | void }>> = {
  pipeline: () => import("./pipeline.ts"),
  attribution: () => import("./attribution.ts"),
  cards: () => import("./cards.ts"),
  api: () => import("./api.ts"),
  web: () => import("./web.ts"),
  cli: () => import("./cli.ts"),
  pages: () => import("./pages.ts"),
  memory: () => import("./memory.ts"),
  cells: () => import("./cells.ts"),
  weights: () => import("./weights.ts"),
  lighthouse: () => import("./lighthouse.ts"),
};

const only = process.argv.slice(2);
for (const [name, load] of Object.entries(BENCHES)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n## ${name}`);
  await (await load()).run();
}

export {};
