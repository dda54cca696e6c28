import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { serverEventSchema } from './events';
import { EVENT, bareFrame } from './protocol';

/** Frames near the bare ones: their types and others, payloads right, wrong and missing, extra keys. */
const frames = fc.oneof(
  fc.anything(),
  fc.record(
    {
      type: fc.oneof(fc.constantFrom(...Object.values(EVENT)), fc.string()),
      payload: fc.oneof(
        fc.record(
          {
            userId: fc.oneof(
              fc.string({ maxLength: 70 }),
              fc.nat(70).map((n) => 'm'.repeat(n)),
              fc.integer(),
              fc.constant(null),
            ),
          },
          { requiredKeys: [] },
        ),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.string()),
        fc.constant(null),
      ),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);

describe('bareFrame reads the frames a connection gets at once as the schemas do', () => {
  it('gives what serverEventSchema gives for ready, pong and resync, and null for every other frame', () => {
    fc.assert(
      fc.property(frames, (frame) => {
        const parsed = serverEventSchema.safeParse(frame);
        const bare = parsed.success && ['ready', 'pong', 'resync'].includes(parsed.data.type);
        expect(bareFrame(frame)).toEqual(bare ? parsed.data : null);
      }),
      { numRuns: 2000, seed: 20261127 },
    );
  });

  it('takes a ready frame with its member id, and leaves out what the schema leaves out', () => {
    expect(bareFrame({ type: 'ready', payload: { userId: 'm1', other: 1 }, extra: true })).toEqual({
      type: 'ready',
      payload: { userId: 'm1' },
    });
    expect(bareFrame({ type: 'ready', payload: { userId: '' } })).toBeNull();
    expect(bareFrame({ type: 'ready', payload: { userId: 'm'.repeat(64) } })).not.toBeNull();
    expect(bareFrame({ type: 'ready', payload: { userId: 'm'.repeat(65) } })).toBeNull();
    expect(bareFrame({ type: 'pong', payload: { x: 1 } })).toEqual({ type: 'pong', payload: {} });
    expect(bareFrame({ type: 'typing', payload: { userId: 'm1', typing: true } })).toBeNull();
  });
});
