import { DecodeSlots } from './decode-slots';

describe('DecodeSlots', () => {
  it('runs at most `size` at once, the others in arrival order, and frees a slot after a failure', async () => {
    const slots = new DecodeSlots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number, fail = false) =>
      slots.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        order.push(i);
        if (fail) throw new Error(`job ${i} failed`);
        return i;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4), job(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(slots.state).toEqual({ running: 0, waiting: 0 });
    expect(slots.peaks).toEqual({ running: 2, waiting: 3 });
    slots.resetPeaks();
    expect(slots.peaks).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a size below one', () => {
    expect(() => new DecodeSlots(0)).toThrow();
  });
});
