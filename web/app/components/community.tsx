// The community section (experiences, their summary, the share card and its form) as a part that hydrates when near
// (components/static-part.tsx `nearPart`): the server renders it whole (community-live.tsx, registered in
// near-parts.server.ts), and its form posts without JavaScript; the browser loads its code when the section comes
// within a screen of the viewport or is reached for.
import type { ComponentProps } from "react";
import { nearPart } from "./static-part.tsx";
import type { CommunitySection as Live } from "./community-live.tsx";

export const CommunitySection = nearPart<ComponentProps<typeof Live>>("CommunitySection", () =>
  import("./community-live.tsx").then((m) => m.CommunitySection),
);
