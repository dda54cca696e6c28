import { messages } from '@velvet/core/messages';
import type { Activity } from '@velvet/core/schemas/activity.schema';

const copy = messages.activity;

/** What happened, in one line: 'Ann winked at you', 'Your verification was approved'. */
export function activityLine(a: Activity): string {
  const name = a.actor?.displayName ?? copy.someone;
  switch (a.type) {
    case 'verification':
      return a.detail === 'approved' ? copy.verificationApproved : copy.verificationRejected;
    case 'report':
      return a.detail === 'actioned' ? copy.reportActioned : copy.reportDismissed;
    case 'like':
    case 'match':
    case 'message':
    case 'friend_invite':
    case 'friend_accept':
    case 'profile_view':
    case 'wink':
    case 'fab':
    case 'new_content':
      return copy.line[a.type](name);
    default: {
      const unknown: never = a.type;
      return unknown;
    }
  }
}

/** Where opening it goes: the page where the member acts on it. */
export function activityTarget(a: Activity): string | null {
  const actor = a.actor?.userId;
  switch (a.type) {
    case 'like':
      return actor ? `/profile/${actor}` : null;
    case 'new_content':
      return '/content/new';
    case 'match':
    case 'message':
      return actor ? `/messages/${actor}` : null;
    case 'friend_invite':
      return '/friends?tab=received';
    case 'friend_accept':
      return '/friends';
    case 'profile_view':
      return '/looked-at-me';
    case 'wink':
      return '/winks';
    case 'verification':
      return '/verification';
    case 'fab':
      return '/content/mine';
    case 'report':
      return null;
    default: {
      const unknown: never = a.type;
      return unknown;
    }
  }
}
