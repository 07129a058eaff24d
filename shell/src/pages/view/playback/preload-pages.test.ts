import { preloadPages } from './preload-pages';

describe('preloadPages', () => {
  it('makes every page in order and reports progress after each', async () => {
    const made: number[] = [];
    const progress: number[] = [];
    const urls = await preloadPages(
      4,
      async (page) => {
        made.push(page);
        return `blob:page-${page}`;
      },
      (value) => progress.push(value),
      new AbortController().signal,
      new Map(),
    );
    expect(urls).toEqual(['blob:page-1', 'blob:page-2', 'blob:page-3', 'blob:page-4']);
    expect(made).toEqual([1, 2, 3, 4]);
    expect(progress).toEqual([0, 25, 50, 75, 100]);
  });

  it('reuses pages already made, such as the preview', async () => {
    const render = jest.fn(async (page: number) => `blob:new-${page}`);
    const cache = new Map([[1, 'blob:preview']]);
    const urls = await preloadPages(2, render, () => {}, new AbortController().signal, cache);
    expect(urls).toEqual(['blob:preview', 'blob:new-2']);
    expect(render).toHaveBeenCalledTimes(1);
    expect(cache.get(2)).toBe('blob:new-2');
  });

  it('stops when aborted, keeping the pages made so far', async () => {
    const controller = new AbortController();
    const cache = new Map<number, string>();
    const render = async (page: number) => {
      if (page === 2) controller.abort();
      return `blob:${page}`;
    };
    await expect(preloadPages(5, render, () => {}, controller.signal, cache)).rejects.toMatchObject({ name: 'AbortError' });
    expect([...cache.keys()]).toEqual([1, 2]);
  });

  it('fails with the error of the page that could not be made', async () => {
    const render = async (page: number) => {
      if (page === 3) throw new Error('Canvas is not available');
      return `blob:${page}`;
    };
    await expect(preloadPages(4, render, () => {}, new AbortController().signal, new Map())).rejects.toThrow('Canvas is not available');
  });

  it('is done at once for a document without pages', async () => {
    const progress: number[] = [];
    await expect(preloadPages(0, jest.fn(), (value) => progress.push(value), new AbortController().signal, new Map())).resolves.toEqual([]);
    expect(progress).toEqual([100]);
  });
});
