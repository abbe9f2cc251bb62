// /brightest-markets and /stormiest-markets serve the canonical ranking pages (docs/product.md: permanent redirect).
import { redirect, type LoaderFunctionArgs } from "react-router";

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = url.pathname.replace(/\/+$/, "").endsWith("brightest-markets") ? "/brightest" : "/stormiest";
  throw redirect(`${target}${url.search}`, 301);
}

export default function RankingAlias() {
  return null;
}
