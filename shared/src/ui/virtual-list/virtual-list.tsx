import { useCallback, useEffect, useRef, type Key, type ReactNode } from 'react';
import styled from 'styled-components';
import { useVirtualizer } from '@tanstack/react-virtual';

/*
 * Containment: the rows replaced on each scrolled frame restyle and lay out only
 * themselves, never the dialog around the list. The box's height is given; its width comes from
 * its container, so layout and paint containment do not change how it looks.
 */
const Scroller = styled.div`
  overflow-y: auto;
  position: relative;
  contain: layout paint style;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Track = styled.div`
  position: relative;
  width: 100%;
`;

/*
 * Each row is as wide as the track and at least the row height; a row whose texts wrap (a long name at
 * 320 px) is measured and grows, so its layout is contained but not its size.
 */
const Item = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
  contain: layout paint style;
`;

export interface VirtualListProps<T> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** The scrolling box's height in px, with rows of `rowHeight`. */
  height: number;
  /**
   * When given, the box grows with rows taller than `rowHeight` (texts that wrap) up to this height, instead of
   * scrolling a few rows that would all fit.
   */
  maxHeight?: number;
  rowHeight: number;
  /**
   * The item's key. Give a stable function (module level): the virtualizer lays out all items again
   * whenever the key function or the items change, so a new function per render would cost a pass over
   * every item on each scrolled frame.
   */
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Rows rendered beyond the visible ones, so fast scrolling shows no gaps. */
  overscan?: number;
  /** Lets the list take focus so it scrolls by keyboard. */
  focusable?: boolean;
  /** The whole list's length when only part of it is loaded (aria-setsize); default items.length. */
  setSize?: number;
  /**
   * Called whenever a rendered row (overscan included) is within `endThreshold` rows of the last item: a list
   * loaded in pages asks for the next one early enough that scrolling never reaches a row it does not have.
   */
  onEndReached?: () => void;
  endThreshold?: number;
}

/**
 * A list that renders only the rows in view, each at least `rowHeight` high and measured once shown (a row
 * whose texts wrap is taller). Each row keeps its place in the whole list for assistive technology
 * (aria-setsize, aria-posinset).
 */
export function VirtualList<T>({
  items,
  label,
  height,
  maxHeight,
  rowHeight,
  getKey,
  renderItem,
  overscan = 1,
  focusable = false,
  setSize,
  onEndReached,
  endThreshold = 0,
}: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer keeps its layout of all items while these two stay the same function, so
  // a scrolled frame reads only the rows in view instead of walking (and allocating for) all 10,000.
  const getItemKey = useCallback((index: number) => getKey(items[index]), [items, getKey]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  // A row is never lower than the row height (its min-height), also where nothing is laid out (jsdom).
  const measureElement = useCallback((element: Element) => Math.max(rowHeight, element.getBoundingClientRect().height), [rowHeight]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    measureElement,
    overscan,
    // Before the first measurement (and where nothing is measured, as in tests) assume the list's own size.
    initialRect: { width: 0, height },
    getItemKey,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRendered = rows.length ? rows[rows.length - 1].index : -1;
  const nearEnd = lastRendered >= 0 && lastRendered >= items.length - 1 - endThreshold;
  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, items.length, onEndReached]);
  const total = virtualizer.getTotalSize();
  const boxHeight = maxHeight === undefined ? height : Math.min(Math.max(height, total), maxHeight);
  return (
    <Scroller ref={scroller} style={{ height: boxHeight }} role="list" aria-label={label} tabIndex={focusable ? 0 : undefined}>
      <Track style={{ height: total }}>
        {rows.map((row) => (
          <Item
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            role="listitem"
            aria-setsize={setSize ?? items.length}
            aria-posinset={row.index + 1}
            style={{ minHeight: rowHeight, transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index])}
          </Item>
        ))}
      </Track>
    </Scroller>
  );
}
