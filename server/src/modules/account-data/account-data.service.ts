import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { messages } from '@velvet/core/messages';
import { FRESH_SIGN_IN_MINUTES, type DeleteAccountInput } from '@velvet/core/schemas/account-data.schema';
import { AppError } from '../../middleware/errors';
import type { Storage } from '../../storage/storage';
import type { Logger } from '../../logger';
import type { AccountDataRepository } from './account-data.repository';

export interface AccountDataDeps {
  repo: AccountDataRepository;
  storage: Storage;
  log: Logger;
  /** better-auth's password check against a stored hash */
  verifyPassword(hash: string, password: string): Promise<boolean>;
  now?: () => number;
}

/** The member's data rights (UK GDPR): a copy of everything held about them, and erasure. */
export function accountDataService(deps: AccountDataDeps) {
  const { repo, storage, log } = deps;
  const now = deps.now ?? Date.now;

  return {
    /**
     * A zip of data.json and the member's photo files, streamed: data.json is built in memory (rows,
     * not files), each photo is read from storage only when the archive reaches it.
     */
    async exportArchive(me: string): Promise<Readable> {
      const data = await repo.export(me);
      const files = await repo.photoFiles(me);
      const zip = new ZipFile();
      const exported = { exportedAt: new Date(now()).toISOString(), ...data };
      zip.addBuffer(Buffer.from(JSON.stringify(exported, null, 2)), 'data.json');
      for (const photo of files) {
        zip.addReadStreamLazy(photo.file, (done) => {
          storage.get(photo.storageKey).then(
            (object) => {
              if (object) return done(null, object.body);
              // a row whose file went missing: the archive says so rather than failing
              log.warn({ key: photo.storageKey }, 'export: photo file missing');
              const missing = new PassThrough();
              missing.end();
              done(null, missing);
            },
            (err: unknown) => done(err, new PassThrough()),
          );
        });
      }
      zip.end();
      return zip.outputStream as Readable;
    },

    /**
     * Deletes the member for good. With a password: it must be theirs. Without one (an account that
     * signs in only with a provider): the session must come from a sign-in in the last few minutes.
     * Rows go in one transaction; files after it has committed.
     */
    async deleteAccount(me: string, sessionId: string, input: DeleteAccountInput): Promise<void> {
      const hash = await repo.passwordHash(me);
      if (hash !== null) {
        if (!input.password) throw new AppError(400, 'PASSWORD_REQUIRED', messages.account.passwordRequired);
        if (!(await deps.verifyPassword(hash, input.password)))
          throw new AppError(403, 'WRONG_PASSWORD', messages.dataRights.wrongPassword);
      } else {
        const signedInAt = await repo.sessionStartedAt(me, sessionId);
        if (!signedInAt) throw new AppError(401, 'UNAUTHENTICATED', messages.errors.unauthenticated);
        if (!(now() - signedInAt.getTime() < FRESH_SIGN_IN_MINUTES * 60_000))
          throw new AppError(403, 'FRESH_SIGN_IN_REQUIRED', messages.dataRights.freshSignInRequired);
      }
      const keys = await repo.deleteMember(me);
      if (keys === null) throw new AppError(401, 'UNAUTHENTICATED', messages.errors.unauthenticated);
      // the rows are gone for good; a file that fails to go now is logged for the operator
      const results = await Promise.allSettled([...keys.map((key) => storage.delete(key)), storage.deleteFolder(me)]);
      for (const r of results)
        if (r.status === 'rejected') log.error({ err: r.reason, member: me }, 'account deletion: a file was not deleted');
    },
  };
}
export type AccountDataService = ReturnType<typeof accountDataService>;
