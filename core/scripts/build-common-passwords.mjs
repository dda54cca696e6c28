// npm run build:passwords: extracts the common passwords that new passwords are checked against
// (src/passwords/common-password.ts; NIST 800-63B) from @zxcvbn-ts/language-common's password
// dictionary (MIT; a dev dependency) into src/passwords/common-passwords.list.ts, which is committed:
// the server ships it and checks offline, and the web app loads it as its own chunk, only on the
// pages that set a password.
//
// Kept: the passwords of 8 characters or more (shorter ones fail the length rule anyway), lower
// case (the check lowercases), in the dictionary's order, most common first.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';

const require = createRequire(import.meta.url);
const { version } = require('@zxcvbn-ts/language-common/package.json');
const out = fileURLToPath(new URL('../src/passwords/common-passwords.list.ts', import.meta.url));

const MIN_LENGTH = 8;
const MAX_LENGTH = 128;
const passwords = [...new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))].filter(
  (p) => p.length >= MIN_LENGTH && p.length <= MAX_LENGTH && !p.includes('\n'),
);
// one password a line in a template literal: escape what a template literal would read
const escape = (p) => p.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, '\\${');
const source = `// The ${passwords.length} most common passwords of 8 characters or more, lower case, most common first:
// @zxcvbn-ts/language-common ${version} (MIT), passwords-common. Made by npm run build:passwords; do not edit.
export default \`${passwords.map(escape).join('\n')}\`;
`;
writeFileSync(out, source);
console.log(`${passwords.length} passwords → ${out}`);
