import { startTestServices } from './services';

export default async function globalSetup() {
  const services = await startTestServices();
  process.env.LC_TEST_PG_ADMIN_URL = services.pgAdminUrl;
  process.env.LC_TEST_REDIS_URL = services.redisUrl;
  (globalThis as { __lcServices?: typeof services }).__lcServices = services;
}
