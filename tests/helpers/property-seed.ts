// Every fast-check property of the unit and integration projects starts from one fixed seed (vitest.config.ts
// setupFiles), so a run checks the same generated cases each time and a failure in CI fails the same way on any
// machine. To look for new counterexamples, run with another seed: `JWI_FC_SEED=random npx vitest run --project
// unit FILE` draws one (fast-check prints the seed and path of a failure; `JWI_FC_SEED=<seed>` replays it).
import fc from "fast-check";

/** The seed of every run unless JWI_FC_SEED names another (an integer, or "random"). */
export const PROPERTY_SEED = 20261201;

const asked = process.env.JWI_FC_SEED;
const seed =
  asked === undefined || asked === ""
    ? PROPERTY_SEED
    : asked === "random"
      ? (Date.now() ^ (Math.random() * 0x100000000)) | 0
      : Number(asked);
if (!Number.isInteger(seed)) throw new Error(`JWI_FC_SEED must be an integer or "random", not "${asked}".`);
if (asked === "random") console.log(`fast-check seed ${seed} (JWI_FC_SEED=${seed} replays it)`);
fc.configureGlobal({ seed });
