// Holds a data directory's job lock from a process of its own, as a long job would, until killed:
//   node bin/run-ts.mjs tests/helpers/hold-lock.ts DATA_DIR "COMMAND"
import { acquireJobLock } from "../../pipeline/jobs/lock.ts";

const [dataDir, command = "test holder"] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: hold-lock.ts DATA_DIR [COMMAND]");
await acquireJobLock(dataDir, command);
process.stdout.write("holding\n");
setInterval(() => {}, 60_000);
