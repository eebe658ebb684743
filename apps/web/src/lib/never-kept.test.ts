// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { snapshotKey } from '../last-screen/snapshot';
import { NEVER_KEPT } from './never-kept';

// Groups name people in treatment and show who came (decision 0340): like the client file, nothing of the screen is
// kept in the browser, neither a last-screen snapshot nor the addresses of its start-up reads (decision 0357).

const at = (pathname: string) => ({ pathname, search: '' });

describe('screens never kept', () => {
  it('Groups, a group and its sessions are never kept; Workshops (open sign-up, no treatment) still are', () => {
    for (const path of ['/groups', '/groups/4b1c', '/group-notes/gn-1', '/clients/12', '/triage']) {
      expect(NEVER_KEPT.test(path), path).toBe(true);
      expect(snapshotKey(at(path)), path).toBeNull();
    }
    for (const path of ['/workshops', '/appointments', '/groups-guide']) {
      expect(NEVER_KEPT.test(path), path).toBe(false);
      expect(snapshotKey(at(path)), path).not.toBeNull();
    }
  });
});
