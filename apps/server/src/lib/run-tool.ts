import { spawn } from 'node:child_process';

/** A tool the work needs (ffmpeg, ffprobe) is not on this machine: retrying will not help until someone installs it. */
export class MissingToolError extends Error {}

/**
 * Runs a command to completion without a shell. Rejects with the end of its stderr when it fails;
 * the signal kills it (ffmpeg on a long video must stop when its job times out or the server stops).
 */
export function runTool(
  command: string,
  args: string[],
  opts: { signal?: AbortSignal } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < 1_000_000) stdout += d;
    });
    // Only the tail matters for an error message; ffmpeg can print a lot.
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new MissingToolError(`${command} is not installed on the server`));
      else reject(err);
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else {
        const last = stderr.trim().split('\n').slice(-3).join(' ').slice(-500);
        reject(new Error(`${command} failed (${signal ?? `exit ${code}`})${last ? `: ${last}` : ''}`));
      }
    });
  });
}
