import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalePath } from "../i18n/use-locale.ts";

/** A plain text page (contact, privacy, terms). */
export function ProsePage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:mt-1 [&_p]:mt-3 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5 [&_a]:text-brand-700 [&_a]:underline">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {intro ? <p className="text-lg text-slate-700">{intro}</p> : null}
      {children}
    </article>
  );
}

/** Links for a legal page's rich messages (`{link}` chunks), into the page's language. */
export function useProseLinks(): (path: string) => (chunks: ReactNode[]) => ReactNode {
  const lp = useLocalePath();
  return (path) => (chunks) => <Link to={lp(path)}>{chunks}</Link>;
}
