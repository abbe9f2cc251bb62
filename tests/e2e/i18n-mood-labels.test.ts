// The mood slider's five labels sit under its stops (web/app/components/experience/experience-fields.tsx); at 390 px the stops
// are under 60 px apart, so a long word in one language would run into its neighbour. This measures every
// language's labels (forms.option.*) with the page's own font in the real form, for every selected stop (the
// selected label is bold), and asks for a gap between neighbours. German "Schwierig" and Polish "W porządku"
// did not fit; "Zäh" and "Znośnie" do.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../product/locales.ts";
import { MOBILE, ROOT, hydrated, newPage, sharedSite, type SharedHarness } from "./harness.ts";

const MOODS = ["frustrated", "tough", "ok", "good", "positive"];
const labels = Object.fromEntries(
  LOCALES.map((l) => {
    const messages = JSON.parse(
      readFileSync(path.join(ROOT, "web/app/i18n/messages", l, "forms.json"), "utf8"),
    ) as Record<string, string>;
    return [l, MOODS.map((k) => messages[`forms.option.${k}`]!)];
  }),
);

let h: SharedHarness;
beforeAll(async () => {
  h = await sharedSite();
});
afterAll(async () => {
  await h?.close();
});

describe("mood labels in every language", () => {
  it("leave a gap between neighbouring stops at 390 px, whichever stop is selected", async () => {
    const context = await h.browser.newContext(MOBILE);
    const { page } = await newPage(context);
    await page.goto(`${h.base}/country/de`, { waitUntil: "load" });
    await hydrated(page);
    await page.getByText("Share your experience", { exact: true }).click();
    await page.waitForSelector("[data-stop]");
    const gaps = await page.evaluate((all) => {
      const stops = [...document.querySelectorAll<HTMLElement>("[data-stop]")];
      const centers = stops.map((s) => {
        const b = s.getBoundingClientRect();
        return b.left + b.width / 2;
      });
      const plain = stops.find((s) => !s.className.includes("font-semibold"))!;
      const width = (text: string, bold: boolean) => {
        const probe = plain.cloneNode(false) as HTMLElement;
        if (bold) probe.classList.add("font-semibold");
        probe.style.visibility = "hidden";
        probe.textContent = text;
        plain.parentElement!.appendChild(probe);
        const w = probe.getBoundingClientRect().width;
        probe.remove();
        return w;
      };
      const out: Record<string, number> = {};
      for (const [locale, list] of Object.entries(all)) {
        let worst = Infinity;
        for (let selected = 0; selected < list.length; selected++)
          for (let i = 0; i < list.length - 1; i++)
            worst = Math.min(
              worst,
              centers[i + 1]! -
                centers[i]! -
                width(list[i]!, selected === i) / 2 -
                width(list[i + 1]!, selected === i + 1) / 2,
            );
        out[locale] = Math.round(worst * 10) / 10;
      }
      return out;
    }, labels);
    await context.close();
    for (const locale of LOCALES)
      expect(gaps[locale], `${locale}: ${labels[locale]!.join(", ")}`).toBeGreaterThanOrEqual(2);
  });
});
