import { describe, expect, it } from 'vitest';
import { lastTabValue } from './last-tab.ts';
import { afterLoginPath, startPath } from './start-rules.ts';
import { tabFromPath } from './tabs.ts';

describe('tab paths', () => {
  it('maps URL paths to tabs, with ids where a tab takes one', () => {
    expect(tabFromPath('/')?.tab.name).toBe('home');
    expect(tabFromPath('/queue')?.tab.name).toBe('queue');
    expect(tabFromPath('/members-view/12')).toMatchObject({ tab: { name: 'members-view' }, id: '12' });
    expect(tabFromPath('/members-view')).toBeNull();
    expect(tabFromPath('/dashboard/3')).toBeNull();
    // Tabs whose id is optional: the list, one item, a subview of it.
    expect(tabFromPath('/queue/3')).toMatchObject({ tab: { name: 'queue' }, id: '3' });
    expect(tabFromPath('/queue/3/edit')).toMatchObject({ tab: { name: 'queue' }, id: '3', subview: 'edit' });
    expect(tabFromPath('/queue/3/delete')).toBeNull();
    expect(tabFromPath('/members-view/3/edit')).toBeNull();
    expect(tabFromPath('/home')).toBeNull();
    expect(tabFromPath('/login')).toBeNull();
  });

  it('stores restorable tabs only', () => {
    expect(lastTabValue('/')).toBe('home');
    expect(lastTabValue('/enrollments-view/4')).toBe('enrollments-view/4');
    expect(lastTabValue('/queue/4/edit')).toBe('queue/4/edit');
    expect(lastTabValue('/register')).toBeNull();
    expect(lastTabValue('/login')).toBeNull();
  });
});

describe('afterLoginPath (003 §2.1)', () => {
  it('goes to the stored tab, else the dashboard', () => {
    expect(afterLoginPath('queue')).toBe('/queue');
    expect(afterLoginPath('members-edit/9')).toBe('/members-edit/9');
    expect(afterLoginPath(null)).toBe('/dashboard');
    expect(afterLoginPath('home')).toBe('/dashboard');
    expect(afterLoginPath('forgot-password')).toBe('/dashboard');
  });
});

describe('startPath (003 §2.1)', () => {
  it('starts narrow screens without a stored tab at livefeed', () => {
    expect(startPath({ storedTab: null, wide: false, signedIn: false })).toBe('/livefeed');
    expect(startPath({ storedTab: null, wide: true, signedIn: false })).toBeNull();
  });

  it('restores a stored tab the visitor may see', () => {
    expect(startPath({ storedTab: 'queue', wide: true, signedIn: true })).toBe('/queue');
    expect(startPath({ storedTab: 'queue', wide: false, signedIn: false })).toBeNull();
    expect(startPath({ storedTab: 'provider-directory', wide: false, signedIn: false })).toBe(
      '/provider-directory',
    );
    expect(startPath({ storedTab: 'home', wide: false, signedIn: true })).toBeNull();
  });
});
