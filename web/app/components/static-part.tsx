// Parts of a page that never change once rendered (prose, tables, links: nothing a visitor can open, type into or
// hover) need no code in the browser to show the page the server wrote (docs/decisions/017-page-weight.md, "Static
// parts"). `staticPart(load)` makes such a part: the server renders it as usual; the browser, while it hydrates the
// document, keeps the server's HTML as it is (an element whose inner HTML React leaves alone) and neither loads nor
// runs the part's code. Only when the part must show something else (a navigation to another page of the same kind,
// new data after a form was sent) does the browser load its code, on demand, and render it.
// Its links are then plain links until that happens: following one loads the next document, as without JavaScript.
import { lazy, Suspense, useRef, useState, type ComponentType } from "react";

/** True in the browser until the document has hydrated (root.tsx calls `documentHydrated`). */
let hydrating = typeof document !== "undefined";

/** The document has hydrated: parts mounted from now on are rendered by the browser. */
export function documentHydrated(): void {
  hydrating = false;
}

/**
 * Whether two renders of a part show the same thing. Props are data (see staticPart), often computed afresh on every
 * render of the page (a panel's availability, a list filtered by the view): compared by value, not by reference, or a
 * parent's re-render after hydration would swap the server's HTML for the part's code while it loads.
 */
const sameProps = (a: object, b: object): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

// The components the server renders, by name (country-static-parts.server.ts fills it; empty in the browser).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each name's props are its component's own
const serverParts = new Map<string, ComponentType<any>>();

/** Gives the server the component of a static part (server-only modules call it). */
export function serverPart<P extends object>(name: string, part: ComponentType<P>): void {
  serverParts.set(name, part);
}

/**
 * A part whose code the browser loads only when it must render it itself (see above): `name` finds its component on
 * the server (serverPart), `load` loads it in the browser. Props: data, not elements (they are compared to know
 * whether the part changed).
 */
export function staticPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): Promise<unknown> } {
  // Loaded once; a route's clientLoader may load it ahead (preload), and then it renders without suspending.
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((Part) => {
      loaded = Part;
      return Part;
    }));
  const Lazy = lazy(() => preload().then((Part) => ({ default: Part })));
  function ServerPart(props: P) {
    const Part = serverParts.get(name) as ComponentType<P> | undefined;
    if (!Part) throw new Error(`static part ${name}: no server component (country-static-parts.server.ts)`);
    return (
      <div data-static-part="">
        <Part {...props} />
      </div>
    );
  }
  function BrowserPart(props: P) {
    const [served] = useState<P | null>(() => (hydrating ? props : null));
    const live = useRef(false);
    if (!live.current && served !== null && sameProps(served, props)) {
      return <div data-static-part="" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
    }
    live.current = true;
    const Part = loaded;
    return (
      <div data-static-part="">
        {Part ? (
          <Part {...props} />
        ) : (
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        )}
      </div>
    );
  }
  return Object.assign(typeof document === "undefined" ? ServerPart : BrowserPart, { preload });
}
