import { Box, Divider, ScrollArea } from '@mantine/core';
import { OrgSwitcher } from '../../features/organizations/org-switcher.tsx';
import { NavLinks } from './nav-links.tsx';

interface SidebarProps {
  signedIn: boolean;
  wide: boolean;
  compact: boolean;
  onNavigate: () => void;
}

/** The sidebar content, shared by the fixed navbar (wide) and the hamburger drawer (narrow). */
export function Sidebar({ signedIn, wide, compact, onNavigate }: SidebarProps) {
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {signedIn && (
        <>
          <Box p={compact ? 'xs' : 'sm'}>
            <OrgSwitcher />
          </Box>
          <Divider />
        </>
      )}
      <ScrollArea style={{ flex: 1 }} type="scroll" p={compact ? 'xs' : 'sm'}>
        <NavLinks signedIn={signedIn} wide={wide} compact={compact} onNavigate={onNavigate} />
      </ScrollArea>
    </Box>
  );
}
