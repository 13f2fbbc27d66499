import { type RedriveProgress, redriveDeadLetters } from '../../shared/admin/redrive';
import type { QueueName } from '../../shared/core/queue-names';
import { queueDefinitions } from '../../shared/queues/queues';
import { type AdminOption, defineAdminCommand, UsageError } from './command';

const queueNames = queueDefinitions.map((definition) => definition.name);

const options: readonly AdminOption[] = [
  {
    name: 'queue',
    value: '<name>',
    description: `Only this queue: ${queueNames.join(', ')} (default: every queue).`,
  },
];

const describe = (progress: RedriveProgress) =>
  `${progress.queue}: ${progress.moved} moved back${progress.failed > 0 ? `, ${progress.failed} refused` : ''}`;

/** `redrive-dead-letters`: moves dead letters back to their queues for another round of attempts. */
export const redriveDeadLettersCommand = defineAdminCommand({
  summary:
    'Send the messages that failed too often on a queue (its dead-letter queue) back to be processed again; prints counts.',
  options,
  async run(values, output) {
    const queue = values.queue as string | undefined;
    if (queue !== undefined && !queueNames.includes(queue as QueueName)) {
      throw new UsageError(`Unknown queue "${queue}"; one of ${queueNames.join(', ')}.`);
    }
    let refused = 0;
    for (const name of queue ? [queue as QueueName] : queueNames) {
      const result = await redriveDeadLetters(name, (progress) =>
        output.out(`redrive-dead-letters: ${describe(progress)}…`),
      );
      output.out(`${describe(result)}.`);
      refused += result.failed;
    }
    if (refused > 0) output.err(`${refused} messages were refused by their queue and stay dead letters.`);
    return refused > 0 ? 1 : 0;
  },
});
