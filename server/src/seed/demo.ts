import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import {
  account,
  activities,
  clubReviews,
  clubs,
  friendships,
  hotlist,
  likes,
  media,
  messages,
  profileViews,
  profiles,
  starredConversations,
  user,
  winks,
} from '../db/schema/index';
import { londonDay } from '@velvet/core/time/london-day';
import type { Logger } from '../logger';
import type { Storage } from '../storage/storage';
import { mediaRepository } from '../modules/media/media.repository';
import { mediaService } from '../modules/media/media.service';
import { DEMO_EMAIL, DEMO_ID, DEMO_MEMBER_DOMAIN, DEMO_PASSWORD, type DemoMember } from './demo-members';
import { demoCommunity } from './demo-conversations';
import { demoClubs } from './demo-clubs';
import type { DemoPictures } from './demo-images';
import { snapToCell } from '@velvet/core/geo/grid';
import { locateUkPlace } from '../geo/gazetteer';

/** Demo members are placed as members are: at the grid cell of their town (never a finer point). */
function cityCell(city: string | null | undefined) {
  const place = locateUkPlace(city);
  const cell = place ? snapToCell(place) : null;
  return cell ? { locationLat: cell.lat, locationLng: cell.lng, locationSource: 'city' } : {};
}

/** Seeding runs on an empty embedded database, unless told otherwise (DESIGN.md §6). */
export function shouldSeed(config: Config) {
  if (config.seed === 'never') return false;
  if (config.seed === 'always') return true;
  return config.env !== 'production' && !config.databaseUrl;
}

type DrawPictures = (seed: string, kind: string, galleryPhotos: number) => Promise<DemoPictures>;

/**
 * The pictures' module, loaded only by a seed that makes pictures: it draws the faces with DiceBear,
 * a dev dependency. A production install (`npm ci --omit=dev`) has no DiceBear and, with
 * NODE_ENV=production, no demo seed; told to seed anyway (SEED=always) it stops here, before writing
 * anything, and says why.
 */
async function loadPictureMaker(): Promise<DrawPictures> {
  try {
    return (await import('./demo-images')).demoPictures;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code?.endsWith('MODULE_NOT_FOUND') && String(err).includes('@dicebear/');
    if (!missing) throw err;
    throw new Error(
      'The demo community needs the dev dependencies: its pictures are drawn with DiceBear (@dicebear/core, @dicebear/personas), ' +
        'which this install does not have. Install them (npm install, or npm ci without --omit=dev) to seed demo data, or set SEED=never.',
      { cause: err },
    );
  }
}

/** Members whose pictures are made and stored at once: sharp renders on its own threads meanwhile. */
const PICTURE_CONCURRENCY = 3;

const credentialId = (id: string) => `acc_${id}`;

/**
 * Whether the demo community is there and finished. Its last row is the demo account's sign-in, so
 * a demo account without one is the remains of an interrupted seed. An account with the demo address
 * that the seed did not make is left alone (and counts as seeded: the address is taken).
 */
async function seeded(db: Db): Promise<boolean> {
  const [found] = await db
    .select({ id: user.id, credential: account.id })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.email, DEMO_EMAIL));
  return !!found && (found.id !== DEMO_ID || found.credential !== null);
}

/** Removes what an interrupted seed left (rows cascade from the accounts; stored pictures best effort). */
async function removeUnfinished(db: Db, opts: { log: Logger; storage?: Storage }) {
  const leftovers = await db
    .select({ id: user.id })
    .from(user)
    .where(and(like(user.id, 'demo%'), or(eq(user.email, DEMO_EMAIL), like(user.email, `%@${DEMO_MEMBER_DOMAIN}`))));
  if (!leftovers.length) return;
  const ids = leftovers.map((r) => r.id);
  await db.delete(clubs).where(eq(clubs.isDemo, true));
  const files = await db.select({ key: media.storageKey, thumb: media.thumbKey }).from(media).where(inArray(media.ownerId, ids));
  await db.delete(user).where(inArray(user.id, ids));
  if (opts.storage) {
    const storage = opts.storage;
    await Promise.all(
      files
        .flatMap((f) => [f.key, f.thumb])
        .filter((k): k is string => !!k)
        .map((key) => storage.delete(key).catch((err: unknown) => opts.log.warn({ err, key }, 'could not delete a stored object'))),
    );
  }
  opts.log.warn({ members: ids.length, pictures: files.length }, 'removed an unfinished demo community; seeding it again');
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Avatars, covers and gallery photos, through the members' own upload path: re-encoded, thumbnailed, stored. */
async function seedPictures(db: Db, members: DemoMember[], storage: Storage, log: Logger, demoPictures: DrawPictures) {
  const service = mediaService({ repo: mediaRepository(db), storage, log });
  let stored = 0;
  await eachLimit(members, PICTURE_CONCURRENCY, async (m) => {
    const pictures = await demoPictures(m.id, m.profile.kind, m.galleryPhotos);
    await service.upload(m.id, 'avatar', pictures.avatar);
    await service.upload(m.id, 'cover', pictures.cover);
    // one member's photos in order, so the gallery's positions follow them
    for (const photo of pictures.gallery) await service.upload(m.id, 'gallery', photo);
    stored += 2 + pictures.gallery.length;
  });
  return stored;
}

/**
 * Creates the demo community (and the demo clubs directory) once; later starts find it and do nothing (idempotent). Members,
 * profiles, conversations, stars, likes and profile views are written in one transaction, then the pictures, and last the
 * demo account's sign-in, which marks the community finished: a crash before it leaves a community
 * that the next start removes and seeds again. Without storage (tests) no pictures are made.
 */
export async function seedDemoCommunity(db: Db, opts: { log: Logger; storage?: Storage; members?: number; now?: number }) {
  const credentials = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
  if (await seeded(db)) return credentials;
  const started = performance.now();
  const drawPictures = opts.storage ? await loadPictureMaker() : undefined;
  await removeUnfinished(db, opts);

  const community = demoCommunity({ members: opts.members, now: opts.now });
  const { members } = community;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(user).values(
      members.map((m) => ({
        id: m.id,
        name: m.displayName,
        email: m.email,
        emailVerified: true,
        verified: m.verified,
        createdAt: m.joinedAt,
        updatedAt: m.joinedAt,
      })),
    );
    await tx
      .insert(account)
      .values(
        members
          .filter((m) => m.id !== DEMO_ID)
          .map((m) => ({ id: credentialId(m.id), accountId: m.id, providerId: 'credential', userId: m.id, password: passwordHash })),
      );
    await tx
      .insert(profiles)
      .values(members.map((m) => ({ userId: m.id, isDemo: true, ...m.profile, ...cityCell(m.profile.locationCity) })));
    if (community.messages.length) await tx.insert(messages).values(community.messages.map((m) => ({ ...m, messageType: 'text' })));
    if (community.stars.length) await tx.insert(starredConversations).values(community.stars);
    if (community.likes.length) await tx.insert(likes).values(community.likes);
    if (community.views.length) await tx.insert(profileViews).values(community.views);
    // the demo member's circle: three friends, an invite waiting for an answer, a hotlist of four and
    // two winks today, so /friends, /hotlist, /winks and their dashboard tiles show real rows
    const others = members.filter((m) => m.id !== DEMO_ID && !m.profile.anonymousMode);
    const ago = (hours: number) => new Date((opts.now ?? Date.now()) - hours * 3_600_000);
    const [f1, f2, f3, inviter, h1, h2, h3, h4, w1, w2] = others;
    if (w2) {
      await tx.insert(friendships).values([
        { inviterId: DEMO_ID, inviteeId: f1!.id, status: 'accepted', createdAt: ago(300), acceptedAt: ago(290) },
        { inviterId: f2!.id, inviteeId: DEMO_ID, status: 'accepted', createdAt: ago(200), acceptedAt: ago(190) },
        { inviterId: f3!.id, inviteeId: DEMO_ID, status: 'accepted', createdAt: ago(100), acceptedAt: ago(96) },
        { inviterId: inviter!.id, inviteeId: DEMO_ID, createdAt: ago(5) },
      ]);
      await tx.insert(hotlist).values([h1, h2, h3, h4].map((m, i) => ({ userId: DEMO_ID, memberId: m!.id, createdAt: ago(50 + i * 24) })));
      await tx
        .insert(winks)
        .values([w1, w2].map((m, i) => ({ senderId: m!.id, receiverId: DEMO_ID, day: londonDay(ago(1 + i)), createdAt: ago(1 + i) })));
      await tx
        .insert(activities)
        .values([
          { recipientId: DEMO_ID, actorId: inviter!.id, type: 'friend_invite', createdAt: ago(5) },
          { recipientId: DEMO_ID, actorId: f3!.id, type: 'friend_accept', createdAt: ago(96), readAt: ago(90) },
          ...[w1, w2].map((m, i) => ({ recipientId: DEMO_ID, actorId: m!.id, type: 'wink', createdAt: ago(1 + i) })),
        ]);
    }
    // the Updates feed of what the demo community did: likes (a match when mutual), views, one per conversation;
    // what is older than two days is read
    await tx.execute(sql`
      insert into activities (recipient_id, actor_id, type, created_at, read_at)
      select recipient, actor, type, at, case when at < now() - interval '2 days' then at end from (
        select l.liked_id as recipient, l.liker_id as actor, l.created_at as at,
          case when exists (select 1 from likes b where b.liker_id = l.liked_id and b.liked_id = l.liker_id and b.liked) then 'match' else 'like' end as type
        from likes l where l.liked
        union all
        select v.viewed_id, v.viewer_id, v.viewed_at, 'profile_view' from profile_views v
          join profiles p on p.user_id = v.viewer_id where not p.anonymous_mode
        union all
        (select distinct on (m.receiver_id, m.sender_id) m.receiver_id, m.sender_id, m.created_at, 'message'
        from messages m order by m.receiver_id, m.sender_id, m.created_at desc)
      ) done
      where recipient <> actor and recipient in (select id from "user" where email = ${DEMO_EMAIL} or email like ${'%@' + DEMO_MEMBER_DOMAIN})`);
    // the demo directory (invented clubs, said so on their pages) and reviews by demo members
    const directory = demoClubs(members, opts.now ?? Date.now());
    const listed = directory.clubs.map((c) => ({ ...c, id: randomUUID(), isDemo: true }));
    await tx.insert(clubs).values(listed);
    if (directory.reviews.length)
      await tx.insert(clubReviews).values(
        directory.reviews.map((r) => ({
          clubId: listed[r.club]!.id,
          authorId: r.authorId,
          rating: r.rating,
          body: r.body,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
        })),
      );
  });

  const rowsDone = performance.now();
  const pictures = opts.storage && drawPictures ? await seedPictures(db, members, opts.storage, opts.log, drawPictures) : 0;

  await db
    .insert(account)
    .values({ id: credentialId(DEMO_ID), accountId: DEMO_ID, providerId: 'credential', userId: DEMO_ID, password: passwordHash });
  opts.log.info(
    {
      members: members.length,
      messages: community.messages.length,
      likes: community.likes.length,
      views: community.views.length,
      pictures,
      ms: Math.round(performance.now() - started),
      picturesMs: Math.round(performance.now() - rowsDone),
    },
    'demo community seeded',
  );
  return credentials;
}
