import { Link, useRouteLoaderData, type MetaFunction } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import { ProsePage } from "../components/prose.tsx";
import type { RootData } from "../root.tsx";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Contact", description: `How to reach the ${PRODUCT_NAME} team: feedback, questions about the data, and our services.` });

export default function Contact() {
  const feedbackUrl = useRouteLoaderData<RootData>("root")?.site.feedbackUrl ?? null;
  return (
    <ProsePage title="Contact" intro={`We'd like to hear from you, whether you found a mistake, have a question about a score or want help with your job search.`}>
      <h2>Feedback and questions</h2>
      {feedbackUrl ? (
        <p>
          Use our{" "}
          <a href={feedbackUrl} target="_blank" rel="noopener noreferrer">
            feedback form
          </a>{" "}
          (opens in a new tab). We read every message.
        </p>
      ) : (
        <p>Our feedback form is not available right now. Please come back later, or use one of the waiting-list forms below with your question.</p>
      )}
      <h2>Help with your job search</h2>
      <p>
        <Link to="/waiting-list/career-consultant">Book a Career Consultant</Link> or <Link to="/waiting-list/cv-upgrade">Upgrade Your CV</Link>: leave your
        details and we contact you within 2-3 business days.
      </p>
      <h2>About the data</h2>
      <p>
        Every score is computed from official statistics; the <Link to="/methodology">methodology</Link> explains how, with the sources and their update dates.
      </p>
    </ProsePage>
  );
}
