import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The name Node gives the threads that run V8's work in the background (concurrent marking above all). */
const V8_HELPER = 'V8Worker';
/** The lowest scheduling priority a thread can take for itself (nice 19). */
const LOWEST = 19;

/** The threads of this process by name (Linux's /proc; none elsewhere). */
function threadsNamed(name: string): number[] {
  let ids: string[];
  try {
    ids = readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  return ids
    .filter((id) => {
      try {
        return readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim() === name;
      } catch {
        return false; // the thread ended meanwhile
      }
    })
    .map(Number);
}

/**
 * Gives V8's helper threads the lowest priority (decision 043). On the one core of the server they
 * took turns with the thread that answers requests while the heap was marked, and answers waited
 * 100–200 ms; now they mark when that thread has nothing to do, and the collection's final pause does
 * what is left. Does nothing where there is no /proc (the threads keep their priority). Returns the
 * threads lowered.
 */
export function lowerV8HelperThreads(): number {
  let lowered = 0;
  for (const id of threadsNamed(V8_HELPER)) {
    try {
      setPriority(id, LOWEST);
      lowered += 1;
    } catch {
      // Ended meanwhile, or refused by the system: it keeps its priority.
    }
  }
  return lowered;
}
