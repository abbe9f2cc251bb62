// The forms' shared texts in the page's language: caps with CLDR plurals and local digits, and the server's
// field errors (codes and bounds) said from the catalogue; the one field family every form uses, the operator's too.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RawIntlProvider, createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { SelectField, TextAreaField, TextField } from "./form-fields.tsx";
import { localFieldError, optionLabel, overCapMessage } from "./form-post.tsx";

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

  it("words the server's field errors from their codes and bounds in every language, never from its English", () => {
    const en = intlOf("en");
    const de = intlOf("de");
    expect(localFieldError(en, "contact", { field: "email", code: "invalid" })).toBe(
      "Please enter a valid email address",
    );
    expect(localFieldError(en, "waitingList", { field: "name", code: "too_long", max: 200 })).toBe(
      "Full name must be at most 200 characters",
    );
    expect(localFieldError(de, "contact", { field: "name", code: "required" })).toBe("Bitte geben Sie Ihren Namen an");
    expect(localFieldError(de, "waitingList", { field: "phone", code: "too_long", max: 40 })).toBe(
      "Die Telefonnummer darf höchstens 40 Zeichen lang sein",
    );
    // A code this form's fields have no sentence for (a topic that is not one offered): "check this field", English too.
    expect(localFieldError(en, "contact", { field: "topic", code: "not_allowed" })).toBe("Please check this field.");
    expect(localFieldError(de, "contact", { field: "topic", code: "not_allowed" })).toBe(
      "Bitte prüfen Sie dieses Feld.",
    );
  });

  it("shows stored English options in the page's language, unknown ones as they are", () => {
    expect(optionLabel(intlOf("en"), "IT/Engineering")).toBe("IT/Engineering");
    expect(optionLabel(intlOf("fr"), "Work permit in process")).toBe("Permis de travail en cours");
    expect(optionLabel(intlOf("it"), "Something else")).toBe("Something else");
  });
});

describe("the one field family (TextField, TextAreaField, SelectField), the public forms' and the operator's", () => {
  const html = (node: React.ReactElement) =>
    parseHTML(
      `<html><body>${renderToStaticMarkup(createElement(RawIntlProvider, { value: intlOf("en") }, node))}</body></html>`,
    ).document;
  const noop = () => {};

  it("labels the control, marks a required one, and links hint, counter and error in that order", () => {
    const doc = html(
      createElement(TextAreaField, {
        id: "f-message",
        name: "message",
        label: "Message",
        required: true,
        hint: "Say what you need.",
        counter: { length: 12, max: 100 },
        error: "Message is required",
        errorTestId: "f-message-error",
        value: "",
        onChange: noop,
      }),
    );
    const control = doc.querySelector("textarea")!;
    expect(doc.querySelector("label")!.getAttribute("for")).toBe("f-message");
    expect(doc.querySelector("label")!.textContent).toBe("Message *");
    expect(control.getAttribute("name")).toBe("message");
    expect(control.getAttribute("aria-required")).toBe("true");
    expect(control.getAttribute("aria-invalid")).toBe("true");
    expect(control.getAttribute("aria-describedby")).toBe("f-message-hint f-message-count f-message-error");
    expect(control.className).toContain("border-red-600");
    expect(doc.getElementById("f-message-hint")!.textContent).toBe("Say what you need.");
    expect(doc.getElementById("f-message-count")!.textContent).toBe("12 / 100 characters");
    const error = doc.getElementById("f-message-error")!;
    expect(error.textContent).toBe("Message is required");
    expect(error.getAttribute("data-testid")).toBe("f-message-error");
  });

  it("without an error: no aria-invalid, no error element, the plain border; optional fields carry no star", () => {
    const doc = html(
      createElement(TextField, {
        id: "f-phone",
        name: "phone",
        type: "tel",
        label: "Phone",
        error: undefined,
        value: "+49",
        onChange: noop,
      }),
    );
    const control = doc.querySelector("input")!;
    expect(doc.querySelector("label")!.textContent).toBe("Phone");
    expect(control.getAttribute("type")).toBe("tel");
    expect(control.hasAttribute("aria-invalid")).toBe(false);
    expect(control.hasAttribute("aria-required")).toBe(false);
    expect(control.hasAttribute("aria-describedby")).toBe(false);
    expect(control.className).toContain("border-slate-300");
    expect(doc.getElementById("f-phone-error")).toBeNull();
  });

  it("the operator's fields: required but unmarked, a button inside the field, a filter's hidden label", () => {
    const login = html(
      createElement(TextField, {
        id: "f-password",
        name: "password",
        label: "Password",
        type: "password",
        required: true,
        unmarked: true,
        autoCapitalize: "none",
        spellCheck: false,
        adornment: createElement("button", { type: "button" }, "Show"),
        error: undefined,
        value: "",
        onChange: noop,
      }),
    );
    const input = login.querySelector("input")!;
    expect(login.querySelector("label")!.textContent).toBe("Password");
    expect(input.getAttribute("aria-required")).toBe("true");
    expect(input.getAttribute("type")).toBe("password");
    // React writes autoCapitalize in camel case; HTML reads attribute names in any case.
    expect(input.outerHTML).toMatch(/ autocapitalize="none"/i);
    expect(input.outerHTML).toMatch(/ spellcheck="false"/i);
    // The input and its button share a box under the label; the text stops short of the button.
    const box = input.parentElement!;
    expect(box.className).toBe("relative mt-1");
    expect(box.querySelector("button")!.textContent).toBe("Show");
    expect(input.className).toContain("pr-12");
    expect(input.className).not.toContain("mt-1");

    const filter = html(
      createElement(SelectField, {
        id: "f-status",
        name: "status",
        label: "Status",
        labelHidden: true,
        options: [
          { value: "", label: "All" },
          { value: "open", label: "Open" },
        ],
        error: undefined,
        value: "",
        onChange: noop,
      }),
    );
    expect(filter.querySelector("label")!.className).toBe("sr-only");
    expect(filter.querySelector("select")!.className).toContain("sm:w-auto");
    // No placeholder: the list's own "All" is the first option, not an added empty one.
    expect([...filter.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["All", "Open"]);
  });

  it("a select asks to choose first and lists the options", () => {
    const doc = html(
      createElement(SelectField, {
        id: "f-topic",
        name: "topic",
        label: "Topic",
        placeholder: "Choose a topic",
        options: [
          { value: "a", label: "First" },
          { value: "b", label: "Second" },
        ],
        error: undefined,
        value: "b",
        onChange: noop,
      }),
    );
    const options = [...doc.querySelectorAll("option")].map((o) => [o.getAttribute("value"), o.textContent]);
    expect(options).toEqual([
      ["", "Choose a topic"],
      ["a", "First"],
      ["b", "Second"],
    ]);
  });
});
