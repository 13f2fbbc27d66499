import { type ApiKeyClient, type Area, ids, inChunks, newWorkspaceClient } from './types';

/**
 * A key with the activity service on and two documents: `read` holds 60 threads of 3 comments each
 * (more than a default page of 50 threads), `write` holds 60 threads that the write scenarios reply
 * to, edit, react to and change (so every write also records its event and activity).
 */
export interface CommentsFixture {
  api: ApiKeyClient;
}

const organizationId = 'org';
const readThreads = ids('r-', 60);
const writeThreads = ids('w-', 60);
const priorities = ['low', 'medium', 'high', 'urgent'];

const author = (userId: string) => ({ userId, name: `Bench ${userId}`, email: `${userId}@example.com` });

const commentData = (commentId: string, userId = 'member-0') => ({
  commentId,
  from: author(userId),
  commentText: 'Consider renaming this variable; the current name hides what it counts.',
  taggedUserContacts: [{ userId: 'member-1', contact: author('member-1') }],
});

const thread = (annotationId: string) => ({
  annotationId,
  commentData: [commentData('c1'), commentData('c2', 'member-1'), commentData('c3', 'member-2')],
});

/** A thread of the `read` document (no other row writes there), round-robin over its 60 threads. */
const readTarget = (index: number) => ({
  organizationId,
  documentId: 'read',
  annotationId: readThreads[index % readThreads.length]!,
});

/** A thread of the `write` document, round-robin over its 60 threads. */
const writeTarget = (index: number) => ({
  organizationId,
  documentId: 'write',
  annotationId: writeThreads[index % writeThreads.length],
});

export const commentsArea: Area<CommentsFixture> = {
  name: 'comments',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'comments');
    await api.call('workspace.activityconfig.update', { activityServiceConfig: { isEnabled: true } });
    for (const [documentId, threads] of [
      ['read', readThreads],
      ['write', writeThreads],
    ] as const) {
      await inChunks(threads, 20, (chunk) =>
        api.call('commentannotations.add', {
          organizationId,
          documentId,
          createOrganization: true,
          createDocument: true,
          commentAnnotations: chunk.map(thread),
        }),
      );
    }
    // Preferences of the tagged member and the others (organization and document), for the notifying rows.
    await api.call('notifications.config.update', {
      organizationId,
      userId: 'member-1',
      config: { inbox: 'MINE', email: 'ALL' },
    });
    for (const userId of ids('member-', 20))
      await api.call('notifications.config.update', {
        organizationId,
        userId,
        documentId: 'write',
        config: { inbox: userId === 'member-5' ? 'NONE' : 'ALL' },
      });
    return { api };
  },
  scenarios: {
    'commentannotations.add': {
      // A new thread with its first comment: one transaction (thread, comment, event, activity).
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId,
          documentId: 'added',
          createOrganization: true,
          createDocument: true,
          commentAnnotations: [{ annotationId: `added-${index}`, commentData: [commentData('c1')] }],
        },
      }),
    },
    'commentannotations.get': {
      // The first page (50 whole threads, 150 comments) of the read document.
      request: (fixture) => ({ headers: fixture.api.headers, data: { organizationId, documentId: 'read' } }),
    },
    'commentannotations.update': {
      // A priority change (each visit of a thread sets a different priority than the last).
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          ...writeTarget(index),
          priority: priorities[Math.floor(index / writeThreads.length) % priorities.length],
          actionUser: author('member-0'),
        },
      }),
    },
    'commentannotations.delete': {
      prepare: (fixture, index) =>
        fixture.api.call('commentannotations.add', {
          organizationId,
          documentId: 'write',
          commentAnnotations: [thread(`gone-${index}`)],
        }),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId, documentId: 'write', annotationIds: [`gone-${index}`] },
      }),
    },
    'commentannotations.comments.add': [
      {
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: { ...writeTarget(index), commentData: [commentData(`reply-${index}`, 'member-3')] },
        }),
      },
      {
        // Notifies the tagged member (and no one with NONE): the document's stored preferences are
        // read beside auth, so the row keeps the plain reply's serial round trips.
        variant: 'notify, preferences',
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: {
            ...writeTarget(index),
            commentData: [{ ...commentData(`told-${index}`, 'member-3'), triggerNotification: true }],
          },
        }),
      },
      {
        // Five users read the thread first: the reply takes them off its readers (their read
        // counts −1) and reads it for its author, in the same transaction.
        variant: 'readers',
        prepare: (fixture, index) =>
          Promise.all(
            ids('reader-', 5).map((userId) =>
              fixture.api.call('commentannotations.read.update', {
                organizationId,
                documentId: 'read',
                userId,
                annotationIds: [readTarget(index).annotationId],
                read: true,
              }),
            ),
          ),
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: { ...readTarget(index), commentData: [commentData(`read-reply-${index}`, 'member-3')] },
        }),
      },
    ],
    'commentannotations.count': [
      {
        // 100 documents (two with threads) and a user's unread threads: one BatchGetItem per 100 keys, in parallel.
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: {
            organizationId,
            documentIds: ['read', 'write', ...ids('empty-', 98)],
            userId: `member-${index % 20}`,
          },
        }),
      },
      {
        variant: 'one document',
        request: (fixture) => ({
          headers: fixture.api.headers,
          data: { organizationId, documentIds: ['write'] },
        }),
      },
    ],
    'commentannotations.read.update': {
      // A user marks ten threads read, then unread, in turn: one transaction per thread, in parallel.
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId,
          documentId: 'read',
          userId: `member-${Math.floor(index / 2) % 20}`,
          annotationIds: readThreads.slice(0, 10),
          read: index % 2 === 0,
        },
      }),
    },
    'commentannotations.comments.update': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          ...writeTarget(index),
          commentId: 'c1',
          commentText: `Edited ${index}`,
          actionUser: author('member-0'),
        },
      }),
    },
    'commentannotations.comments.delete': {
      prepare: (fixture, index) =>
        fixture.api.call('commentannotations.comments.add', {
          ...writeTarget(index),
          commentData: [commentData(`gone-${index}`)],
        }),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...writeTarget(index), commentIds: [`gone-${index}`] },
      }),
    },
    'commentannotations.reactions.add': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...writeTarget(index), commentId: 'c2', icon: '👍', actionUser: author(`reader-${index}`) },
      }),
    },
    'commentannotations.reactions.delete': {
      prepare: (fixture, index) =>
        fixture.api.call('commentannotations.reactions.add', {
          ...writeTarget(index),
          commentId: 'c3',
          icon: '👎',
          actionUser: author(`remover-${index}`),
        }),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...writeTarget(index), commentId: 'c3', icon: '👎', actionUser: author(`remover-${index}`) },
      }),
    },
  },
};
