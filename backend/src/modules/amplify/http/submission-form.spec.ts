import { MSG } from '@local-creators/common';
import { readSubmissionForm, readTypeOfHelp } from './submission-form';

describe('readTypeOfHelp', () => {
  it.each([
    [undefined, []],
    [null, []],
    ['', []],
    ['  ', []],
    ['Event promotion', ['Event promotion']],
    ['["Event promotion","Other"]', ['Event promotion', 'Other']],
    ['[]', []],
    [
      ['Event promotion', 'Other'],
      ['Event promotion', 'Other'],
    ],
    [['Other', ''], ['Other']],
  ])('reads %j as %j', (raw, list) => {
    expect(readTypeOfHelp(raw)).toEqual(list);
  });

  it('leaves other shapes to the validator', () => {
    expect(readTypeOfHelp(42)).toBe(42);
    expect(readTypeOfHelp({ a: 1 })).toEqual({ a: 1 });
  });

  it('refuses broken JSON with the spec-style message', () => {
    expect(() => readTypeOfHelp('["Other"')).toThrow(MSG.typeOfHelpUnknown);
  });
});

describe('readSubmissionForm', () => {
  it('separates the honeypot from the fields', () => {
    expect(
      readSubmissionForm({ business_name: 'B', company_website: 'http://spam.test', type_of_help: 'Other' }),
    ).toEqual({
      fields: { business_name: 'B', type_of_help: ['Other'] },
      honeypot: 'http://spam.test',
    });
  });

  it('takes a body without a prototype (as a multipart form gives) or no body at all', () => {
    const body = Object.assign(Object.create(null), { business_name: 'B' });
    expect(readSubmissionForm(body).fields).toEqual({ business_name: 'B', type_of_help: [] });
    expect(readSubmissionForm(undefined)).toEqual({ fields: { type_of_help: [] }, honeypot: undefined });
    expect(readSubmissionForm(['x']).fields).toEqual({ type_of_help: [] });
  });
});
