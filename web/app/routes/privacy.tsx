// The privacy notice: what is stored, who reads it, how long it is kept and how to have it deleted, as the code
// does it (api/db/: experiences, waiting_list, contact_messages; api/retention.ts; api/db/rate-limits.ts; the
// request log of api/app.ts). The retention is the server's own setting (JWI_LEADS_RETENTION_DAYS).
import { Link, useRouteLoaderData, type MetaFunction } from "react-router";
import { DELETE_MY_DATA_TOPIC, contactTopicTitle } from "../../../product/options.ts";
import { pageMeta } from "../lib/meta.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { retentionText } from "../../../product/format.ts";
import { ProsePage } from "../components/prose.tsx";
import type { RootData } from "../root.tsx";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Privacy", description: `What the ${PRODUCT_NAME} stores about you, why, and for how long.` });

const DELETE_LINK = `/contact?topic=${DELETE_MY_DATA_TOPIC}`;

export default function Privacy() {
  const days = useRouteLoaderData<RootData>("root")?.site.leadsRetentionDays;
  const kept = days === undefined ? "for a limited time" : `for ${retentionText(days)}`;
  return (
    <ProsePage title="Privacy" intro="You can read everything on this site without an account and without being tracked.">
      <h2>What we don't do</h2>
      <ul>
        <li>No advertising, no tracking cookies, no third-party analytics, no fonts or scripts loaded from other sites.</li>
        <li>No sign-up: visitors are anonymous.</li>
        <li>We never sell or share what you send us.</li>
      </ul>

      <h2>Messages you send us</h2>
      <p>
        When you write to us through the <Link to="/contact">contact form</Link> we store your name, email address, the topic you chose and your message,
        with the time, and later whether we have dealt with it. Only our operator reads messages, in the operator area of this site, and uses them only to
        answer you. They are never shown on the public pages.
      </p>

      <h2>Waiting-list requests</h2>
      <p>
        When you join a waiting list we store your name, email address, optional phone number, message and the service you chose, with the time. Only our
        operator sees them, and uses them only to contact you about that service. They are never shown on the public pages or shared with anyone else.
      </p>

      <h2>How long we keep them</h2>
      <p data-testid="retention">
        Messages and waiting-list requests are kept {kept} after they arrive and then deleted automatically, or earlier when you ask us to. The operator may
        export them to a spreadsheet file to work through them; such copies are deleted once they are no longer needed.
      </p>

      <h2>Experiences you share</h2>
      <p>
        When you share a job-search experience we store the country, role family, seniority, residency, whether you speak the local language, your mood and
        your comment, with the time. We don't ask for your name or email, so an experience is not linked to you. Experiences are public on the country page
        and stay there; we hide ones that break our <Link to="/terms">terms</Link>. A hidden experience is no longer shown anywhere, but stays in our database.
      </p>

      <h2>Having your data deleted</h2>
      <p>
        Use the <Link to={DELETE_LINK}>contact form</Link> with the topic “{contactTopicTitle(DELETE_MY_DATA_TOPIC)}”. Write from the email address you used,
        or tell us the country, date and text of an experience you shared. We then delete your messages and waiting-list requests, hide the experience from
        the site, and confirm it by email. Your deletion request itself is kept like any other message.
      </p>

      <h2>What the operator's actions leave behind</h2>
      <p>
        Every time the operator lists, exports, marks or deletes messages and requests, the operator area records that it happened, with the topic or
        service and how many, never your name, address or message.
      </p>

      <h2>Technical data</h2>
      <p>
        To protect the forms against abuse, the server counts requests per network address for a short time: it stores a keyed fingerprint of the address, never the address itself, and the counter expires with its time window. Server logs record the method, the page
        asked for without its query string, the answer's status and its time: no network address and nothing of what you submit. The only cookie we set is
        the operator's sign-in cookie, never for visitors.
      </p>
    </ProsePage>
  );
}
