import { incarnationEntry } from '../../../shared/db/incarnations';
import { erasingEarlierIncarnation, fenceEntry, isFenced } from '../../../shared/plugins/fence';

const [organizationId, documentId] = ['org-1', 'doc-1'];
const entry = incarnationEntry(organizationId, documentId);
const target = { organizationId, documentId };

describe('erasingEarlierIncarnation', () => {
  it('holds for a document re-created while an earlier incarnation is fenced, and not for the current one', () => {
    const caller = { erasing: new Set([fenceEntry(target)]), incarnations: { [entry]: 1 } };
    expect(erasingEarlierIncarnation(caller, organizationId, documentId)).toBe(true);
    expect(isFenced(caller, organizationId, documentId)).toBe(false);
  });

  it('holds for any earlier incarnation, not only the previous one', () => {
    const fenced = fenceEntry(target, { [entry]: 1 });
    const caller = { erasing: new Set([fenced]), incarnations: { [entry]: 3 } };
    expect(erasingEarlierIncarnation(caller, organizationId, documentId)).toBe(true);
  });

  it('does not hold once the old jobs completed, for a document never re-created, or for another document', () => {
    const erasingNothing = { erasing: new Set<string>(), incarnations: { [entry]: 2 } };
    expect(erasingEarlierIncarnation(erasingNothing, organizationId, documentId)).toBe(false);
    const current = { erasing: new Set([fenceEntry(target)]), incarnations: {} };
    expect(erasingEarlierIncarnation(current, organizationId, documentId)).toBe(false);
    const other = { erasing: new Set([fenceEntry(target)]), incarnations: { [entry]: 1 } };
    expect(erasingEarlierIncarnation(other, organizationId, 'doc-2')).toBe(false);
  });
});
