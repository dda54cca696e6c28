import { cursorCodec } from '../src/lib/keyset-cursor';

/** Page links for a service a test builds without an app: sealed as an app would, under a test key. */
export const testCursors = cursorCodec('a test secret of at least thirty-two characters');
