// Child process of bench/pipeline.ts: times a bare JSON.parse and a whole ingest of one file; prints JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import { openPipeline } from "../pipeline/index.ts";

const [file, dir] = process.argv.slice(2) as [string, string];
const bytes = readFileSync(file);

const t0 = performance.now();
JSON.parse(bytes.toString("utf8"));
const parseMs = performance.now() - t0;

const pipeline = await openPipeline({ dataDir: path.join(dir, "data") });
const t1 = performance.now();
const result = await pipeline.ingest({ fileName: path.basename(file), content: bytes, dataType: "unemployment" });
const ingestMs = performance.now() - t1;
pipeline.close();
if (!result.success) throw new Error(result.error);

process.stdout.write(
  JSON.stringify({ parseMs, ingestMs, maxRssMb: process.resourceUsage().maxRSS / 1024, stored: result.rows_upserted }),
);
