import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noBlockBetween, shownTo } from '../../db/visibility';

/**
 * What the export holds (UK GDPR, right of access): one section per group of tables, each reading
 * everything held about one member. A new table that holds a member's data adds one section here
 * (and one line to `sections` below); the deletion test fails until the member's rows also go.
 *
 * Never in a section: the password hash, session tokens, provider tokens, two-factor secrets and
 * backup codes, and anything that tells who a hidden member is (an anonymous viewer, a member who
 * blocked this one, a pass someone else made).
 */
export interface Section {
  /** the key in data.json */
  name: string;
  read(db: Db, me: string): Promise<unknown>;
}

type Row = Record<string, unknown>;
const rows = async (db: Db, query: SQL) => (await db.execute<Row>(query)).rows;

/** Another member as the export names them: their id and, while they have one, their username. */
const memberName = (id: SQL) => sql`(select username from profiles where user_id = ${id})`;

const account: Section = {
  name: 'account',
  async read(db, me) {
    const [user] = await rows(
      db,
      sql`select id, name, email, email_verified as "emailVerified", role, verified, two_factor_enabled as "twoFactorEnabled",
            banned, ban_reason as "banReason", ban_expires as "banExpires", created_at as "createdAt", updated_at as "updatedAt"
          from "user" where id = ${me}`,
    );
    const signInMethods = await rows(
      db,
      sql`select provider_id as "provider", case when password is null then false else true end as "hasPassword",
            created_at as "linkedAt", updated_at as "updatedAt"
          from account where user_id = ${me} order by created_at`,
    );
    return { ...user, signInMethods };
  },
};

const profile: Section = {
  name: 'profile',
  async read(db, me) {
    const [row] = await rows(
      db,
      sql`select username, display_name as "displayName", bio, age, partner_age as "partnerAge", gender, kind,
            relationship_status as "relationshipStatus", orientation, looking_for as "lookingFor", interests, kinks,
            location_city as "locationCity", location_country as "locationCountry",
            location_lat as "locationCellLat", location_lng as "locationCellLng", location_source as "locationSource",
            avatar_url as "avatarUrl", cover_photo_url as "coverPhotoUrl",
            hide_last_active as "hideLastActive", hide_location as "hideLocation", anonymous_mode as "anonymousMode",
            verification_status as "verificationStatus", membership_type as "membershipType",
            setup_step as "setupStep", setup_completed_at as "setupCompletedAt", last_active_at as "lastActiveAt",
            created_at as "createdAt", updated_at as "updatedAt"
          from profiles where user_id = ${me}`,
    );
    return row ?? null;
  },
};

/** The member's photos: the rows, and where each file is in the archive. */
export interface PhotoFile {
  id: string;
  storageKey: string;
  thumbKey: string | null;
  /** the image's path inside the archive */
  file: string;
}

/** Every stored file of the member's photos (the archive carries each image; thumbnails are derived). */
export async function photoFiles(db: Db, me: string): Promise<PhotoFile[]> {
  const found = await db.execute<{ id: string; kind: string; storageKey: string; thumbKey: string | null }>(
    sql`select id, kind, storage_key as "storageKey", thumb_key as "thumbKey" from media where owner_id = ${me} order by created_at, id`,
  );
  return found.rows.map((r) => {
    const ext = /\.[a-z0-9]+$/i.exec(r.storageKey)?.[0] ?? '';
    return { id: r.id, storageKey: r.storageKey, thumbKey: r.thumbKey, file: `photos/${r.kind}-${r.id}${ext}` };
  });
}

const photos: Section = {
  name: 'photos',
  async read(db, me) {
    const files = new Map((await photoFiles(db, me)).map((f) => [f.id, f.file]));
    const found = await rows(
      db,
      sql`select id, kind, content_type as "contentType", width, height, bytes, visibility, price_cents as "priceCents",
            position, title, description, media_type as "mediaType", duration_ms as "durationMs", created_at as "createdAt"
          from media where owner_id = ${me} order by created_at, id`,
    );
    return found.map((r) => ({ ...r, file: files.get(String(r.id)) ?? null }));
  },
};

const messages: Section = {
  name: 'messages',
  read: (db, me) =>
    rows(
      db,
      sql`select id, case when sender_id = ${me} then 'sent' else 'received' end as direction,
            case when sender_id = ${me} then receiver_id else sender_id end as "withMemberId",
            ${memberName(sql`case when m.sender_id = ${me} then m.receiver_id else m.sender_id end`)} as "withUsername",
            content, message_type as "messageType", created_at as "createdAt", read_at as "readAt"
          from messages m where sender_id = ${me} or receiver_id = ${me}
          order by created_at, id`,
    ),
};

const decisions = (name: string, liked: boolean): Section => ({
  name,
  read: (db, me) =>
    rows(
      db,
      sql`select liked_id as "memberId", ${memberName(sql`l.liked_id`)} as username, created_at as "createdAt"
          from likes l where liker_id = ${me} and liked = ${liked} order by created_at`,
    ),
});

/**
 * Profile views the member made, and those of their profile. A viewer is named only as Looked @ Me
 * would show them: a viewer who is anonymous now, or on either side of a block, is kept as a date.
 */
const views: Section = {
  name: 'profileViews',
  async read(db, me) {
    const made = await rows(
      db,
      sql`select viewed_id as "memberId", ${memberName(sql`v.viewed_id`)} as username, day::text as day, viewed_at as "viewedAt"
          from profile_views v where viewer_id = ${me} order by day, viewed_at`,
    );
    const received = await rows(
      db,
      sql`select case when p.user_id is not null and ${shownTo(me)} then v.viewer_id end as "memberId",
            case when p.user_id is not null and ${shownTo(me)} then p.username end as username,
            v.day::text as day,
            case when p.user_id is not null and ${shownTo(me)} then v.viewed_at end as "viewedAt"
          from profile_views v left join profiles p on p.user_id = v.viewer_id
          where v.viewed_id = ${me} order by v.day, v.viewed_at`,
    );
    return { made, received };
  },
};

const blocks: Section = {
  name: 'blocks',
  read: (db, me) =>
    rows(
      db,
      sql`select blocked_id as "memberId", ${memberName(sql`b.blocked_id`)} as username, reason, created_at as "createdAt"
          from user_blocks b where blocker_id = ${me} order by created_at`,
    ),
};

const savedSearches: Section = {
  name: 'savedSearches',
  read: (db, me) =>
    rows(db, sql`select id, name, filters, created_at as "createdAt" from saved_searches where user_id = ${me} order by created_at`),
};

const starredConversations: Section = {
  name: 'starredConversations',
  read: (db, me) =>
    rows(
      db,
      sql`select other_user_id as "memberId", ${memberName(sql`s.other_user_id`)} as username, created_at as "createdAt"
          from starred_conversations s where user_id = ${me} order by created_at`,
    ),
};

/** Messages sent through /contact while signed in, or signed out from the member's address. */
const contactMessages: Section = {
  name: 'contactMessages',
  read: (db, me) =>
    rows(
      db,
      sql`select id, name, email, message, created_at as "createdAt" from contact_messages
          where user_id = ${me} or email = (select lower(email) from "user" where id = ${me})
          order by created_at`,
    ),
};

/** Signed-in devices: when, from where and with what browser (never a token). */
const sessions: Section = {
  name: 'sessions',
  read: (db, me) =>
    rows(
      db,
      sql`select id, created_at as "createdAt", updated_at as "lastSeenAt", expires_at as "expiresAt",
            ip_address as "ipAddress", user_agent as "userAgent"
          from session where user_id = ${me} order by created_at`,
    ),
};

/** Verifications asked for (the form's fields, status, the decision's reason) and the badges earned. */
const verifications: Section = {
  name: 'verifications',
  async read(db, me) {
    const requests = await rows(
      db,
      sql`select id, verification_type as type, verification_data as fields, status, rejection_reason as "rejectionReason",
            created_at as "createdAt", reviewed_at as "reviewedAt"
          from user_verifications where user_id = ${me} order by created_at`,
    );
    const badges = await rows(
      db,
      sql`select badge_type as badge, is_active as active, earned_at as "earnedAt" from verification_badges where user_id = ${me} order by earned_at`,
    );
    return { requests, badges };
  },
};

/** Reports the member made (what, why, what became of it); never the reports about them (whose reporters stay private). */
const reportsMade: Section = {
  name: 'reportsMade',
  read: (db, me) =>
    rows(
      db,
      sql`select id, target_type as "targetType", target_id as "targetId", reason, details, status, decision,
            created_at as "createdAt", decided_at as "decidedAt"
          from reports where reporter_id = ${me} order by created_at`,
    ),
};

/**
 * Friends and invites, winks sent and received, the hotlist. Another member is named while no block
 * stands either way (a member who blocked this one is not told to them).
 */
const connections: Section = {
  name: 'connections',
  async read(db, me) {
    const other = (id: SQL) => sql`case when ${noBlockBetween(me, id)} then ${id} end`;
    const friendships = await rows(
      db,
      sql`select ${other(sql`case when f.inviter_id = ${me} then f.invitee_id else f.inviter_id end`)} as "memberId",
            (f.inviter_id = ${me}) as "invitedByMe", f.status, f.created_at as "createdAt", f.accepted_at as "acceptedAt"
          from friendships f where f.inviter_id = ${me} or f.invitee_id = ${me} order by f.created_at`,
    );
    const winksSent = await rows(
      db,
      sql`select ${other(sql`w.receiver_id`)} as "memberId", w.created_at as "createdAt" from winks w where w.sender_id = ${me} order by w.created_at`,
    );
    const winksReceived = await rows(
      db,
      sql`select ${other(sql`w.sender_id`)} as "memberId", w.created_at as "createdAt" from winks w where w.receiver_id = ${me} order by w.created_at`,
    );
    const hotlist = await rows(
      db,
      sql`select ${other(sql`h.member_id`)} as "memberId", h.created_at as "addedAt" from hotlist h where h.user_id = ${me} order by h.created_at`,
    );
    return { friendships, winksSent, winksReceived, hotlist };
  },
};

/** Club reviews written and clubs suggested. */
const clubs: Section = {
  name: 'clubs',
  async read(db, me) {
    const reviews = await rows(
      db,
      sql`select c.name as club, r.rating, r.body as text, r.created_at as "createdAt", r.updated_at as "updatedAt"
          from club_reviews r join clubs c on c.id = r.club_id where r.author_id = ${me} order by r.created_at`,
    );
    const suggestions = await rows(
      db,
      sql`select name, town, region, details, status, reason, created_at as "createdAt", decided_at as "decidedAt"
          from club_suggestions where suggested_by = ${me} order by created_at`,
    );
    return { reviews, suggestions };
  },
};

/** Photos and videos the member gave a Fab: the item and its owner as the export names them. */
const fabsGiven: Section = {
  name: 'fabs',
  read: (db, me) =>
    rows(
      db,
      sql`select f.media_id as "mediaId", m.title, ${memberName(sql`m.owner_id`)} as owner, f.created_at as "createdAt"
          from fabs f join media m on m.id = f.media_id where f.user_id = ${me} order by f.created_at`,
    ),
};

/** data.json, in this order. */
export const sections: Section[] = [
  account,
  profile,
  photos,
  fabsGiven,
  messages,
  decisions('likes', true),
  decisions('passes', false),
  views,
  blocks,
  savedSearches,
  starredConversations,
  contactMessages,
  verifications,
  reportsMade,
  connections,
  clubs,
  sessions,
];
