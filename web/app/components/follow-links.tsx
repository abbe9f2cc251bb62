// "Follow and share" on every country page (docs/product.md §2): the country's Atom feed, the feed of all
// countries, the share image and the badge, as plain links a visitor can see, open and copy.
import { feedPath } from "../../../product/feeds.ts";
import { badgePath, shareCardPath } from "../lib/share.ts";
import { useIntl } from "react-intl";
import { useFormat } from "../i18n/format.ts";

/** The catalogue key of each link, in followLinks' order (country.follow.<key>.text / .note). */
const FOLLOW_KEYS = ["feed", "allFeed", "shareImage", "badge"] as const;

function followLinks(code: string, name: string): Array<{ href: string; text: string; note: string }> {
  return [
    { href: feedPath(code), text: `${name} news feed (Atom)`, note: "updated at each publication" },
    {
      href: feedPath(null),
      text: "All countries (Atom)",
      note: "the changes of every country with a score, in one feed",
    },
    {
      href: shareCardPath(code),
      text: `${name} share image (PNG)`,
      note: "the picture social networks show for this page",
    },
    { href: badgePath(code), text: `${name} badge (SVG)`, note: "the badge to embed on your site" },
  ];
}

export function FollowLinks({ code, name }: { code: string; name: string }) {
  const intl = useIntl();
  const f = useFormat();
  // The country's name in the page's language (English: the name given).
  const local = f.locale === "en" ? name : f.country(code);
  const t = (id: string) => intl.formatMessage({ id: `country.follow.${id}` }, { name: local });
  return (
    <section
      aria-labelledby="follow-title"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="follow-links"
    >
      <h2 id="follow-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {followLinks(code, name).map((l, i) => (
          <li key={l.href}>
            <a href={l.href} className="font-medium text-brand-700 underline underline-offset-2">
              {t(`${FOLLOW_KEYS[i]}.text`)}
            </a>
            <span className="text-slate-700">
              {t("separator")}
              {t(`${FOLLOW_KEYS[i]}.note`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
