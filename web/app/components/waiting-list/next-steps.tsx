// The waiting-list page's aside: what happens after a request, in three numbered steps.
import { NumberedSteps } from "../page-parts.tsx";
import { useWaitingListText } from "./use-waiting-list-form.ts";

export function NextSteps() {
  const t = useWaitingListText();
  return (
    <aside aria-labelledby="next-title" className="h-fit rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="next-title" className="text-xl font-semibold">
        {t("next.title")}
      </h2>
      <NumberedSteps
        className="mt-4 space-y-4"
        steps={[1, 2, 3].map((step) => ({ title: t(`next.${step}.title`), text: t(`next.${step}.body`) }))}
      />
      <p className="mt-6 flex items-center gap-2 text-sm text-slate-700"></p>
    </aside>
  );
}
