import { attemptResult, eventsText, lastDeliveryText } from './webhook-rules';

describe('webhook texts', () => {
  it('names the events in words', () => {
    expect(eventsText(['creator.listed', 'business.featured'])).toBe('Creator listed, Business featured');
  });

  it('says what an attempt got back: the error, else the status', () => {
    expect(attemptResult({ status_code: 500, error: 'HTTP 500: down' })).toBe('HTTP 500: down');
    expect(attemptResult({ status_code: 204, error: null })).toBe('HTTP 204');
    expect(attemptResult({ status_code: null, error: 'No answer within 5 s' })).toBe('No answer within 5 s');
  });

  it('says when nothing was sent yet', () => {
    expect(lastDeliveryText({ last_attempt: null }, (s) => s)).toBe('Nothing sent yet');
    expect(lastDeliveryText({ last_attempt: { at: 'then', outcome: 'failed' } }, (s) => s)).toBe('Failed · then');
  });
});
