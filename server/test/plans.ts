import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** A node of a statement's plan (EXPLAIN's JSON form), with the keys the plan tests read. */
type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Parent Relationship'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Order By'?: string;
  /** with `analyze`: how many times the node ran (0: never), and the rows it gave each time */
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
};
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Every node of the plan PostgreSQL (or PGlite) makes for `query`, under planner settings that last
 * for that one plan (`set local`: e.g. a kind of read priced out, or the generic plan forced); with
 * `analyze`, the statement is run too, and each node says how often it ran.
 */
export async function planNodes(db: Db, query: SQL, settings: Record<string, string>, { analyze = false } = {}): Promise<PlanNode[]> {
  return db.transaction(async (tx) => {
    for (const [name, value] of Object.entries(settings)) await tx.execute(sql`select set_config(${name}, ${value}, true)`);
    const { rows } = (await tx.execute(
      analyze ? sql`explain (analyze, format json) ${query}` : sql`explain (format json) ${query}`,
    )) as unknown as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
    };
    const plan = rows[0]!['QUERY PLAN'];
    return nodesOf((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
  });
}
