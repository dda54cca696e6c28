import type { ConnectionState, FriendshipState } from '@velvet/core/schemas/connection.schema';

/** What the friend button says and does for each state of a friendship. */
export type FriendAction = 'invite' | 'accept' | 'cancel' | 'remove';

export const friendButton: Record<FriendshipState, { label: string; action: FriendAction; pressed: boolean }> = {
  none: { label: 'Add friend', action: 'invite', pressed: false },
  invited: { label: 'Invite sent', action: 'cancel', pressed: true },
  invitedYou: { label: 'Accept invite', action: 'accept', pressed: false },
  friends: { label: 'Friends', action: 'remove', pressed: true },
};

/** The action bar's other toggles: label and whether the button shows as done (aria-pressed). */
export function actionLabels(s: ConnectionState) {
  return {
    like: s.liked ? 'Liked' : 'Like',
    wink: s.winkedToday ? 'Winked today' : 'Wink',
    hotlist: s.hotlisted ? 'On hotlist' : 'Hotlist',
    friend: friendButton[s.friendship],
  };
}

/** The state after an action succeeded, so the bar shows it at once (the server's answer follows). */
export function afterAction(s: ConnectionState, done: 'like' | 'wink' | 'hotlistAdd' | 'hotlistRemove' | FriendAction): ConnectionState {
  switch (done) {
    case 'like':
      return { ...s, liked: true };
    case 'wink':
      return { ...s, winkedToday: true };
    case 'hotlistAdd':
      return { ...s, hotlisted: true };
    case 'hotlistRemove':
      return { ...s, hotlisted: false };
    case 'invite':
      return { ...s, friendship: s.friendship === 'invitedYou' ? 'friends' : 'invited' };
    case 'accept':
      return { ...s, friendship: 'friends' };
    case 'cancel':
    case 'remove':
      return { ...s, friendship: 'none' };
  }
}
