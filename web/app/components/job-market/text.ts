// The texts of the /job-market/{name} layout (docs/i18n.md): its own messages (job-market.*), and why a country has
// no score in the country page's words (country.noScore.*), both in the page's language.
import { countryPhrase } from "../../../../product/country-phrases.ts";
import { useIntl } from "react-intl";
import type { CountryPageData } from "../../lib/country.server.ts";
import { noScoreReason, type NoScoreReason } from "../../../../product/no-score.ts";
import { useFormat } from "../../i18n/format.ts";

/** A message of the job-market namespace (web/app/i18n/messages/<locale>/job-market.json). */
export function useJobMarketText(): (id: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id: `job-market.${id}` }, values);
}

export interface NoScore {
  reason: NoScoreReason;
  title: string;
  text: string;
}

/** Why the page shows no score (null when it shows one), as the country page's score card says it. */
export function useNoScore(data: CountryPageData): NoScore | null {
  const intl = useIntl();
  const f = useFormat();
  if (data.score !== null) return null;
  const reason = noScoreReason({ asOf: data.asOf, anchorMonth: data.anchorMonth, paused: data.paused });
  return {
    reason,
    title: intl.formatMessage({ id: `country.noScore.${reason}.title` }),
    text: intl.formatMessage(
      { id: `country.noScore.${reason}.text` },
      {
        name: f.country(data.country.code),
        forCountry: countryPhrase(f.locale, data.country.code, "for"),
        period: data.anchorMonth ? f.period(data.anchorMonth) : "",
      },
    ),
  };
}
