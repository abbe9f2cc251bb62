// The global fallback page (docs/product.md §2): its texts, a Refresh Page button and expandable details, rendered on the
// server as the root error boundary does.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import COMMON_EN from "../i18n/messages/en/common.json";
import { describe, expect, it } from "vitest";
import { GlobalError } from "./global-error.tsx";

describe("GlobalError", () => {
  it("says something went wrong, offers a refresh and the details", () => {
    // Inside the English "common" messages: what the root layout falls back to when its loader could not answer.
    const html = renderToStaticMarkup(
      createElement(
        IntlProvider,
        { locale: "en", messages: COMMON_EN },
        createElement(GlobalError, { error: new Error("database is locked") }),
      ),
    );
    expect(html).toContain("Something went wrong");
    expect(html).toMatch(/<button[^>]*>Refresh Page<\/button>/);
    expect(html).toContain("Error details");
    expect(html).toContain("database is locked");
  });
});
