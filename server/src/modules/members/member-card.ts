import { sql } from 'drizzle-orm';
import { approximateDistance, type DistanceLabel, type Position } from '@velvet/core/geo/grid';
import { ageText } from '@velvet/core/schemas/profile.schema';
import type { ProfileKind } from '@velvet/core/constants/options';
import type { MemberCard } from '@velvet/core/schemas/member.schema';
import { badgesOf } from '@velvet/core/schemas/verification.schema';
import { onlineExpr } from '../../db/visibility';

/** What a member card is built from: a profile `p` joined to its user `u` (see `memberCardColumns`). */
export type MemberCardRow = {
  userId: string;
  username: string;
  displayName: string;
  age: number | null;
  partnerAge: number | null;
  gender: string | null;
  kind: string;
  locationCity: string | null;
  locationLat: number | null;
  locationLng: number | null;
  hideLocation: boolean;
  avatarUrl: string | null;
  verified: boolean;
  /** the active verification badges (profiles.badges); lists that do not select them show none */
  badges?: string[] | null;
  online: boolean;
  /** whether the reader liked this member; lists that do not say leave it out */
  liked?: boolean;
};

/**
 * The select list of a `MemberCardRow`, over `profiles p` (which carries the account's `verified`).
 * No badges come as null, not '{}': most members have none, and node-postgres parses every array it
 * is sent (a parser object each: 17 KB of a Who's Near page's 300 KB of allocations).
 */
export const memberCardColumns = sql`p.user_id as "userId", p.username, p.display_name as "displayName", p.age, p.partner_age as "partnerAge",
  p.gender, p.kind, p.location_city as "locationCity", p.location_lat as "locationLat", p.location_lng as "locationLng",
  p.hide_location as "hideLocation", p.avatar_url as "avatarUrl", p.verified, nullif(p.badges, '{}') as badges, ${onlineExpr} as online`;

/** The coarse distance others see: none when either member is unplaced or the member hides their location. */
export function visibleDistance(
  row: Pick<MemberCardRow, 'hideLocation' | 'locationLat' | 'locationLng'>,
  from: Position | null,
): DistanceLabel | null {
  if (row.hideLocation || row.locationLat === null || row.locationLng === null || !from) return null;
  return approximateDistance(from, { lat: Number(row.locationLat), lng: Number(row.locationLng) });
}

/**
 * A card as much as the member lets others see (DESIGN.md §7): no city or distance when they hide
 * their location, the distance only as a coarse band between grid cells, never the cell itself.
 */
export function toMemberCard(row: MemberCardRow, from: Position | null): MemberCard {
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.displayName,
    ageText: ageText(row.kind, row.age, row.partnerAge),
    gender: row.gender,
    kind: row.kind as ProfileKind,
    location: row.hideLocation ? null : row.locationCity,
    distance: visibleDistance(row, from),
    avatarUrl: row.avatarUrl,
    verified: row.verified,
    badges: badgesOf(row.badges),
    online: row.online,
    ...(row.liked === undefined ? {} : { liked: row.liked }),
  };
}
