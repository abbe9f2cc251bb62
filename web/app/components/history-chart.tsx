// The score history chart as a part that hydrates when near (components/static-part.tsx `nearPart`): the server renders
// it whole (history-chart-live.tsx, registered in near-parts.server.ts); the browser loads its code (the drawing, the
// tooltip, the table's disclosure) when the chart comes within a screen of the viewport or is reached for.
import type { ComponentProps } from "react";
import { nearPart } from "./static-part.tsx";
import type { HistoryChart as Live } from "./history-chart-live.tsx";

export const HistoryChart = nearPart<ComponentProps<typeof Live>>("HistoryChart", () =>
  import("./history-chart-live.tsx").then((m) => m.HistoryChart),
);
