// The methodology page's sections on the model (v2.1, parameters read from the current model): the score in plain
// words, freshness, the two sentiment sources and how everything blends.
import { CURRENT_PARAMS } from "../../../../pipeline/model/current.ts";
import { h2, para, strong, sub, useMethodologyText } from "./text.tsx";

export function PlainWordsSection() {
  const { t } = useMethodologyText();
  return (
    <>
      <h2 className={h2}>{t("plain.title")}</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
        <li>{t("plain.1")}</li>
        <li>{t("plain.2")}</li>
        <li>{t("plain.3")}</li>
        <li>{t("plain.4")}</li>
        <li>{t("plain.5")}</li>
      </ol>
      <p className={para}>{t("plain.after")}</p>
    </>
  );
}

export function FreshnessSection() {
  const { t } = useMethodologyText();
  const hist = CURRENT_PARAMS.freshness.historical;
  const sent = CURRENT_PARAMS.freshness.sentiment;
  return (
    <>
      <h2 className={h2}>{t("fresh.title")}</h2>
      <p className={para}>{t("fresh.intro")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
        <li>{t("fresh.official", { grace: hist.grace, halfLife: hist.halfLife, cutoff: hist.cutoff })}</li>
        <li>{t("fresh.sentiment", { grace: sent.grace, halfLife: sent.halfLife, cutoff: sent.cutoff })}</li>
      </ul>
      <p className={para}>{t("fresh.history")}</p>
    </>
  );
}

export function SentimentSection() {
  const { t, m, n } = useMethodologyText();
  return (
    <>
      <h2 className={h2}>{t("sent.title")}</h2>
      <p className={para}>{t("sent.intro")}</p>
      <dl className="mt-3 space-y-3 text-slate-800" data-testid="sentiment-sources">
        <div>
          <dt className="font-medium">{t("sent.lmb.name")}</dt>
          <dd>{t("sent.lmb.body")}</dd>
        </div>
        <div>
          <dt className="font-medium">{t("sent.eei.name")}</dt>
          <dd>{t("sent.eei.body")}</dd>
        </div>
      </dl>
      <p className={para}>
        {m("sent.blend", {
          table: CURRENT_PARAMS.anchors.S.map(([x, y]) => t("anchor", { input: n(x), score: n(y) })).join(", "),
          sub,
        })}
      </p>
    </>
  );
}

export function BlendSection() {
  const { t, m, n } = useMethodologyText();
  const p = CURRENT_PARAMS;
  return (
    <>
      <h2 className={h2}>{t("blend.title")}</h2>
      <p className={para}>
        {t("blend.weights", {
          u: n(p.weights.U),
          v: n(p.weights.V),
          c: n(p.weights.C),
          m: n(p.weights.M),
          // The official-statistics block's weight: the sum of its inputs' (the table says which).
          block: n(
            p.blocks.historical.reduce((sum, k) => sum + p.weights[k], 0),
            2,
          ),
          s: n(p.weights.S),
        })}
      </p>
      <p className={para}>{m("blend.cover", { strong })}</p>
      <p className={para}>
        {m("blend.shrink", {
          strong,
          neutral: n(p.shrink.neutral),
          base: Math.round(p.shrink.base * 100) / 100,
          cover: Math.round(p.shrink.coverWeight * 100) / 100,
          min: n(p.scale.min),
          max: n(p.scale.max),
        })}
      </p>
    </>
  );
}
