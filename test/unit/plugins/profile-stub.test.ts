import { deletedUserStub, stubProfileCopies } from '../../../shared/plugins/profile-stub';

describe('stubProfileCopies', () => {
  const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };

  it("replaces every embedded profile of the user, at any depth, and leaves other users' alone", () => {
    const value = {
      from: bob,
      participants: { bob, carol: { userId: 'carol', email: 'carol@example.com' } },
      taggedUserContacts: [{ userId: 'bob', contact: bob, text: '@Bob' }],
      count: 3,
    };
    expect(stubProfileCopies(value, 'bob')).toEqual({
      from: deletedUserStub('bob'),
      participants: { bob: deletedUserStub('bob'), carol: value.participants.carol },
      taggedUserContacts: [{ userId: 'bob', contact: deletedUserStub('bob'), text: '@Bob' }],
      count: 3,
    });
  });

  it('returns the same reference when there is nothing to replace (ids alone, stubs, other users)', () => {
    const value = {
      actionUser: { userId: 'bob' },
      from: deletedUserStub('bob'),
      other: { userId: 'carol', name: 'C' },
    };
    expect(stubProfileCopies(value, 'bob')).toBe(value);
    expect(stubProfileCopies([value, 'text', null], 'bob')).toEqual([value, 'text', null]);
  });
});
