import pg from 'pg';

/** Runs one statement on the PostgreSQL server itself (creating or dropping a database needs no transaction). */
async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database `name` on the server at `serverUrl`: its URL. */
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` (whoever is still connected to it). */
export function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, `drop database if exists ${name} with (force)`);
}
