import { count, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { account, profiles, user } from '../db/schema/index';
import type { Logger } from '../logger';
import type { Storage } from '../storage/storage';
import { mediaRepository } from '../modules/media/media.repository';
import { mediaService } from '../modules/media/media.service';
import { demoMembers, DEMO_EMAIL, DEMO_PASSWORD } from './demo-members';
import { demoAvatar, demoCover } from './demo-images';

/** Seeding runs on an empty embedded database, unless told otherwise (DESIGN.md §6). */
export function shouldSeed(config: Config) {
  if (config.seed === 'never') return false;
  if (config.seed === 'always') return true;
  return config.env !== 'production' && !config.databaseUrl;
}

/** Creates the demo community once; later starts find it and do nothing (idempotent). */
export async function seedDemoCommunity(db: Db, opts: { log: Logger; storage?: Storage }) {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL));
  if (!existing) {
    const [{ value: users } = { value: 0 }] = await db.select({ value: count() }).from(user);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const members = demoMembers();
    await db.transaction(async (tx) => {
      for (const m of members) {
        await tx
          .insert(user)
          .values({ id: m.id, name: m.displayName, email: m.email, emailVerified: true, createdAt: m.joinedAt, updatedAt: m.joinedAt });
        await tx
          .insert(account)
          .values({ id: `acc_${m.id}`, accountId: m.id, providerId: 'credential', userId: m.id, password: passwordHash });
        if (m.profile) await tx.insert(profiles).values({ userId: m.id, isDemo: true, ...m.profile });
      }
    });
    // pictures go through the members' own upload path: re-encoded, thumbnailed, stored
    if (opts.storage) {
      const media = mediaService({ repo: mediaRepository(db), storage: opts.storage, log: opts.log });
      const withProfiles = members.filter((m) => m.profile);
      // render in parallel (sharp's thread pool); store one by one (the embedded database is one connection)
      const pictures = await Promise.all(
        withProfiles.map(async (m) => ({
          id: m.id,
          avatar: await demoAvatar(m.id, m.profile?.kind ?? 'individual'),
          cover: await demoCover(m.id),
        })),
      );
      for (const p of pictures) {
        await media.upload(p.id, 'avatar', p.avatar);
        await media.upload(p.id, 'cover', p.cover);
      }
    }
    opts.log.info({ members: members.length, existingUsers: users }, 'demo community seeded');
  }
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
