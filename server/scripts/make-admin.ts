// Makes an existing account an admin:   npm run make-admin -- someone@example.com
// (the first admin of a new site; ADMIN_EMAILS does the same at every start). Uses the same
// configuration as the server (DATABASE_URL, or the embedded database under DATA_DIR): stop a running
// server first when it uses the embedded database, which one process opens at a time.
import { ConfigError, loadConfig } from '../src/config/env';
import { accountExists, makeAdmins } from '../src/db/admins';
import { openConfiguredDatabase } from '../src/server';

const email = process.argv[2]?.trim();
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  if (!(await accountExists(database.db, email))) {
    console.error(
      `No account has the address ${email}. Sign up with it first (or put it in ADMIN_EMAILS: it becomes an admin at sign-up).`,
    );
    process.exitCode = 1;
  } else {
    const changed = await makeAdmins(database.db, [email]);
    console.log(changed.length ? `${email} is now an admin.` : `${email} was already an admin.`);
  }
} finally {
  await database.close();
}
