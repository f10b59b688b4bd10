// Decision 031 (4): the time the sync reads and waits on, injectable so tests never sleep for real.
import { setTimeout as delay } from "node:timers/promises";

export interface SyncClock {
  /** Milliseconds on a clock that only moves forward. */
  now(): number;
  /** Waits `ms`; rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** The current instant, for the calendar day. */
  date(): Date;
}

export const systemClock: SyncClock = {
  now: () => performance.now(),
  sleep: async (ms, signal) => {
    await delay(ms, undefined, signal ? { signal } : undefined);
  },
  date: () => new Date(),
};
