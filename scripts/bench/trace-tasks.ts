/**
 * Reads a Chromium trace (Playwright's `browser.startTracing`/`stopTracing`) for the long tasks of the
 * page's main thread (the busiest renderer's): each task over the threshold with its wall time, the thread's own CPU time
 * within it (a task much longer than its CPU time waited for a core: the machine's load, not the page),
 * and where its time went (script, style, layout, paint, GC, other), by the deepest event at each moment.
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export type Bucket = 'script' | 'style' | 'layout' | 'paint' | 'input' | 'gc' | 'parse' | 'other';

const GC = /GC|Scavenge|MarkCompact|Sweep/;
export function bucketOf(name: string): Bucket {
  if (GC.test(name)) return 'gc';
  if (/UpdateStyle|[Rr]ecalcStyle|UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|StyleInvalidator/.test(name)) return 'style';
  if (/performLayout|^Layout|UpdateLayout|InvalidateLayout|ShapeText|LayoutNG/.test(name)) return 'layout';
  if (/Paint|Layerize|UpdateLayer|Composit|^Commit|Raster|ScrollLayer|Decode/.test(name)) return 'paint';
  if (/HitTest|MouseMove|handleMouse|EventHandler|InputLatency/.test(name)) return 'input';
  if (/^(ParseHTML|v8\.compile|V8\.Compile|CompileScript|v8\.parse|V8\.Parse)/.test(name)) return 'parse';
  if (/^(FunctionCall|EvaluateScript|v8\.|V8\.|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|XHRReadyStateChange|FireIdleCallback)/.test(name)) return 'script';
  return 'other';
}

/** A task of the main thread: RunTask with the timeline's categories, ThreadControllerImpl::RunTask with only 'toplevel'. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export interface LongTask {
  /** Start, ms after the first task of the window. */
  at: number;
  wall: number;
  /** The main thread's CPU time during the task. */
  cpu: number;
  buckets: Record<Bucket, number>;
  /** The events with the most self time in it. */
  top: Array<[string, number]>;
}

const emptyBuckets = (): Record<Bucket, number> => ({ script: 0, style: 0, layout: 0, paint: 0, input: 0, gc: 0, parse: 0, other: 0 });

/**
 * CPU self time per event name among the events nested in a task on one thread (sorted by start, longer
 * first): nesting by wall time, sizes by the thread's CPU time (tdur), so waiting for a core counts nowhere.
 */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  const self = new Map<string, number>();
  const stack: Array<{ event: TraceEvent; end: number; child: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const { event, child } = stack.pop()!;
      const cpu = event.tdur ?? event.dur!;
      self.set(event.name, (self.get(event.name) ?? 0) + Math.max(0, cpu - child));
      if (stack.length) stack[stack.length - 1].child += cpu;
    }
  };
  for (const event of events) {
    close(event.ts);
    stack.push({ event, end: event.ts + event.dur!, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

export interface TaskReading {
  /** Tasks over the threshold in wall time. */
  tasks: LongTask[];
  /** The tasks that took the main thread's CPU longest, whatever their wall time. */
  busiest: LongTask[];
  /** CPU time of all tasks, per kind. */
  total: Record<Bucket, number>;
  taskCount: number;
  wall: number;
  cpu: number;
}

/**
 * A `performance.mark` the bench makes in the page under test before it stops tracing (category `blink.user_timing`):
 * it names the page's renderer. Chromium's own pages have renderers too, and one of them (the omnibox popup's
 * WebUI, about 60–100 ms of module evaluation) was at times busier than the page and read as the page's long task.
 */
export const PAGE_MARK = 'deck-bench-page';

export function longTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[], threshold = 50): TaskReading {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  // The page under test is the renderer that made the bench's mark; without one, the renderer whose main thread
  // was busiest (others are idle spares).
  const marked = events.find((event) => event.name === PAGE_MARK && mains.has(`${event.pid}:${event.tid}`));
  const busy = new Map<string, number>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph === 'X' && TASK_NAMES.has(event.name) && mains.has(thread)) busy.set(thread, (busy.get(thread) ?? 0) + event.dur!);
  }
  const page = marked ? `${marked.pid}:${marked.tid}` : [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && `${event.pid}:${event.tid}` === page)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = onMain.filter((event) => TASK_NAMES.has(event.name));
  // Nested RunTasks (a nested run loop) count once, as the outer one.
  const outer: TraceEvent[] = [];
  for (const task of tasks) if (!outer.length || task.ts >= outer[outer.length - 1].ts + outer[outer.length - 1].dur!) outer.push(task);
  const origin = outer[0]?.ts ?? 0;
  const total = emptyBuckets();
  const long: LongTask[] = [];
  const all: LongTask[] = [];
  let cursor = 0;
  for (const task of outer) {
    const end = task.ts + task.dur!;
    while (cursor < onMain.length && onMain[cursor].ts < task.ts) cursor += 1;
    const inside: TraceEvent[] = [];
    for (let index = cursor; index < onMain.length && onMain[index].ts < end; index += 1) inside.push(onMain[index]);
    const self = selfTimes(inside);
    const buckets = emptyBuckets();
    for (const [name, time] of self) buckets[bucketOf(name)] += time / 1000;
    for (const bucket of Object.keys(total) as Bucket[]) total[bucket] += buckets[bucket];
    const reading: LongTask = {
      at: (task.ts - origin) / 1000,
      wall: task.dur! / 1000,
      cpu: (task.tdur ?? task.dur!) / 1000,
      buckets,
      top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, time]) => [name, time / 1000]),
    };
    all.push(reading);
    if (reading.wall >= threshold) long.push(reading);
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    tasks: long,
    busiest: [...all].sort((a, b) => b.cpu - a.cpu).slice(0, 5),
    total,
    taskCount: outer.length,
    wall: sum(all.map((task) => task.wall)),
    cpu: sum(all.map((task) => task.cpu)),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function describeLongTasks({ tasks, busiest, total, taskCount, wall, cpu }: TaskReading): string {
  const buckets = (record: Record<Bucket, number>) =>
    (Object.entries(record) as Array<[Bucket, number]>)
      .filter(([, time]) => time >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(([bucket, time]) => `${bucket} ${ms(time)}`)
      .join(', ');
  const line = (task: LongTask) =>
    `  at ${ms(task.at)}: wall ${ms(task.wall)}, main thread's CPU ${ms(task.cpu)} — ${buckets(task.buckets)}; most: ${task.top.map(([name, time]) => `${name} ${ms(time)}`).join(', ')}`;
  return [
    `${taskCount} main-thread tasks, wall ${ms(wall)}, CPU ${ms(cpu)}; CPU by kind: ${buckets(total)}`,
    `${tasks.length} over the threshold in wall time:`,
    ...tasks.map(line),
    'the most CPU in one task:',
    ...busiest.map(line),
  ].join('\n');
}
