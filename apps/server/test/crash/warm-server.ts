/**
 * A server process started ahead of its turn (the crash tests start a dozen, and loading the server's
 * modules is most of a start on a busy machine): it loads the app's modules, then waits for one line on
 * stdin, the environment to run with (JSON), and runs main.ts as `npm start` would.
 */
import { createInterface } from 'node:readline';

await import('../../src/app');
const lines = createInterface({ input: process.stdin });
const line = await new Promise<string>((resolve) => lines.once('line', resolve));
lines.close();
Object.assign(process.env, JSON.parse(line) as Record<string, string>);
await import('../../src/main');
