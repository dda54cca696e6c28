import { DELETED_ACCOUNT_RECORDS_DAYS } from '@velvet/core/constants/retention';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage/storage';
import type { ModerationRepository } from './moderation.repository';

/** How often each server process looks for records past their time: they are erased within an hour of it. */
export const RETENTION_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * The bound on what is kept after an account is deleted (core/constants/retention.ts): reports about
 * it, their kept copies and the log's entries about it are erased once they are that old. Every
 * process runs it (on start, then hourly); it is idempotent, so two instances running it at once
 * erase each row once and delete a copy that is already gone without harm.
 */
export function recordsRetention(deps: { repo: ModerationRepository; storage: Storage; log: Logger; days?: number }) {
  const { repo, storage, log, days = DELETED_ACCOUNT_RECORDS_DAYS } = deps;
  return {
    sweep: async (): Promise<{ copies: number }> => {
      const keys = await repo.eraseDeletedAccountRecords(days);
      for (const key of keys) await storage.delete(key).catch((err: unknown) => log.warn({ err }, 'could not delete a report copy'));
      if (keys.length) log.info({ copies: keys.length }, 'records of deleted accounts erased');
      return { copies: keys.length };
    },
  };
}
