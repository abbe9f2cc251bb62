// What the two lead lists share (leads.tsx): the page size, the download, the toolbar, the delete that asks once
// more, the list state (first page, Load more, export, one pending action per item), and the list's buttons.
import { useEffect, useState, type ReactNode } from "react";
import type { LeadPage } from "../../lib/admin-api.ts";
import { notify } from "../../lib/toast.ts";
import { useOperator } from "./operator-context.tsx";
import { button } from "./ui.tsx";

const PAGE = 50;
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Saves a downloaded file under the server's name (the browser's own download, no new tab). */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Filters and buttons above a list. */
export function Toolbar({ children }: { children: ReactNode }) {
  return <div className="mb-3 flex flex-wrap items-center gap-2">{children}</div>;
}

/** "Delete" that asks once more before it deletes for good. */
export function DeleteButton({ what, onDelete, busy }: { what: string; onDelete: () => void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={button.small}
        onClick={() => setAsking(true)}
        disabled={busy}
        aria-label={`Delete ${what}`}
      >
        Delete
      </button>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`${button.small} border-red-300 text-red-800 hover:bg-red-50`}
        onClick={() => {
          setAsking(false);
          onDelete();
        }}
        disabled={busy}
      >
        Delete for good
      </button>
      <button type="button" className={button.small} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/**
 * The state both lead lists share: the first page (again whenever `filterKey` changes or Refresh is pressed),
 * "Load more", the CSV export of the same selection and one pending action per item.
 */
export function useLeadList<T extends { id: number }>(opts: {
  filterKey: string;
  load: (limit: number, offset?: number) => Promise<LeadPage<T>>;
  exportFile: () => Promise<{ blob: Blob; fileName: string }>;
  /** "request"/"requests": the words of counts and messages. */
  noun: readonly [string, string];
  onRetention: (days: number) => void;
}) {
  const op = useOperator();
  const [items, setItems] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [pending, setPending] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const [one, many] = opts.noun;

  useEffect(() => {
    let live = true;
    opts
      .load(PAGE)
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setTotal(page.total);
        opts.onRetention(page.retention_days);
        setError(null);
      })
      .catch((err: unknown) => {
        if (live) setError(op.failed(err, `Could not load the ${many}`));
      });
    return () => {
      live = false;
    };
    // The filter is what filterKey spells: a new filter or Refresh loads the first page again.
  }, [opts.filterKey, reload]);

  async function more() {
    if (!items) return;
    setLoadingMore(true);
    try {
      const page = await opts.load(PAGE, items.length);
      setItems([...items, ...page.items]);
      setTotal(page.total);
    } catch (err) {
      op.failed(err, `Could not load more ${many}`);
    } finally {
      setLoadingMore(false);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, fileName } = await opts.exportFile();
      save(blob, fileName);
      void notify("success", "CSV exported", `${fileName} · ${plural(total, one, many)}`);
      op.acted();
    } catch (err) {
      op.failed(err, "CSV export failed");
    } finally {
      setExporting(false);
    }
  }

  /** Runs one item's action (the item's buttons are disabled meanwhile); `failed` is the toast's title. */
  async function act(item: T, action: () => Promise<void>, failed: string) {
    setPending(item.id);
    try {
      await action();
      op.acted();
    } catch (err) {
      op.failed(err, failed);
    } finally {
      setPending(null);
    }
  }

  /** Takes an item out of the list (deleted, or no longer matching the filter). */
  function drop(id: number) {
    setItems((list) => list?.filter((x) => x.id !== id) ?? null);
    setTotal((t) => t - 1);
  }

  const refresh = () => setReload((n) => n + 1);
  return { items, setItems, total, error, loadingMore, exporting, pending, more, exportCsv, act, drop, refresh };
}

/** Export CSV and Refresh, at the end of a list's toolbar. */
export function ListButtons({
  exporting,
  onExport,
  onRefresh,
}: {
  exporting: boolean;
  onExport: () => void;
  onRefresh: () => void;
}) {
  return (
    <>
      <button type="button" className={button.secondary} onClick={onExport} disabled={exporting}>
        {exporting ? "Exporting..." : "Export CSV"}
      </button>
      <button type="button" className={button.small} onClick={onRefresh}>
        Refresh
      </button>
    </>
  );
}

/** "Load more" while the server holds more than the list shows. */
export function LoadMore({
  shown,
  total,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onMore: () => void;
}) {
  if (shown >= total) return null;
  return (
    <button type="button" className={`${button.small} mt-3`} onClick={onMore} disabled={loading}>
      {loading ? "Loading..." : "Load more"}
    </button>
  );
}
