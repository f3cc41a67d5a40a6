export default async function globalTeardown() {
  await (globalThis as { __lcServices?: { stop(): Promise<void> } }).__lcServices?.stop();
}
