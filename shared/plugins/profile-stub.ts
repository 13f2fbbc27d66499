/** What replaces every stored copy of an erased user's profile (addendum §10). */
export const deletedUserStub = (userId: string) => ({ userId, name: 'Deleted user' });

type Json = unknown;

const profileFields = ['name', 'email', 'photoUrl'];

/** Whether a value is the "Deleted user" stub (a profile already erased). */
export function isDeletedUserStub(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, Json>;
  return Object.keys(record).length === 2 && record.name === deletedUserStub(String(record.userId)).name;
}

/** An embedded profile of the user (id plus a name, email or photo) that is not the stub already. */
function isProfileOf(record: Record<string, Json>, userId: string): boolean {
  if (record.userId !== userId || isDeletedUserStub(record)) return false;
  return Object.keys(record).some((name) => profileFields.includes(name));
}

/**
 * The ids of the users whose profile `value` embeds (objects with a `userId` and a name, email or
 * photo; stubs left out). Pure; walks objects and arrays.
 */
export function embeddedProfileIds(value: Json, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const element of value) embeddedProfileIds(element, found);
    return found;
  }
  if (value === null || typeof value !== 'object' || value instanceof Set) return found;
  const record = value as Record<string, Json>;
  if (typeof record.userId === 'string' && isProfileOf(record, record.userId)) found.add(record.userId);
  for (const field of Object.values(record)) embeddedProfileIds(field, found);
  return found;
}

/**
 * A copy of `value` in which every embedded profile of `userId` (an object whose `userId` is the
 * user's and that carries a name, email or photo: `from`, `assignedTo`, `actionUser`, a tagged
 * contact's `contact`) is the "Deleted user" stub; the same reference when nothing changed, so callers write
 * only what did. Pure; walks objects and arrays.
 */
export function stubProfileCopies<T extends Json>(value: T, userId: string): T {
  if (Array.isArray(value)) {
    const mapped = value.map((element) => stubProfileCopies(element, userId));
    return (mapped.some((element, index) => element !== value[index]) ? mapped : value) as T;
  }
  if (value === null || typeof value !== 'object' || value instanceof Set) return value;
  const record = value as Record<string, Json>;
  if (isProfileOf(record, userId)) return deletedUserStub(userId) as T;
  let changed = false;
  const copy: Record<string, Json> = {};
  for (const [name, field] of Object.entries(record)) {
    copy[name] = stubProfileCopies(field, userId);
    if (copy[name] !== field) changed = true;
  }
  return (changed ? copy : value) as T;
}

/**
 * The fields among `fields` that hold a profile copy of `userId`, with the copies stubbed (empty:
 * nothing to rewrite). Undefined fields are skipped.
 */
export function stubbedFields(fields: Record<string, unknown>, userId: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => {
      if (value === undefined) return [];
      const stubbed = stubProfileCopies(value, userId);
      return stubbed === value ? [] : [[name, stubbed]];
    }),
  );
}
