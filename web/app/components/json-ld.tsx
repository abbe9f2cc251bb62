// A JSON-LD block, server-rendered with the page. serializeJsonLd escapes < > & so that no text inside the
// data (a "</script>" in a name, say) can close the element.
import { useLocation, useRouteLoaderData } from "react-router";
import { canonicalUrl, serializeJsonLd } from "../lib/meta.ts";
import type { RootData } from "../root.tsx";

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/** The public origin and the canonical URL of the current page (for structured data). */
export function usePageUrl(): { origin: string; url: string } {
  const origin = useRouteLoaderData<RootData>("root")?.site.publicOrigin ?? "";
  const location = useLocation();
  return { origin, url: canonicalUrl(origin, location.pathname, location.search) };
}
