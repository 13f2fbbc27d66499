import { createTableInput } from '../../../shared/db/table';

describe('createTableInput (the local table)', () => {
  it('has a stream of new and old images by default, as the deployed table and the local poller need', () => {
    expect(createTableInput('t').StreamSpecification).toEqual({
      StreamEnabled: true,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    });
  });

  it('leaves the stream out with stream: false and changes nothing else', () => {
    const { StreamSpecification, ...withStream } = createTableInput('t');
    const withoutStream = createTableInput('t', { stream: false });
    expect(StreamSpecification).toBeDefined();
    expect(withoutStream).not.toHaveProperty('StreamSpecification');
    expect(withoutStream).toEqual(withStream);
  });
});
