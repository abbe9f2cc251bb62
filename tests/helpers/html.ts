// Server-rendered pages read as HTML, without a browser (docs/testing.md): what a page says before any script runs is
// asserted on the server's answer, parsed by linkedom into a DOM with querySelector and textContent. Chromium stays
// for hydration, interaction, layout, focus and axe.
import { parseHTML } from "linkedom";

export interface HtmlPage {
  url: string;
  status: number;
  headers: Headers;
  html: string;
  document: Document;
}

/**
 * Fetches a page and parses its HTML (redirects followed unless `redirect: "manual"`). Uncompressed unless `init`
 * asks otherwise: the same HTML, without inflating in the test what the server deflated.
 */
export async function fetchPage(url: string, init: RequestInit = {}): Promise<HtmlPage> {
  const headers = new Headers(init.headers);
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "identity");
  const res = await fetch(url, { ...init, headers });
  const html = await res.text();
  return { url, status: res.status, headers: res.headers, html, document: parseHTML(html).document };
}

/** An element's text with its whitespace collapsed, as a reader sees it ("" when there is no such element). */
export function textOf(root: ParentNode, selector: string): string {
  return squash(root.querySelector(selector)?.textContent ?? "");
}

/** Every match's text, whitespace collapsed. */
export function textsOf(root: ParentNode, selector: string): string[] {
  return [...root.querySelectorAll(selector)].map((e) => squash(e.textContent ?? ""));
}

export const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The content of a `<meta>` (by name or property) or the href of a `<link rel>`; null when absent. */
export function headValue(document: Document, selector: string): string | null {
  const el = document.querySelector(selector);
  if (!el) return null;
  return el.getAttribute(el.tagName.toLowerCase() === "link" ? "href" : "content");
}

/** The body's text as the server wrote it, scripts, styles and templates aside. */
export function bodyText(document: Document): string {
  const body = document.body.cloneNode(true) as HTMLElement;
  for (const el of body.querySelectorAll("script, style, template")) el.remove();
  return body.textContent ?? "";
}
