import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from '../../eslint.boundaries.js';

/**
 * The walls of DESIGN.md §4 hold: each forbidden import, placed where it is forbidden, is an error of
 * `npm run lint` (the same rules, eslint.boundaries.js, that eslint.config.js includes), and the
 * allowed ones beside it are not.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
});

async function errorsOf(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (npm run lint)', () => {
  it('core imports neither the server nor the web app', async () => {
    expect(await errorsOf('core/src/x.ts', "import { createApp } from '../../server/src/app';")).toHaveLength(1);
    expect(await errorsOf('core/src/x.ts', "import { api } from '../../web/src/lib/api-client';")).toHaveLength(1);
    expect(await errorsOf('core/src/x.ts', "import { messages } from './messages';")).toEqual([]);
  });

  it('the web app never imports server code', async () => {
    const errors = await errorsOf(
      'web/src/features/x/X.tsx',
      "import type { MemberRow } from '../../../../server/src/modules/members/members.repository';",
    );
    expect(errors).toEqual([expect.stringContaining('never imports server code')]);
    expect(await errorsOf('web/src/features/x/X.tsx', "import { messages } from '@velvet/core/messages';")).toEqual([]);
  });

  it('server plumbing never imports a module', async () => {
    for (const dir of ['db', 'middleware', 'realtime', 'storage', 'mail', 'auth'])
      expect(await errorsOf(`server/src/${dir}/x.ts`, "import { membersService } from '../modules/members/members.service';"), dir).toEqual(
        [expect.stringContaining('never imports a module')],
      );
    expect(await errorsOf('server/src/db/x.ts', "import { sql } from 'drizzle-orm';\nimport { activityKey } from './visibility';")).toEqual(
      [],
    );
  });

  it('a module reaches another only through its public file', async () => {
    const from = 'server/src/modules/discover/x.ts';
    expect(await errorsOf(from, "import { toMemberCard } from '../members/member-card';")).toEqual([
      expect.stringContaining('only through its public file'),
    ]);
    expect(await errorsOf(from, "import { membersRepository } from '../members/members.repository';")).toHaveLength(1);
    expect(await errorsOf(from, "import { toMemberCard } from '../members/members.public';")).toEqual([]);
    // its own files and the plumbing are fine
    expect(
      await errorsOf(from, "import { discoverService } from './discover.service';\nimport { nearestWalk } from '../../db/nearest';"),
    ).toEqual([]);
  });
});
