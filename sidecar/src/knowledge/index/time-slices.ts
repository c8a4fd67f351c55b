// Cooperative time slices: a long loop asks `due` or `pause()` so the event loop gets a turn every few milliseconds.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export class TimeSlices {
  private started = performance.now();

  constructor(private readonly sliceMs: number) {}

  /** Whether the current slice has run its time. */
  get due(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  /** Yields to the event loop when the current slice has run its time. */
  async pause(): Promise<void> {
    if (!this.due) return;
    await yieldToEventLoop();
    this.started = performance.now();
  }
}
