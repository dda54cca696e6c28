// What autovacuum does to a live database, for a PostgreSQL whose autovacuum is off (this machine's):
// the benches call it between measurements, so the tables they read are as vacuumed as autovacuum
// keeps them under the same writes, neither fresher nor staler.

/** The tables the discovery lists read. */
export const DISCOVERY_TABLES = [
  'profiles',
  'member_cells',
  'member_name_starts',
  'member_online',
  'likes',
  'user_blocks',
  'profile_views',
  'media',
];

/**
 * Vacuums (and analyzes) each of `tables` that autovacuum would by now, by the server's own settings
 * (PostgreSQL's defaults unless changed: a vacuum once dead rows pass 50 + 20 % of the table, or rows
 * inserted since the last pass 1 000 + 20 %; an analyze once changes pass 50 + 10 %), and nothing
 * else. Returns the tables it vacuumed. `client`: a node-postgres client (or pool) on the database.
 */
export async function autovacuumAsPostgres(client, tables = DISCOVERY_TABLES) {
  const { rows } = await client.query(
    `select s.relname as name,
       s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
         + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
       or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
         + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0) as vacuum,
       s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
         + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0) as analyze
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = 'public' and s.relname = any($1)`,
    [tables],
  );
  const done = [];
  for (const t of rows) {
    // the names come from the catalogue and were asked for by name: plain identifiers
    if (t.vacuum) await client.query(`vacuum (analyze) "${t.name}"`);
    else if (t.analyze) await client.query(`analyze "${t.name}"`);
    if (t.vacuum) done.push(t.name);
  }
  return done;
}
