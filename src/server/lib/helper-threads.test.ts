import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const module = fileURLToPath(new URL('./helper-threads.ts', import.meta.url));

/** Each thread of a fresh node process, with its name and nice value, after the module lowered V8's. */
function threadsAfterLowering(): {
  lowered: number;
  threads: { id: number; name: string; nice: number }[];
  pid: number;
} {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    const { lowerV8HelperThreads } = await import(${JSON.stringify(module)});
    const lowered = lowerV8HelperThreads();
    const threads = readdirSync('/proc/self/task').map((id) => {
      const stat = readFileSync('/proc/self/task/' + id + '/stat', 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after the name start at the third (state); nice is the nineteenth.
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      return { id: Number(id), name, nice };
    });
    console.log(JSON.stringify({ lowered, threads, pid: process.pid }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as ReturnType<typeof threadsAfterLowering>;
}

describe("V8's helper threads", () => {
  it('take the lowest priority, and the thread that answers requests keeps its own', () => {
    const { lowered, threads, pid } = threadsAfterLowering();
    const helpers = threads.filter((thread) => thread.name === 'V8Worker');
    expect(helpers.length).toBeGreaterThan(0);
    expect(lowered).toBe(helpers.length);
    expect(helpers.every((thread) => thread.nice === 19)).toBe(true);
    // The process's main thread (its id is the process's), at the priority the process started with.
    const main = threads.find((thread) => thread.id === pid)!;
    expect(main.name).not.toBe('V8Worker');
    expect(main.nice).toBeLessThan(19);
    const others = threads.filter((thread) => thread.name !== 'V8Worker');
    expect(others.every((thread) => thread.nice === main.nice)).toBe(true);
  });
});
