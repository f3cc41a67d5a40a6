import { existsSync } from 'node:fs';
import { join } from 'node:path';
import globalApiSetup from '../../backend/test/helpers/global-setup';

/** Browser journeys need the built front ends (npm test builds them first) and the test engines. */
export default async function globalSetup() {
  const root = join(__dirname, '../..');
  for (const index of ['public-site/dist/index.html', 'admin-console/dist/index.html']) {
    if (!existsSync(join(root, index)))
      throw new Error(`${index} is missing: run npm run build (npm test does it for you)`);
  }
  await globalApiSetup();
}
