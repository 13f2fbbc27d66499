/** The reference's words for the lifecycle domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { lifecycleContracts } from './contracts';

export const lifecycleReference = domainReference<typeof lifecycleContracts>()({
  operations: {
    'users.data.delete':
      "Starts erasing the user's data (the right to erasure), in the background: memberships, grants, user-group places, inbox, comments (a thread left without comments goes too), reactions, the activities the user performed and the judgments the user made. Every other copy of the user's profile (in other people's comments, notifications, webhook messages) becomes `{ userId, name: \"Deleted user\" }`. CRDT edits are reported, not deleted: they are part of a shared document. Erasure overrides activity immutability. Follow it with `users/data/delete/status`; a crash is finished by a retry, and running it twice is harmless.",
    'users.data.delete.status':
      'Answers where an erasure stands and how many records it erased so far, per kind. A job of another API key, or an unknown one, is `NOT_FOUND`.',
  },
  fields: {
    userId: 'The user whose data to erase.',
    organizationIds:
      'Erase only in these organizations (at most 100); every organization of the API key when left out.',
    jobId: 'The erasure job, as `users/data/delete` answered it.',
    'result.data.status': '`pending`, `in_progress`, `completed` or `failed`.',
    counts:
      'Records erased so far, by kind (`membership`, `comment`, `activity`, ...); present from the first status on.',
    'result.data.message': 'Why the erasure failed; present only then.',
  },
});
