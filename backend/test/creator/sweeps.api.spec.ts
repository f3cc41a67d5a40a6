import { SchedulerRegistry } from '@nestjs/schedule';
import { createTestApp } from '../helpers/test-app';

describe('The API process sweeps (decision 0861)', () => {
  it('runs the follower reminder, unanswered-message and call digest sweeps on the schedule module, and stops them when the app closes', async () => {
    const t = await createTestApp({
      env: { FOLLOWER_REMINDER_SWEEP_S: '3600', REPLY_SWEEP_S: '3600', CALL_DIGEST_SWEEP_S: '3600' },
    });
    const registry = t.app.get(SchedulerRegistry);
    try {
      expect(registry.getIntervals().sort()).toEqual(['call-digest-sweep', 'follower-reminder-sweep', 'reply-sweep']);
    } finally {
      await t.close();
    }
    expect(registry.getIntervals()).toEqual([]);
  });

  it('schedules no sweep whose period is 0', async () => {
    const t = await createTestApp({
      env: { FOLLOWER_REMINDER_SWEEP_S: '0', REPLY_SWEEP_S: '0', CALL_DIGEST_SWEEP_S: '0' },
    });
    try {
      expect(t.app.get(SchedulerRegistry).getIntervals()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
