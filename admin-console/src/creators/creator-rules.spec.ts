import {
  creatorFilter,
  decisionBody,
  editedSinceDecision,
  notesBlockApproval,
  rejectConfirmText,
  sortIdOf,
  statusOf,
} from './creator-rules';

describe('creator screens', () => {
  it('builds the /admin/all server filter', () => {
    expect(creatorFilter('', 'all')).toEqual({});
    expect(creatorFilter('  tremont ', 'all')).toEqual({ q: 'tremont' });
    expect(creatorFilter('', 'approved')).toEqual({ approval_status: 'approved' });
    expect(creatorFilter('Food', 'pending')).toEqual({ q: 'Food', approval_status: 'pending' });
  });

  it('reads the status back from a URL filter', () => {
    expect(statusOf({ approval_status: 'rejected' })).toBe('rejected');
    expect(statusOf({ approval_status: 'nonsense' })).toBe('all');
    expect(statusOf({})).toBe('all');
  });

  it('maps a sort to its option', () => {
    expect(sortIdOf({ field: 'updated_at', order: 'DESC' })).toBe('updated');
    expect(sortIdOf({ field: 'id', order: 'ASC' })).toBe('newest');
  });

  it('sends the decision bodies of docs/api.md, with the version shown', () => {
    expect(decisionBody('approved', '', 3)).toEqual({ approval_status: 'approved', version: 3 });
    expect(decisionBody('rejected', '  Please link your TikTok. ', 3)).toEqual({
      approval_status: 'rejected',
      approval_notes: 'Please link your TikTok.',
      version: 3,
    });
    expect(decisionBody('rejected', '   ', 4)).toEqual({
      approval_status: 'rejected',
      approval_notes: null,
      version: 4,
    });
  });

  it('holds Approve back while notes are typed (they go with a rejection)', () => {
    expect(notesBlockApproval('Welcome!')).toBe(true);
    expect(notesBlockApproval('   ')).toBe(false);
  });

  it('says what a rejection does before it is sent', () => {
    const live = {
      full_name: 'Maya Brooks',
      approval_status: 'approved' as const,
      is_public: true,
      phone_verified: true,
    };
    expect(rejectConfirmText(live, 'Fake followers')).toEqual({
      title: 'Reject Maya Brooks?',
      body: 'They are live in the directory: rejecting takes them off it at once. They will be e-mailed your notes.',
      confirm: 'Reject',
    });
    expect(
      rejectConfirmText({ ...live, approval_status: 'pending', is_public: false, phone_verified: false }, '').body,
    ).toBe('They will be e-mailed that the application was not approved (no notes).');
    expect(rejectConfirmText({ ...live, phone_verified: false }, '').body).toMatch(
      /^Rejecting removes their approval\. /,
    );
  });

  it('marks rejected creators who edited after the decision', () => {
    const base = {
      approval_status: 'rejected' as const,
      decided_at: '2025-03-01T10:00:00Z',
      updated_at: '2025-03-02T10:00:00Z',
    };
    expect(editedSinceDecision(base)).toBe(true);
    expect(editedSinceDecision({ ...base, updated_at: '2025-03-01T10:00:00Z' })).toBe(false);
    expect(editedSinceDecision({ ...base, decided_at: null })).toBe(false);
    expect(editedSinceDecision({ ...base, approval_status: 'approved' })).toBe(false);
  });
});
