// Mounts sonner's <Toaster> once a page asks for toasts (web/app/lib/toast.ts). Props are sonner's defaults, which are
// the product's (docs/product.md §9): 3 visible, 4000 ms, 356 px wide, 14 px gap, bottom-right, Alt+T; swipe 20 px and the
// 200 ms removal animation are built in.
import { useEffect, useState, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import { onToasterWanted, preloadToasts, toasterMounted, toasterWanted } from "../lib/toast.ts";

export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    const load = () => void preloadToasts().then((m) => setToaster(() => m.Toaster));
    if (toasterWanted()) load();
    return onToasterWanted(load);
  }, []);
  useEffect(() => {
    // Runs after the Toaster's own effects: it is subscribed to sonner's store by now.
    if (Toaster) toasterMounted();
  }, [Toaster]);
  if (!Toaster) return null;
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      hotkey={["altKey", "KeyT"]}
      richColors
    />
  );
}
