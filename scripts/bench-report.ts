import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Figure } from './bench-front-end';

const START = '<!-- front-end figures: written by npm run bench -->';
const END = '<!-- end of front-end figures -->';

/** The 1-minute load average: on a shared machine the timings depend on it as much as on the code. */
export const loadAverage = () => os.loadavg()[0].toFixed(1);

export function machineName(chromiumVersion: string, loadAtStart?: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = Math.round(os.totalmem() / 1024 ** 3);
  const load = loadAtStart === undefined ? '' : `, load average ${loadAtStart} at the start and ${loadAverage()} at the end`;
  return `${cpu}, ${os.cpus().length} cores, ${memory} GB, ${os.platform()} ${os.release()}, Node ${process.version}, headless Chromium ${chromiumVersion}${load}`;
}

const format = (figure: Figure) => `${figure.value.toLocaleString('en')}${figure.unit ? ` ${figure.unit}` : ''}`;

/** The front-end table of docs/benchmarks.md, between its markers; the rest of the document is kept. */
export function frontEndTable(date: string, machine: string, figures: Figure[]): string {
  const rows = figures.map((figure) => `| ${figure.measure} | ${figure.budget} | ${format(figure)} | ${figure.met ? 'yes' : '**no**'} | ${figure.runs} |`);
  return [
    START,
    `Run of ${date} on ${machine}. Medians of the runs shown, each in a fresh browser context.`,
    '',
    '| measure | budget | median | within budget | runs |',
    '|---|---|---|---|---|',
    ...rows,
    END,
  ].join('\n');
}

export function writeFrontEndSection(file: string, machine: string, figures: Figure[]): void {
  const doc = readFileSync(file, 'utf8');
  const table = frontEndTable(new Date().toISOString().slice(0, 10), machine, figures);
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${file} has no front-end markers`);
  writeFileSync(file, doc.slice(0, start) + table + doc.slice(end + END.length));
}
