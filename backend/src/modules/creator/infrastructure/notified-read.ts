import { FreshRead } from './fresh-read';

/**
 * A hot value that the database announces changes of (LISTEN/NOTIFY): kept in memory while the
 * announcements are known to arrive, read through `FreshRead` otherwise.
 *
 * A value read from the database is kept only if no change was announced between sending its
 * query and its answer (each announcement moves `generation` on), and only while listening.
 * Until a listener is up, after it drops, and after `maxAgeMs` without a read, every reader gets a
 * query of its own (shared as FreshRead shares it), so a lost or delayed announcement can leave
 * the value stale for at most `maxAgeMs`.
 */
export class NotifiedRead<T> {
  private kept: { value: T; generation: number; readAt: number } | null = null;
  private generation = 0;
  private listening = false;
  private readonly fresh: FreshRead<T>;

  constructor(
    query: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.fresh = new FreshRead(query);
  }

  read(): Promise<T> {
    const kept = this.peek();
    if (kept !== undefined) return Promise.resolve(kept);
    const generation = this.generation;
    const readAt = this.now();
    return this.fresh.read().then((value) => {
      if (this.listening && generation === this.generation) this.kept = { value, generation, readAt };
      return value;
    });
  }

  /** The value when it is kept and trusted now, without asking the database; else undefined. */
  peek(): T | undefined {
    const kept = this.kept;
    return this.listening && kept && kept.generation === this.generation && this.now() - kept.readAt < this.maxAgeMs ? kept.value : undefined;
  }

  /** The value may have changed: the next reader asks the database. */
  changed() {
    this.generation++;
  }

  /** Whether announcements are arriving now; either way, the kept value is no longer trusted. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.generation++;
  }
}
