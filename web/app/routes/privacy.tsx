import { Link, type MetaFunction } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { ProsePage } from "../components/prose.tsx";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Privacy", description: `What the ${PRODUCT_NAME} stores about you, why, and for how long.` });

export default function Privacy() {
  return (
    <ProsePage title="Privacy" intro="You can read everything on this site without an account and without being tracked.">
      <h2>What we don't do</h2>
      <ul>
        <li>No advertising, no tracking cookies, no third-party analytics, no fonts or scripts loaded from other sites.</li>
        <li>No sign-up: visitors are anonymous.</li>
      </ul>
      <h2>Experiences you share</h2>
      <p>
        When you share a job-search experience we store the country, role family, seniority, residency, whether you speak the local language, your mood and
        your comment, with the time. We don't ask for your name. Experiences are public on the country page; we may hide ones that break our{" "}
        <Link to="/terms">terms</Link>.
      </p>
      <h2>Waiting-list requests</h2>
      <p>
        When you join a waiting list we store your name, e-mail address, optional phone number, message and the service you chose. Only our operator can see
        them, and we use them only to contact you about that service. They are never shown on the site or shared with anyone else. Ask us through the{" "}
        <Link to="/contact">contact page</Link> to have your request deleted.
      </p>
      <h2>Technical data</h2>
      <p>
        To protect the forms against abuse, the server counts requests per network address for a short time, in memory. Server logs record requests without
        the content of what you submit. The only cookie we set is the operator's sign-in cookie, never for visitors.
      </p>
    </ProsePage>
  );
}
