// Every unknown path: the 404 page with status 404 (docs/product.md §2; docs/product.md: no catch-all ranking route).
import { data, type MetaFunction } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import { intlOf } from "../i18n/meta-intl.ts";
import { PageNotFound } from "../components/not-found.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: intlOf(args.matches).formatMessage({ id: "common.notFound.title" }), noindex: true });

export default function NotFound() {
  return <PageNotFound />;
}
