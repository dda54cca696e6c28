import { messages } from '@velvet/core/messages';
import { EVENT } from '@velvet/core/realtime/protocol';
import type { BlockedMember, PrivacySettings, PrivacySettingsUpdate } from '@velvet/core/schemas/privacy.schema';
import { AppError } from '../../middleware/errors';
import type { RealtimeEvents } from '../../realtime/hub';
import type { PrivacyRepository } from './privacy.repository';

const noProfile = () => new AppError(404, 'NO_PROFILE', messages.profile.notFound);
const memberGone = () => new AppError(404, 'MEMBER_NOT_FOUND', messages.privacy.memberGone);

/**
 * A member's privacy toggles and blocks. What each toggle and block hides is applied where members
 * are read (db/visibility.ts); this module changes them and tells open tabs at once over the socket.
 */
export function privacyService(deps: { repo: PrivacyRepository; events: RealtimeEvents }) {
  const { repo, events } = deps;

  /** Both members' open tabs drop (or bring back) the other: chats, inboxes, lists, presence. */
  async function tellBoth(me: string, other: string, hidden: boolean) {
    await events.publish([me], { type: EVENT.memberHidden, payload: { userId: other, hidden } });
    await events.publish([other], { type: EVENT.memberHidden, payload: { userId: me, hidden } });
  }

  async function checkOther(me: string, other: string) {
    if (other === me) throw new AppError(400, 'SELF', messages.privacy.self);
    if (!(await repo.memberExists(other))) throw memberGone();
  }

  return {
    async settings(me: string): Promise<PrivacySettings> {
      const settings = await repo.settings(me);
      if (!settings) throw noProfile();
      return settings;
    },

    async updateSettings(me: string, change: PrivacySettingsUpdate): Promise<PrivacySettings> {
      const settings = await repo.updateSettings(me, change);
      if (!settings) throw noProfile();
      // whoever sees the member online now stops seeing it, at once
      if (change.hideLastActive) await events.hidePresence(me);
      return settings;
    },

    blocks: (me: string): Promise<BlockedMember[]> => repo.blocks(me),

    /** Blocks a member (idempotent: a second block changes nothing and says so with `created: false`). */
    async block(me: string, other: string, reason: string | null): Promise<{ created: boolean; block: BlockedMember }> {
      await checkOther(me, other);
      const { created, row } = await repo.block(me, other, reason);
      if (created) await tellBoth(me, other, true);
      return { created, block: row };
    },

    async unblock(me: string, other: string): Promise<void> {
      await checkOther(me, other);
      if (await repo.unblock(me, other)) await tellBoth(me, other, false);
    },
  };
}
export type PrivacyService = ReturnType<typeof privacyService>;
