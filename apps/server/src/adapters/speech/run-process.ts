import { spawn } from 'node:child_process';

// One child process fed through stdin and read from stdout, in memory: the audio never touches the disk.

export type ProcessResult = { code: number | null; stdout: Buffer; stderr: string };

/** Runs `command args`, writes `input` to its stdin, collects stdout; killed when `signal` aborts. */
export function runProcess(
  command: string,
  args: string[],
  input: Buffer,
  signal: AbortSignal,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    // Only the tail of stderr is kept: decoders can be chatty, and it is shown to no one but a developer.
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: err }));
    // A process that exits before reading all of its input closes the pipe: not an error of ours.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
