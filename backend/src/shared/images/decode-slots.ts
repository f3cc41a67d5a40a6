/**
 * At most `size` holders at once; the others wait in arrival order. Decoding an image takes a
 * CPU core (and memory) for a while: bounding how many run at once keeps the rest of the API,
 * sign-ins above all, answering while uploads arrive.
 */
export class DecodeSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  private most = { running: 0, waiting: 0 };

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`DecodeSlots needs a size of at least 1, not ${size}`);
  }

  /** How many run now and how many wait (for tests and logs). */
  get state() {
    return { running: this.busy, waiting: this.waiting.length };
  }

  /** The most that ran at once and the most that waited, since `resetPeaks` (for tests). */
  get peaks() {
    return { ...this.most };
  }

  resetPeaks() {
    this.most = { running: this.busy, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy < this.size) this.busy++;
    // A released slot passes straight to the next waiter, so `busy` stays counted for it.
    else {
      const turn = new Promise<void>((resolve) => this.waiting.push(resolve));
      this.most.waiting = Math.max(this.most.waiting, this.waiting.length);
      await turn;
    }
    this.most.running = Math.max(this.most.running, this.busy);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
