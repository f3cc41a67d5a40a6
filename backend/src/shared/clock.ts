import { Injectable } from '@nestjs/common';

/** Port for "now", so tests can move time (token expiry, grace periods). */
export abstract class Clock {
  abstract now(): Date;
}

@Injectable()
export class SystemClock extends Clock {
  now() {
    return new Date();
  }
}
