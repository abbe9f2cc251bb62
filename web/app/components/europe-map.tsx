// The map of Europe as a part that hydrates when near (components/static-part.tsx `nearPart`): the server renders it
// whole (europe-map-live.tsx, registered in near-parts.server.ts), every country a link; the browser loads its code
// (the shapes and the hover and focus card, about 19 KB gzipped) when the map comes within a screen of the viewport
// or is reached for.
import type { ComponentProps } from "react";
import { nearPart } from "./static-part.tsx";
import type { EuropeMap as Live } from "./europe-map-live.tsx";

export type { MapCountry } from "./europe-map-live.tsx";

export const EuropeMap = nearPart<ComponentProps<typeof Live>>("EuropeMap", () =>
  import("./europe-map-live.tsx").then((m) => m.EuropeMap),
);
