import type { SchedulerRegistry } from '@nestjs/schedule';

/**
 * Runs a sweep every `seconds` in this process (0 or less: never), registered with
 * @nestjs/schedule's registry under `name`: its ScheduleModule clears every registered interval
 * when the application shuts down (decision 0861). The timer does not hold the process open.
 * A sweep reports its own outcome; a rejected one is the sweep's to log.
 */
export function scheduleSweep(
  registry: SchedulerRegistry,
  name: string,
  seconds: number,
  sweep: () => Promise<unknown>,
): void {
  if (seconds <= 0) return;
  const timer = setInterval(() => void sweep(), seconds * 1000);
  timer.unref();
  registry.addInterval(name, timer);
}
