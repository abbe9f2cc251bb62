// "Embed this badge": the country's badge (api/routes/share.ts), a preview and its HTML snippet to paste on
// another site, with a copy button. The snippet is a read-only text field, so it can be selected and copied
// by hand too (before JavaScript loads, or where the clipboard is refused). The section speaks the page's language
// (country.embed.*); the snippet is HTML for other sites and stays English, as the badge itself does (docs/i18n.md).
// The section hydrates when near (components/static-part.tsx `nearPart`; its code in embed-badge-live.tsx): before,
// the snippet can be selected and copied by hand.
import type { ComponentProps } from "react";
import { nearPart } from "./static-part.tsx";
import type { EmbedBadge as Live } from "./embed-badge-live.tsx";

export const EmbedBadge = nearPart<ComponentProps<typeof Live>>("EmbedBadge", () =>
  import("./embed-badge-live.tsx").then((m) => m.EmbedBadge),
);
