import { migrationsList } from '../../src/migrations';
import { createTestApp, eventually, TestApp } from '../helpers/test-app';

// An orchestrator starts a new version's api beside the job that migrates the database
// (deploy/swarm, deploy/kubernetes). Until the database has every migration that code knows, its
// health says so and nothing is routed to it (decision 0321).
describe('health while the database lacks a migration this version needs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 "migrations pending" until the migration is there, then 200', async () => {
    const newest = migrationsList.at(-1)!.name;
    const [row] = await t.sql<{ executed_at: string }>(
      'delete from mikro_orm_migrations where name = $1 returning executed_at',
      [newest],
    );
    // The app's Redis connection may still be opening on a busy machine: health says 'down' until then.
    const pending = await eventually(
      () => t.http().get('/api/health'),
      (r) => r.body.redis === 'up',
    );
    expect({ status: pending.status, body: pending.body }).toEqual({
      status: 503,
      body: { status: 'migrations pending', database: 'up', redis: 'up' },
    });

    await t.sql('insert into mikro_orm_migrations (name, executed_at) values ($1, $2)', [newest, row!.executed_at]);
    const ready = await t.http().get('/api/health');
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up', redis: 'up' },
    });
  });
});
