import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '@velvet/core/schemas/connection.schema';
import { actionLabels, afterAction, friendButton } from './action-states';

const none: ConnectionState = { liked: false, winkedToday: false, friendship: 'none', hotlisted: false };

describe('the profile action bar states', () => {
  it('labels each state as the member should read it', () => {
    expect(actionLabels(none)).toMatchObject({ like: 'Like', wink: 'Wink', hotlist: 'Hotlist', friend: { label: 'Add friend' } });
    expect(actionLabels({ liked: true, winkedToday: true, friendship: 'friends', hotlisted: true })).toMatchObject({
      like: 'Liked',
      wink: 'Winked today',
      hotlist: 'On hotlist',
      friend: { label: 'Friends', action: 'remove', pressed: true },
    });
    expect(friendButton.invited).toEqual({ label: 'Invite sent', action: 'cancel', pressed: true });
    expect(friendButton.invitedYou).toEqual({ label: 'Accept invite', action: 'accept', pressed: false });
  });

  it('moves to the state each action leads to', () => {
    expect(afterAction(none, 'invite').friendship).toBe('invited');
    expect(afterAction({ ...none, friendship: 'invitedYou' }, 'invite').friendship).toBe('friends');
    expect(afterAction({ ...none, friendship: 'invitedYou' }, 'accept').friendship).toBe('friends');
    expect(afterAction({ ...none, friendship: 'invited' }, 'cancel').friendship).toBe('none');
    expect(afterAction({ ...none, friendship: 'friends' }, 'remove').friendship).toBe('none');
    expect(afterAction(none, 'wink')).toEqual({ ...none, winkedToday: true });
    expect(afterAction(none, 'like')).toEqual({ ...none, liked: true });
    expect(afterAction(afterAction(none, 'hotlistAdd'), 'hotlistRemove')).toEqual(none);
  });
});
