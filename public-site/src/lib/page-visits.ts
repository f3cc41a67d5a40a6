/**
 * Which page of the site a visitor was on before this one, for the creator's numbers (decision
 * 0820): a profile read made after a move inside the site (no new page load) names it as its
 * Referer, so the server can tell a search from the directory. And which profile the server drew
 * on this load: that view was counted with the page, so the signed-in read that follows says so.
 */
let current: string | null = null;
let previous: string | null = null;
const drawnProfiles = new Set<string>();

/** Layout calls this on every move (path and query). */
export function notePage(address: string) {
  if (address === current) return;
  previous = current;
  current = address;
}

/** The absolute address of the page before this one on the site, if the visitor moved inside it. */
export function cameFrom(): string | undefined {
  const here = location.pathname + location.search;
  const from = current === here ? previous : current;
  return from ? new URL(from, location.origin).href : undefined;
}

/** main.tsx: the server drew this profile's page (its data came with it). */
export function noteDrawnProfile(id: string) {
  drawnProfiles.add(id);
}

/** True once for a profile the server drew on this load: its view is already counted. */
export function takeDrawnView(id: string): boolean {
  return drawnProfiles.delete(id);
}
