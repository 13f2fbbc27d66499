/** The contracts of the comments domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import {
  acknowledging,
  answering,
  answeringBatch,
  answeringPage,
  type ContractsOf,
} from '../http/route-contract';
import * as reads from './read-schemas';
import type { commentsRoutes } from './routes';
import * as comments from './schemas';

export const commentsContracts = {
  'commentannotations.add': answering(comments.addAnnotationsInput, comments.addedAnnotations),
  'commentannotations.get': answeringPage(
    comments.getAnnotationsInput,
    z.array(comments.annotationWithCommentsView),
    'pageToken',
  ),
  'commentannotations.update': answering(comments.updateAnnotationInput, comments.annotationView),
  'commentannotations.delete': answeringBatch(comments.deleteAnnotationsInput),
  'commentannotations.comments.add': answering(
    comments.addCommentsInput,
    z.array(z.string()).check(z.meta({ description: 'The new comment ids.' })),
  ),
  'commentannotations.comments.update': acknowledging(comments.updateCommentInput),
  'commentannotations.comments.delete': answeringBatch(comments.deleteCommentsInput),
  'commentannotations.reactions.add': acknowledging(comments.reactionInput),
  'commentannotations.reactions.delete': acknowledging(comments.reactionInput),
  'commentannotations.count': answering(reads.countThreadsInput, reads.threadCountsView),
  'commentannotations.read.update': answeringBatch(reads.updateReadStateInput),
} as const satisfies ContractsOf<typeof commentsRoutes>;
