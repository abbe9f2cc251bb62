import { Link, type MetaFunction } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { ProsePage } from "../components/prose.tsx";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Terms", description: `Terms of use of the ${PRODUCT_NAME}.` });

export default function Terms() {
  return (
    <ProsePage title="Terms" intro={`By using the ${PRODUCT_NAME} you agree to these terms.`}>
      <h2>Guidance only</h2>
      <p>
        The scores, texts and advice on this site are for guidance only and are not financial or legal advice. They describe national job markets from
        official statistics and cannot predict your own chances. Decide important steps with the help of a professional.
      </p>
      <h2>Data</h2>
      <p>
        Scores are computed from Eurostat data (Source: Eurostat, © European Union) and, where available, the European Labour Market Barometer (© IAB). We
        show a score only when recent data supports it. How it is made is explained in the <Link to="/methodology">methodology</Link>.
      </p>
      <h2>Community content</h2>
      <p>
        Share only your own experience. No personal data about others, no insults, no advertising. We may hide experiences that break these rules. What you
        share is public and may be shown on the site indefinitely.
      </p>
      <h2>Trademark</h2>
      <p>{PRODUCT_NAME}™ is a trademark. Do not use it in a way that suggests we endorse you or your product.</p>
      <h2>Changes</h2>
      <p>We may update these terms; the version on this page applies.</p>
    </ProsePage>
  );
}
