// Decision 031 (4): request starts spaced EDGAR_REQUEST_INTERVAL_MS apart. One pacer serves the whole process
// (the command and the in-app schedule alike), so two syncs at once still stay within EDGAR's 10 a second.
import { EDGAR_REQUEST_INTERVAL_MS, nextRequestStart } from "~/core/formd/edgar-pacing";
import { type SyncClock, systemClock } from "./sync-clock.server";

export class EdgarPacer {
  private lastStart: number | null = null;

  constructor(
    private readonly clock: SyncClock = systemClock,
    private readonly interval = EDGAR_REQUEST_INTERVAL_MS,
  ) {}

  /** Resolves when the caller may send its request; each caller gets its own slot, in call order. */
  async take(signal?: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const start = nextRequestStart(this.lastStart, now, this.interval);
    this.lastStart = start;
    if (start > now) await this.clock.sleep(start - now, signal);
  }
}

/** The process's pacer (the clock is the system's). */
export const processPacer = new EdgarPacer();
