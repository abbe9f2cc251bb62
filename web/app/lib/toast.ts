// Toasts on demand: sonner (and its <Toaster>, mounted by components/lazy-toaster.tsx) loads only when a page
// is about to need it (a form opens), so reading a page never ships it. The Toaster keeps sonner's defaults,
// which are the product's (docs/product.md §9).
type Sonner = typeof import("./sonner.ts");

let sonner: Promise<Sonner> | null = null;
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Starts loading sonner and asks the root to mount the Toaster; cheap to call again. */
export function preloadToasts(): Promise<Sonner> {
  sonner ??= import("./sonner.ts");
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return sonner;
}

export function toasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the lazy Toaster once it is mounted (and listening). */
export function toasterMounted(): void {
  markMounted();
}

type Kind = "message" | "success" | "error";

/** The toasts of failed attempts still on screen ("error", and "message" such as "Missing information"). */
const failures = new Set<string | number>();

/**
 * Shows a toast: a title and an optional description; "error" is the destructive style. A success first dismisses
 * the toasts of the failed attempts before it (a "Submission failed" beside "Thank you!" would say two things).
 */
export async function notify(kind: Kind, title: string, description?: string): Promise<void> {
  const { toast } = await preloadToasts();
  await mounted;
  const opts = description ? { description } : undefined;
  if (kind === "success") {
    for (const id of failures) toast.dismiss(id);
    failures.clear();
    toast.success(title, opts);
    return;
  }
  failures.add(kind === "error" ? toast.error(title, opts) : toast(title, opts));
}
