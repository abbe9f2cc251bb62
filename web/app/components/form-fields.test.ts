// The forms' shared texts in the page's language: caps with CLDR plurals and local digits, and the server's
// English field errors shown by kind from the catalogue.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { localFieldError, optionLabel, overCapMessage } from "./form-fields.tsx";

const intlOf = (locale: string) =>
  createIntl({
    locale,
    messages: JSON.parse(
      readFileSync(join(import.meta.dirname, "..", "i18n", "messages", locale, "forms.json"), "utf8"),
    ) as Record<string, string>,
  });

describe("form texts", () => {
  it("says a cap as English always did, and in Polish with few/many forms", () => {
    expect(overCapMessage(intlOf("en"), "comment", 1012, 1000)).toBe(
      "Shorten your comment to 1,000 characters (12 too many).",
    );
    expect(overCapMessage(intlOf("en"), "comment", 1000, 1000)).toBeNull();
    expect(overCapMessage(intlOf("pl"), "message", 4003, 4000)).toBe(
      "Skróć wiadomość do 4000 znaków (o 3 znaki za dużo).",
    );
    expect(overCapMessage(intlOf("pl"), "message", 4005, 4000)).toBe(
      "Skróć wiadomość do 4000 znaków (o 5 znaków za dużo).",
    );
    expect(overCapMessage(intlOf("de"), "comment", 1001, 1000)).toBe(
      "Kürzen Sie Ihren Kommentar auf 1.000 Zeichen (1 zu viel).",
    );
  });

  it("shows the server's field errors by kind: English as sent, other languages from the catalogue", () => {
    const en = intlOf("en");
    const de = intlOf("de");
    expect(localFieldError(en, "contact", "email", "Please enter a valid email address")).toBe(
      "Please enter a valid email address",
    );
    expect(localFieldError(en, "waitingList", "name", "Full name must be at most 200 characters")).toBe(
      "Full name must be at most 200 characters",
    );
    expect(localFieldError(de, "contact", "name", "Name is required")).toBe("Bitte geben Sie Ihren Namen an");
    expect(localFieldError(de, "waitingList", "phone", "Phone must be at most 40 characters")).toBe(
      "Die Telefonnummer darf höchstens 40 Zeichen lang sein",
    );
    expect(localFieldError(en, "contact", "topic", "Something new")).toBe("Something new");
    expect(localFieldError(de, "contact", "topic", "Something new")).toBe("Bitte prüfen Sie dieses Feld.");
  });

  it("shows stored English options in the page's language, unknown ones as they are", () => {
    expect(optionLabel(intlOf("en"), "IT/Engineering")).toBe("IT/Engineering");
    expect(optionLabel(intlOf("fr"), "Work permit in process")).toBe("Permis de travail en cours");
    expect(optionLabel(intlOf("it"), "Something else")).toBe("Something else");
  });
});
