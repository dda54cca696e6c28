import { ageText, splitInterests, type OwnProfile, type ProfileView } from '@velvet/core/schemas/profile.schema';
import { badgesOf } from '@velvet/core/schemas/verification.schema';
import { kindOf } from '@velvet/core/constants/options';
import type { ProfileRow } from './profiles.repository';

const lookingForList = (text: string | null) => (text ? text.split(',').filter(Boolean) : []);

export function toOwnProfile(row: ProfileRow): OwnProfile {
  const split = splitInterests(row.interests);
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.displayName,
    age: row.age,
    partnerAge: row.partnerAge,
    locationCity: row.locationCity,
    locationCountry: row.locationCountry,
    gender: row.gender,
    relationshipStatus: row.relationshipStatus,
    lookingFor: lookingForList(row.lookingFor),
    ...split,
    bio: row.bio,
    kind: kindOf(row.gender),
    avatarUrl: row.avatarUrl,
    coverPhotoUrl: row.coverPhotoUrl,
    hideLastActive: row.hideLastActive,
    hideLocation: row.hideLocation,
    anonymousMode: row.anonymousMode,
    verificationStatus: row.verificationStatus,
    membershipType: row.membershipType,
    setupStep: row.setupStep,
    setupCompleted: row.setupCompletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What another member may see: hidden location and last-active stay hidden (DESIGN.md §7). */
export function toProfileView(row: ProfileRow & { verified: boolean }, viewerInterests: string[], viewerId: string): ProfileView {
  const split = splitInterests(row.interests);
  const mine = new Set(splitInterests(viewerInterests).interests);
  const kind = kindOf(row.gender);
  const place = [row.locationCity, row.locationCountry].filter(Boolean).join(', ');
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.displayName,
    ageText: ageText(kind, row.age, row.partnerAge),
    kind,
    gender: row.gender,
    relationshipStatus: row.relationshipStatus,
    lookingFor: lookingForList(row.lookingFor),
    interests: split.interests,
    sharedInterests: row.userId === viewerId ? [] : split.interests.filter((i) => mine.has(i)),
    creator: split.creator,
    creatorTypes: split.creatorTypes,
    bio: row.bio,
    location: row.hideLocation || !place ? null : place,
    lastActiveAt: row.hideLastActive ? null : row.lastActiveAt.toISOString(),
    avatarUrl: row.avatarUrl,
    coverPhotoUrl: row.coverPhotoUrl,
    verified: row.verified,
    badges: badgesOf(row.badges),
    verificationStatus: row.verificationStatus,
    memberSince: row.createdAt.toISOString(),
    isOwn: row.userId === viewerId,
  };
}
