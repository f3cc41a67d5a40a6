import { actionLabel, changeLabel } from './audit-rules';

describe('audit trail wording', () => {
  it('names the actions', () => {
    expect(actionLabel('approve')).toBe('Approved');
    expect(actionLabel('phone_verified_off')).toBe('Phone verification disabled');
    expect(actionLabel('something_new')).toBe('something_new');
  });
  it('shows the change', () => {
    expect(changeLabel({ from_value: 'pending', to_value: 'rejected' })).toBe('pending → rejected');
    expect(changeLabel({ from_value: null, to_value: 'approved' })).toBe('approved');
    expect(changeLabel({ from_value: null, to_value: null })).toBe('');
  });
});
