import { Modal } from '@mantine/core';
import { SignInForm } from '../../features/auth/sign-in-form.tsx';
import { useOverlays } from '../overlays/overlay-context.tsx';

/** 003 §2.2: the login modal closes on a backdrop click or its close button. */
export function LoginModal() {
  const { loginOpen, closeLogin } = useOverlays();
  return (
    <Modal opened={loginOpen} onClose={closeLogin} closeOnClickOutside withCloseButton centered size="md">
      <SignInForm onCancel={closeLogin} />
    </Modal>
  );
}
