import { spawn } from 'node:child_process';

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

/** Runs one command with inherited output and reports whether it succeeded. */
export function runStep(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<StepResult> {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 }));
    child.on('error', () => resolve({ name, ok: false, seconds: (Date.now() - started) / 1000 }));
  });
}
