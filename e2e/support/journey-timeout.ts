// A browser journey (sign up, apply, moderate, check the mail) is a dozen page loads; on a busy
// 2-core machine that can pass 30 s without anything being wrong. Waits inside the journeys keep
// their own, shorter limits, so a real hang still fails where it happens.
jest.setTimeout(90_000);
