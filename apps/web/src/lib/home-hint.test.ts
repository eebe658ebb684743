import { beforeEach, describe, expect, it } from 'vitest';
import { rememberScreens, screenToReady } from './home-hint';

describe('screenToReady', () => {
  beforeEach(() => localStorage.clear());

  it('with nothing kept, readies the dashboard and its lists as before', () => {
    expect(screenToReady('/')).toEqual({ screen: '', listsAllowed: true });
    expect(screenToReady('/appointments')).toEqual({ screen: 'appointments', listsAllowed: true });
  });

  it("readies a clerk's own landing screen at '/' and asks for no appointment lists", () => {
    rememberScreens('/lending', ['/lending']);
    expect(screenToReady('/')).toEqual({ screen: 'lending', listsAllowed: true });
    expect(screenToReady('/appointments')).toEqual({ screen: 'appointments', listsAllowed: false });
    expect(screenToReady('/categories').listsAllowed).toBe(false);
    expect(screenToReady('/profile').listsAllowed).toBe(true);
  });

  it("keeps the dashboard at '/' for a user who lands on Appointments", () => {
    rememberScreens('/appointments', ['/appointments', '/categories']);
    expect(screenToReady('/')).toEqual({ screen: '', listsAllowed: true });
    expect(screenToReady('/categories').listsAllowed).toBe(true);
  });

  it('reads an unreadable hint as nothing kept', () => {
    localStorage.setItem('screens_hint', '{oops');
    expect(screenToReady('/')).toEqual({ screen: '', listsAllowed: true });
  });
});
