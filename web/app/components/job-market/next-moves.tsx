// "Your Next Moves" on /job-market/{name}: the advice of /country/{code} (product/advice.ts, market.advice.*) as a
// numbered list, or why there is none.
import { useIntl } from "react-intl";
import type { CountryPageData } from "../../lib/country.server.ts";
import { AdviceTag, NoAdvice, adviceShown } from "../market-advice.tsx";
import { NumberedSteps } from "../page-parts.tsx";
import { useJobMarketText } from "./text.ts";

export function NextMoves({ data }: { data: CountryPageData }) {
  const intl = useIntl();
  const t = useJobMarketText();
  return (
    <section aria-labelledby="moves-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="moves-title" className="mb-3 text-xl font-semibold">
        {t("moves.title")}
      </h2>
      {data.status ? (
        <NumberedSteps
          className="space-y-4"
          testId="advice"
          steps={adviceShown(intl, data.status, data.adviceFacts).map((a) => ({
            title: a.title,
            text: a.text,
            tag: a.tag ? (
              <>
                {" "}
                <AdviceTag>{a.tag}</AdviceTag>
              </>
            ) : undefined,
          }))}
        />
      ) : (
        <NoAdvice paused={data.paused} />
      )}
    </section>
  );
}
