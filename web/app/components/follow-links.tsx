// "Follow and share" on every country page (docs/product.md §2): the country's Atom feed, the feed of all
// countries, the share image and the badge, as plain links a visitor can see, open and copy.
import { feedPath } from "../../../product/feeds.ts";
import { COUNTRIES } from "../../../pipeline/countries.ts";
import { badgePath, shareCardPath } from "../lib/share.ts";

export function followLinks(code: string, name: string): Array<{ href: string; text: string; note: string }> {
  return [
    { href: feedPath(code), text: `${name} news feed (Atom)`, note: "updated at each publication" },
    { href: feedPath(null), text: `All ${COUNTRIES.length} countries (Atom)`, note: "every country in one feed" },
    { href: shareCardPath(code), text: `${name} share image (PNG)`, note: "the picture social networks show for this page" },
    { href: badgePath(code), text: `${name} badge (SVG)`, note: "the badge to embed on your site" },
  ];
}

export function FollowLinks({ code, name }: { code: string; name: string }) {
  return (
    <section aria-labelledby="follow-title" className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="follow-links">
      <h2 id="follow-title" className="text-lg font-semibold">
        Follow and share
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {followLinks(code, name).map((l) => (
          <li key={l.href}>
            <a href={l.href} className="font-medium text-brand-700 underline underline-offset-2">
              {l.text}
            </a>
            <span className="text-slate-700">: {l.note}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
