import { spawn } from 'node:child_process';

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

export interface StepOptions {
  /**
   * Keeps the step's output and prints it in one block when it ends: for steps that run beside others
   * (scripts/test.ts), whose lines would otherwise interleave.
   */
  buffered?: boolean;
  /**
   * Runs the step at a lower CPU priority (a niceness, 0–19): it then takes what the steps at normal priority
   * leave idle, instead of slowing them (scripts/test.ts: the browser tests keep their pace beside the rest).
   */
  niceness?: number;
}

/** Runs one command and reports whether it succeeded; its output is inherited, or printed whole at the end when buffered. */
export function runStep(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, { buffered = false, niceness = 0 }: StepOptions = {}): Promise<StepResult> {
  const started = Date.now();
  const header = `\n=== ${name}: ${command} ${args.join(' ')}`;
  if (!buffered) console.log(header);
  return new Promise((resolve) => {
    // `nice` starts the command at its priority before it runs anything, so every process it starts inherits it.
    const lowered = niceness > 0 && process.platform !== 'win32';
    const file = lowered ? 'nice' : command;
    const argv = lowered ? ['-n', String(niceness), command, ...args] : args;
    const child = spawn(file, argv, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (ok: boolean) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered) {
        console.log(header);
        process.stdout.write(Buffer.concat(output));
        console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} after ${seconds.toFixed(0)} s`);
      }
      resolve({ name, ok, seconds });
    };
    child.on('close', (code) => done(code === 0));
    child.on('error', () => done(false));
  });
}
