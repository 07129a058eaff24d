import { bucketOf, longTasks, PAGE_MARK } from './trace-tasks';

const page = { pid: 10, tid: 11 };
const spare = { pid: 20, tid: 21 };
const thread = (where: { pid: number; tid: number }) => ({ ph: 'M', name: 'thread_name', cat: '__metadata', ts: 0, ...where, args: { name: 'CrRendererMain' } });
const event = (where: { pid: number; tid: number }, name: string, ts: number, dur: number, tdur = dur) => ({ ph: 'X', cat: 'toplevel', name, ts, dur, tdur, ...where });

describe('longTasks (the long tasks of a Chromium trace)', () => {
  const trace = [
    thread(page),
    thread(spare),
    // A task that took 120 ms of wall time but only 8 ms of the thread's CPU: it waited for a core.
    event(page, 'RunTask', 1_000, 120_000, 8_000),
    // Script that forced a layout: 3 ms of its own, 2 of layout.
    event(page, 'FunctionCall', 1_500, 100_000, 5_000),
    event(page, 'Layout', 50_000, 5_000, 2_000),
    // The same task seen twice (the timeline's RunTask around the toplevel one) counts once.
    event(page, 'ThreadControllerImpl::RunTask', 1_000, 120_000, 8_000),
    // A short task that used the core fully.
    event(page, 'RunTask', 200_000, 30_000, 30_000),
    event(page, 'FunctionCall', 200_100, 29_000, 29_000),
    // An idle spare renderer is not the page.
    event(spare, 'RunTask', 0, 60_000, 1_000),
  ];

  it('reports each task over the threshold in wall time with its CPU time, on the busiest renderer only', () => {
    const reading = longTasks(trace);
    expect(reading.taskCount).toBe(2);
    expect(reading.tasks).toHaveLength(1);
    expect(reading.tasks[0]).toMatchObject({ wall: 120, cpu: 8 });
  });

  it('splits the CPU time by kind using each event’s own time (children taken out)', () => {
    const [task] = longTasks(trace).tasks;
    expect(task.buckets.script).toBeCloseTo(3);
    expect(task.buckets.layout).toBeCloseTo(2);
    expect(task.buckets.other).toBeCloseTo(3);
  });

  it('names the task that used the most CPU, whatever its wall time', () => {
    expect(longTasks(trace).busiest[0]).toMatchObject({ wall: 30, cpu: 30 });
  });

  it('reads the renderer that made the bench’s mark, not a busier one of the browser’s own pages', () => {
    const browserPage = { pid: 30, tid: 31 };
    const marked = [
      ...trace,
      thread(browserPage),
      // The omnibox popup's WebUI evaluating its modules: busier than the page.
      event(browserPage, 'RunTask', 0, 400_000, 90_000),
      { ph: 'R', cat: 'blink.user_timing', name: PAGE_MARK, ts: 300_000, ...page },
    ];
    expect(longTasks(marked).busiest[0]).toMatchObject({ wall: 30, cpu: 30 });
    expect(longTasks(marked.filter((e) => e.name !== PAGE_MARK)).busiest[0]).toMatchObject({ cpu: 90 });
  });

  it.each([
    ['V8.GC_MC_MARK_EMBEDDER_TRACING', 'gc'],
    ['UpdateLayoutTree', 'style'],
    ['LocalFrameView::performLayout', 'layout'],
    ['PaintArtifactCompositor::Update', 'paint'],
    ['EventHandler::handleMouseMoveEvent', 'input'],
    ['FunctionCall', 'script'],
  ] as const)('%s is %s', (name, bucket) => expect(bucketOf(name)).toBe(bucket));
});
