// Parts of a page that never change once rendered (prose, tables, links: nothing a visitor can open, type into or
// hover) need no code in the browser to show the page the server wrote (docs/decisions/017-page-weight.md, "Static
// parts"). `staticPart(load)` makes such a part: the server renders it as usual; the browser, while it hydrates the
// document, keeps the server's HTML as it is (an element whose inner HTML React leaves alone) and neither loads nor
// runs the part's code. Only when the part must show something else (a navigation to another page of the same kind,
// new data after a form was sent) does the browser load its code, on demand, and render it.
// Its links are then plain links until that happens: following one loads the next document, as without JavaScript.
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";

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

/**
 * A part with something to open, hover or type into that the page does not need before a visitor gets near it (the
 * history chart, the community section and its form, the map): its code is not in the page's first load, and it
 * hydrates when it comes within a screen of the viewport or when a pointer or the focus reaches it
 * (docs/decisions/017-page-weight.md, "Parts that hydrate when near"). Until then its server HTML stays as it is
 * (a Suspense boundary React leaves dehydrated): it shows, its links are links and its form posts without
 * JavaScript; what a visitor changed in it meanwhile (a disclosure opened, text typed) stays when it hydrates,
 * since hydration adopts the DOM instead of replacing it. Rendered by the browser after hydration (a navigation),
 * the part loads at once (a route's clientLoader may `preload` it). `name` finds the component on the server
 * (serverPart); props are data, compared by value.
 */
export function nearPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((Part) => {
      loaded = Part;
      return Part;
    }));
  // Hydration waits for this gate: the part near the viewport, reached for, or rendered anew.
  let openGate = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const Lazy = lazy(() => gate.then(preload).then((Part) => ({ default: Part })));
  const Inner = memo(
    function NearInner(props: P & { onLive(): void }) {
      const { onLive, ...rest } = props;
      useEffect(onLive, [onLive]);
      const Part = loaded;
      return Part ? <Part {...(rest as P)} /> : <Lazy {...(rest as P)} />;
    },
    (a, b) => a.onLive === b.onLive && sameProps(a, b),
  );
  function ServerPart(props: P) {
    const Part = serverParts.get(name) as ComponentType<P> | undefined;
    if (!Part) throw new Error(`near part ${name}: no server component (near-parts.server.ts)`);
    return (
      <div data-near-part={name}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }
  function BrowserPart(props: P) {
    const [served] = useState<P | null>(() => (hydrating ? props : null));
    // Rendered by the browser (not hydrated), or with other data than the server's: the code is needed now.
    if (served === null || !sameProps(served, props)) openGate();
    const ref = useRef<HTMLDivElement>(null);
    // Keys pressed inside the part before it hydrated (focus reached it, the code is on its way): React drops them,
    // so they are sent again once it has (a chart's End or arrow keys).
    const [keys] = useState<KeyboardEvent[]>(() => []);
    const live = useRef(false);
    const onLive = useCallback(() => {
      live.current = true;
      for (const e of keys.splice(0)) {
        if (e.target instanceof Element && e.target.isConnected) e.target.dispatchEvent(new KeyboardEvent(e.type, e));
      }
    }, [keys]);
    useEffect(() => {
      const el = ref.current;
      if (loaded || !el) return;
      const keep = (e: KeyboardEvent) => {
        if (!live.current && e.isTrusted) keys.push(e);
      };
      el.addEventListener("keydown", keep);
      const go = () => {
        openGate();
        stop();
      };
      // Native listeners: React does not dispatch events whose target is inside a boundary still dehydrated.
      const reach = ["pointerover", "focusin", "touchstart"] as const;
      for (const type of reach) el.addEventListener(type, go, { passive: true });
      const near =
        typeof IntersectionObserver === "function"
          ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
              rootMargin: "100% 0px",
            })
          : null;
      if (near) near.observe(el);
      else go();
      function stop() {
        near?.disconnect();
        for (const type of reach) el!.removeEventListener(type, go);
      }
      return () => {
        stop();
        el.removeEventListener("keydown", keep);
      };
    }, [keys]);
    return (
      <div data-near-part={name} ref={ref}>
        <Suspense fallback={null}>
          <Inner {...props} onLive={onLive} />
        </Suspense>
      </div>
    );
  }
  return Object.assign(typeof document === "undefined" ? ServerPart : BrowserPart, { preload });
}
