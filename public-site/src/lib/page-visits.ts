/**
 * Which profile the server drew on this load, for the creator's numbers (decision 0820): that
 * view was counted with the page, so the read that follows says so. Where a view came from is the
 * `ref` of the site's own links (decision 0850), not the previous page.
 */
const drawnProfiles = new Set<string>();

/** main.tsx: the server drew this profile's page (its data came with it). */
export function noteDrawnProfile(id: string) {
  drawnProfiles.add(id);
}

/** True once for a profile the server drew on this load: its view is already counted. */
export function takeDrawnView(id: string): boolean {
  return drawnProfiles.delete(id);
}
