import { CALL_ANSWER_LIMITS, CALL_ANSWER_MSG, validateCallAnswer } from './call-answers';

describe('validateCallAnswer', () => {
  it('takes a trimmed note of 1 to noteMax characters, line breaks and all', () => {
    expect(validateCallAnswer({ note: '  Hi!\nI film brunch.  ' })).toEqual({
      ok: true,
      value: { note: 'Hi!\nI film brunch.' },
    });
    const longest = '😀'.repeat(CALL_ANSWER_LIMITS.noteMax);
    expect(validateCallAnswer({ note: longest })).toEqual({ ok: true, value: { note: longest } });
  });

  it.each<[string, unknown, string]>([
    ['nothing', undefined, CALL_ANSWER_MSG.noteRequired],
    ['no note', {}, CALL_ANSWER_MSG.noteRequired],
    ['a blank note', { note: ' \n\t ' }, CALL_ANSWER_MSG.noteRequired],
    ['a number', { note: 7 }, CALL_ANSWER_MSG.noteRequired],
    ['a note too long', { note: 'a'.repeat(CALL_ANSWER_LIMITS.noteMax + 1) }, CALL_ANSWER_MSG.noteTooLong],
  ])('refuses %s on the note field', (_, input, message) => {
    const failure = { field: 'note', message };
    expect(validateCallAnswer(input)).toEqual({ ok: false, error: failure, errors: [failure] });
  });
});
