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
  const res = await fetchRetryingReset(url, { ...init, headers });
  const html = await res.text();
  return { url, status: res.status, headers: res.headers, html, document: parseHTML(html).document };
}

/**
 * fetch, sent once more when a GET fails with ECONNRESET before any answer. Node's fetch keeps an idle connection for
 * about 4 s; the server closes one after 5 s (`keepAliveTimeout`). When the test's own process, which runs the
 * server too, is busy for seconds (a 200 KB page parsed on a loaded machine), the server's timer and the next request
 * fall in the same turn: the request goes out on a socket the server closes in that turn (nodejs/undici#3492,
 * nodejs/node#47130); shown-numbers failed so twice (`fetch failed: read ECONNRESET`). A browser sends an idempotent request again in
 * that case (RFC 9110 §9.2.2), and so does this. Anything else, or a second reset, fails the test.
 */
async function fetchRetryingReset(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if ((init.method ?? "GET").toUpperCase() !== "GET" || code !== "ECONNRESET") throw error;
    return fetch(url, init);
  }
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
