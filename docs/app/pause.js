// Waiting for a pause at the table. What the app writes for the next visit (its files kept
// offline, the engine's snapshot) takes the CPU a tap needs: on a two-core machine a tap
// during such a write took two to three times as long. So each write waits until nothing
// has happened for QUIET ms (the page: no tap or key; the engine's worker: no call).

export const QUIET = 2000;

/** Resolves once *last()*, the time of the last thing that happened (performance.now()
 * milliseconds), is QUIET ms behind. */
export async function pause(last) {
  for (let wait = last() + QUIET - performance.now(); wait > 0; wait = last() + QUIET - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
