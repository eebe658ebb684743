import { afterEach, describe, expect, it } from 'vitest';
import { firstAreas, segmentAreas } from './first-areas';
import { rememberScreens } from './home-hint';

afterEach(() => localStorage.clear());

describe('the catalogs loaded at start-up', () => {
  it('loads the sign-in pages\' and the crisis screen\'s own catalog only', () => {
    expect(firstAreas('/login')).toEqual(['auth']);
    expect(firstAreas('/register')).toEqual(['auth']);
    expect(firstAreas('/crisis')).toEqual(['crisis']);
  });

  it('loads a main screen\'s own catalog beside the frame\'s, not after its first render', () => {
    expect(firstAreas('/appointments')).toEqual(['frame', 'crisis', 'common', 'appointments']);
    expect(firstAreas('/reports')).toEqual(['frame', 'crisis', 'common', 'reports']);
    expect(firstAreas('/categories')).toEqual(['frame', 'crisis', 'common', 'categories']);
    expect(firstAreas('/profile')).toEqual(['frame', 'crisis', 'common', 'profile']);
    expect(firstAreas('/settings/roles')).toEqual(['frame', 'crisis', 'common', 'roles']);
    expect(firstAreas('/lending/loans')).toEqual(['frame', 'crisis', 'common', 'lending']);
  });

  it('at the landing address, loads the catalog of the screen this device\'s user lands on', () => {
    expect(firstAreas('/')).toEqual(['frame', 'crisis', 'common', 'appointments']);
    rememberScreens('/lending/loans', ['/lending/loans', '/lending/customers']);
    expect(firstAreas('/')).toEqual(['frame', 'crisis', 'common', 'lending']);
    rememberScreens('/categories', ['/categories']);
    expect(firstAreas('/')).toEqual(['frame', 'crisis', 'common', 'categories']);
  });

  it('loads only the frame\'s catalogs on a screen without an entry (its own loads with it)', () => {
    expect(firstAreas('/clients/7/notes')).toEqual(['frame', 'crisis', 'common']);
  });
});

describe("the catalogs the build lists for each path's page (decision 0345)", () => {
  it("are the ones the app loads at start-up on that path's main screen", () => {
    for (const path of ['/appointments', '/categories', '/reports', '/profile', '/schedule', '/lending', '/sync', '/settings', '/register', '/crisis']) {
      expect(segmentAreas(path.split('/')[1]!), path).toEqual(firstAreas(path));
    }
    expect(segmentAreas('clients')).toEqual(['frame', 'crisis', 'common']);
  });
});
