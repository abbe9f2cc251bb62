import { Link, useRouteLoaderData, type MetaFunction } from "react-router";
import { DELETE_MY_DATA_TOPIC } from "../../../product/options.ts";
import { pageMeta } from "../lib/meta.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { retentionText } from "../../../product/format.ts";
import { ProsePage } from "../components/prose.tsx";
import type { RootData } from "../root.tsx";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Terms", description: `Terms of use of the ${PRODUCT_NAME}.` });

export default function Terms() {
  const days = useRouteLoaderData<RootData>("root")?.site.leadsRetentionDays;
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
        share is public and may be shown on the site indefinitely, unless you ask us to remove it through the{" "}
        <Link to={`/contact?topic=${DELETE_MY_DATA_TOPIC}`}>contact form</Link>.
      </p>
      <h2>Messages and waiting lists</h2>
      <p>
        Messages sent through the <Link to="/contact">contact form</Link> and waiting-list requests are read only by our operator, who uses them to answer
        you or to contact you about the service you chose. They are deleted {days === undefined ? "after a limited time" : `${retentionText(days)} after they arrive`}, or sooner when you ask (see{" "}
        <Link to="/privacy">Privacy</Link>). Please don't send sensitive information such as health details or identity numbers. Sending many messages in a
        short time is refused for a while.
      </p>
      <h2>Trademark</h2>
      <p>{PRODUCT_NAME}™ is a trademark. Do not use it in a way that suggests we endorse you or your product.</p>
      <h2>Changes</h2>
      <p>We may update these terms; the version on this page applies.</p>
    </ProsePage>
  );
}
