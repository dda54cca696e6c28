import { snapToCell, type Position } from '@velvet/core/geo/grid';
import { CREATOR_TAG, CREATOR_TYPES } from '@velvet/core/constants/options';
import { messages } from '@velvet/core/messages';
import { ageText } from '@velvet/core/schemas/profile.schema';
import { DISCOVER_AGE } from '@velvet/core/constants/discover';
import {
  DISCOVER_BATCH,
  type DiscoverCard,
  type DiscoverFilters,
  type DiscoverResponse,
  type DiscoverStats,
  type LikeResponse,
  type StartOverResponse,
} from '@velvet/core/schemas/discover.schema';
import { AppError } from '../../middleware/errors';
import { locateUkPlace } from '../../geo/gazetteer';
import type { CandidateRow, DiscoverRepository } from './discover.repository';
import { visibleDistance } from '../members/members.public';

const CREATOR_TAGS = [CREATOR_TAG, ...CREATOR_TYPES];

function toCard(row: CandidateRow, from: Position | null): DiscoverCard {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    age: ageText(row.kind, row.age, row.partnerAge),
    location: row.hideLocation ? null : row.locationCity,
    distance: visibleDistance(row, from),
    lastActive: row.lastActive === null ? null : new Date(row.lastActive).toISOString(),
    verified: row.verified,
    online: row.online,
    avatarUrl: row.avatarUrl,
    commonInterests: row.commonInterests ?? [],
    profileViews: Number(row.profileViews),
    photos: Number(row.photos),
  };
}

/** A UK town typed into the filter panel, as a cell to measure from ("Leeds" or "Leeds, UK"). */
function placeCell(text: string): Position {
  const place = locateUkPlace(text) ?? locateUkPlace(text.split(',')[0]);
  if (!place)
    throw new AppError(400, 'PLACE_NOT_FOUND', messages.discover.placeNotFound(text), { location: messages.discover.placeNotFound(text) });
  return snapToCell(place);
}

/** Discover: the ranked one-at-a-time feed, like and pass (a like both ways is a match), and the stats row. */
export function discoverService(deps: { repo: DiscoverRepository; onlineCount: () => Promise<number> }) {
  const { repo } = deps;
  return {
    async next(me: string, filters: DiscoverFilters): Promise<DiscoverResponse> {
      // a typed place moves the centre of the distance filter; without one, the member's own cell
      const place = filters.location ? placeCell(filters.location) : null;
      const { from, rows } = await repo.candidates(me, {
        minAge: filters.minAge,
        maxAge: filters.maxAge >= DISCOVER_AGE.max ? null : filters.maxAge,
        km: filters.maxKm,
        place,
        notShared: CREATOR_TAGS,
        limit: DISCOVER_BATCH,
      });
      return { items: rows.map((r) => toCard(r, from)), distanceApplied: place !== null || from !== null };
    },

    /**
     * A like (liked true) or a pass, always as the signed-in member. Only members they may see can
     * be liked or passed; a pass never says whether the other member liked them.
     */
    async decide(me: string, other: string, liked: boolean): Promise<LikeResponse> {
      if (other === me) throw new AppError(400, 'SELF', messages.discover.self);
      const target = await repo.target(me, other);
      if (!target || !target.finished || target.anonymous) throw new AppError(404, 'NOT_AVAILABLE', messages.discover.notAvailable);
      // checked before their block of me, so a member who blocked me reads exactly like an unknown one
      if (target.blockedByMe) throw new AppError(403, 'BLOCKED', messages.discover.blockedByYou);
      if (target.blocksMe) throw new AppError(404, 'NOT_AVAILABLE', messages.discover.notAvailable);
      await repo.decide(me, other, liked);
      if (!liked || !(await repo.likes(other, me))) return { match: false };
      return { match: true, member: { id: target.id, username: target.username, displayName: target.displayName } };
    },

    /** Start over: the member's passes are forgotten, so everyone they passed is dealt again. */
    async startOver(me: string): Promise<StartOverResponse> {
      return { restored: await repo.forgetPasses(me) };
    },

    async stats(me: string): Promise<DiscoverStats> {
      // every member's row counts the same verified members (kept by the database), less their own blocks
      const [online, mine] = await Promise.all([deps.onlineCount(), repo.stats(me)]);
      return { online, verified: Math.max(0, mine.verifiedShown - mine.unseenVerified), matches: mine.matches, views: mine.views };
    },
  };
}
export type DiscoverService = ReturnType<typeof discoverService>;
