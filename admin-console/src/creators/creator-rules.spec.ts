import { creatorFilter, decisionBody, editedSinceDecision, sortIdOf, statusOf } from './creator-rules';

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

  it('sends the decision bodies of docs/api.md', () => {
    expect(decisionBody('approved', 'ignored')).toEqual({ approval_status: 'approved' });
    expect(decisionBody('rejected', '  Please link your TikTok. ')).toEqual({ approval_status: 'rejected', approval_notes: 'Please link your TikTok.' });
    expect(decisionBody('rejected', '   ')).toEqual({ approval_status: 'rejected', approval_notes: null });
  });

  it('marks rejected creators who edited after the decision', () => {
    const base = { approval_status: 'rejected' as const, decided_at: '2025-03-01T10:00:00Z', updated_at: '2025-03-02T10:00:00Z' };
    expect(editedSinceDecision(base)).toBe(true);
    expect(editedSinceDecision({ ...base, updated_at: '2025-03-01T10:00:00Z' })).toBe(false);
    expect(editedSinceDecision({ ...base, decided_at: null })).toBe(false);
    expect(editedSinceDecision({ ...base, approval_status: 'approved' })).toBe(false);
  });
});
