import path from 'node:path';
import type { Config } from '../config/env';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

/**
 * The configured driver: the S3-compatible bucket when S3_* is set, else local disk under
 * DATA_DIR/uploads. The AWS SDK is loaded only when S3 is used (it costs start-up time).
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  if (config.s3) {
    const { createS3Storage } = await import('./s3-storage');
    return createS3Storage(config.s3);
  }
  return createLocalStorage(path.join(config.dataDir, 'uploads'));
}
