import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

// 003 §2.2: the shell's overlays (login modal, the navigation drawer on narrow screens). Logout closes them
// all (003 §4.4).

interface Overlays {
  loginOpen: boolean;
  openLogin: () => void;
  closeLogin: () => void;
  navOpen: boolean;
  toggleNav: () => void;
  closeNav: () => void;
  closeAll: () => void;
}

const OverlayContext = createContext<Overlays | null>(null);

export function OverlayProvider({ children }: { children: ReactNode }) {
  const [loginOpen, setLoginOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const closeAll = useCallback(() => {
    setLoginOpen(false);
    setNavOpen(false);
  }, []);
  const value = useMemo<Overlays>(
    () => ({
      loginOpen,
      openLogin: () => {
        setNavOpen(false);
        setLoginOpen(true);
      },
      closeLogin: () => setLoginOpen(false),
      navOpen,
      toggleNav: () => setNavOpen((open) => !open),
      closeNav: () => setNavOpen(false),
      closeAll,
    }),
    [loginOpen, navOpen, closeAll],
  );
  return <OverlayContext value={value}>{children}</OverlayContext>;
}

export function useOverlays(): Overlays {
  const value = useContext(OverlayContext);
  if (!value) throw new Error('useOverlays must be used inside OverlayProvider');
  return value;
}
