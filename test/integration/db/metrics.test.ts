import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { measureDbCalls, traceOtherCall } from '../../../shared/db/metrics';

const getMissing = (id: string) =>
  db().send(new GetCommand({ TableName: tableName(), Key: { pk: `metrics-test#${id}`, sk: 'none' } }));

describe('measureDbCalls', () => {
  it('counts calls in flight together as one serial round trip', async () => {
    const { stats } = await measureDbCalls(async () => {
      await Promise.all([getMissing('a'), getMissing('b')]);
      await getMissing('c');
    });
    expect(stats.calls).toBe(3);
    expect(stats.serialRoundTrips).toBe(2);
    expect(stats.trace.map((call) => call.roundTrip)).toEqual([1, 1, 2]);
  });

  it('counts calls made one after another as one round trip each', async () => {
    const { stats } = await measureDbCalls(async () => {
      await getMissing('a');
      await getMissing('b');
    });
    expect(stats.serialRoundTrips).toBe(2);
  });

  it('places a traced call to another service among the DynamoDB calls, without counting it as a round trip', async () => {
    const send = { service: 'sqs', command: 'SendMessage', input: { QueueUrl: 'queue' } } as const;
    const { stats } = await measureDbCalls(async () => {
      await getMissing('a');
      await traceOtherCall(send, async () => 'sent');
      await Promise.all([getMissing('b'), traceOtherCall(send, async () => 'sent')]);
    });
    expect(stats.trace.map((call) => [call.roundTrip, call.step])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    expect(stats.serialRoundTrips).toBe(2);
    expect(stats.otherCalls).toEqual([
      { ...send, step: 2 },
      { ...send, step: 3 },
    ]);
  });

  it('records each call with its command name and the input it was sent with', async () => {
    const { stats } = await measureDbCalls(() => getMissing('a'));
    expect(stats.trace).toHaveLength(1);
    expect(stats.trace[0]?.command).toBe('GetItem');
    expect(stats.trace[0]?.input).toMatchObject({ Key: { pk: 'metrics-test#a', sk: 'none' } });
  });

  it('records the answer of each call as the caller received it', async () => {
    const Item = { pk: 'metrics-test#answered', sk: 'item', note: 'read back' };
    await db().send(new PutCommand({ TableName: tableName(), Item }));
    const { stats } = await measureDbCalls(() =>
      db().send(new GetCommand({ TableName: tableName(), Key: { pk: Item.pk, sk: Item.sk } })),
    );
    expect(stats.trace[0]?.output).toMatchObject({ Item });
  });
});
