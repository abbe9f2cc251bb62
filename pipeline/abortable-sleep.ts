// A wait that ends early when its signal aborts, shared by the job lock's polling (jobs/lock.ts) and the fetcher's
// pauses and retries (fetch/http.ts). The abort listener goes when the wait ends either way: the lock polls every
// 100 ms, and a listener left per wait piled up on a long-lived signal (Node's MaxListenersExceededWarning).

/** Waits `ms`, or less when `signal` aborts meanwhile (at once when it already has). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
