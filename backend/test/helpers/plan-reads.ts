import type { ClientBase } from 'pg';

/** One node of EXPLAIN's JSON plan. */
export type PlanNode = Record<string, any> & { Plans?: PlanNode[] };

export interface PlanReading {
  /** Shared buffers the plan read (hit or read from disk), the statement's budget unit. */
  pages: number;
  plan: PlanNode;
  executionMs: number;
}

/**
 * How many times a statement runs under EXPLAIN: a backend loads catalog rows (a text search
 * configuration, the output function of each type row_to_json writes) the first time a statement
 * needs them, and again after its caches are reset, which a busy cluster forces now and then.
 * EXPLAIN counts those reads in the plan node that caused them: 16 extra pages for to_tsquery in a
 * new connection, and once in CI 112 pages for a page of the directory that reads 5. The plan's
 * own reads are the same on every run and catalog loads only add to them, so the fewest of three
 * runs is what the plan reads.
 */
const RUNS = 3;

/**
 * `explain (analyze, buffers, format json) <explained>` run RUNS times on `pg`; the reading with
 * the fewest pages. `explained` is a statement or `execute name(...)` of a prepared one.
 */
export async function planReads(pg: ClientBase, explained: string, values: unknown[] = []): Promise<PlanReading> {
  let least: PlanReading | undefined;
  for (let run = 0; run < RUNS; run++) {
    const { rows } = await pg.query(`explain (analyze, buffers, format json) ${explained}`, values);
    const [root] = rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[];
    const pages = root.Plan['Shared Hit Blocks'] + root.Plan['Shared Read Blocks'];
    if (!least || pages < least.pages) least = { pages, plan: root.Plan, executionMs: root['Execution Time'] };
  }
  return least!;
}
