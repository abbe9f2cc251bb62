// Test-only: a process that kills itself (SIGKILL, as `kill -9` does) just after a commit, so that a test can show
// what a job killed at that instant leaves behind (tests/jobs/killed-audit.test.ts; docs/decisions/024). It does
// nothing unless JWI_TEST_KILL_AFTER names the commit; no operator sets it, and the server's environment schema
// does not know it.

/** The commits a test may stop a process after: an ingest's DuckDB transaction, a publication's SQLite one. */
export type TestCommit = "ingest" | "publish";

/** Kills this process at once when JWI_TEST_KILL_AFTER is `commit`; otherwise does nothing. */
export function killAfterCommitForTests(commit: TestCommit): void {
  if (process.env.JWI_TEST_KILL_AFTER === commit) process.kill(process.pid, "SIGKILL");
}
