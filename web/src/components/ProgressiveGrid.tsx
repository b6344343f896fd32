import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { LIST_CHUNK_SIZE, LIST_PRELOAD_MARGIN } from '../config.ts';
import { APP_TEXTS } from '../texts/app.ts';

interface Props<T> {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string | number;
  label: string;
  chunkSize?: number;
  /** A record to show at once, however far down: rendered, scrolled into view and highlighted (a new one). */
  focusKey?: string | number | undefined;
}

/**
 * A responsive card grid that renders its items in chunks as the user scrolls (an
 * IntersectionObserver watches a sentinel below the grid), so 10,000 records show their first
 * cards at once. Remount it (key) to start again from the first chunk. Memoised: typing in the
 * filter field re-renders the page, and must not re-render thousands of cards per keystroke.
 */
function ProgressiveGridImpl<T>({ items, renderItem, getKey, label, chunkSize = LIST_CHUNK_SIZE, focusKey }: Props<T>) {
  // Enough chunks to hold the focused record.
  const [count, setCount] = useState(() => {
    const at = focusKey === undefined ? -1 : items.findIndex((i) => getKey(i) === focusKey);
    return at < 0 ? chunkSize : Math.ceil((at + 1) / chunkSize) * chunkSize;
  });
  const focused = useRef<HTMLLIElement>(null);
  useEffect(() => {
    focused.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = count < items.length;
  const canObserve = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const el = sentinel.current;
    if (!hasMore || !el || !canObserve) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setCount((c) => c + chunkSize);
      },
      { rootMargin: `0px 0px ${LIST_PRELOAD_MARGIN} 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, canObserve, chunkSize, count]);

  return (
    <>
      <ul className="card-grid" aria-label={label}>
        {items.slice(0, count).map((item) => {
          const key = getKey(item);
          return key === focusKey ? (
            <li key={key} ref={focused} className="is-new">
              {renderItem(item)}
            </li>
          ) : (
            <li key={key}>{renderItem(item)}</li>
          );
        })}
      </ul>
      {hasMore ? (
        canObserve ? (
          <div ref={sentinel} className="grid-sentinel" aria-hidden="true" />
        ) : (
          <div className="grid-more">
            <button type="button" className="btn btn-secondary" onClick={() => setCount((c) => c + chunkSize)}>
              {APP_TEXTS.common.showMore}
            </button>
          </div>
        )
      ) : null}
    </>
  );
}

export const ProgressiveGrid = memo(ProgressiveGridImpl) as typeof ProgressiveGridImpl;
