import { Center, Loader, Modal } from '@mantine/core';
import { lazyComponent } from '../lazy-component.tsx';
import { useOverlays } from '../overlays/overlay-context.tsx';

/** The form is fetched when the dialog first opens (issue #13: not with every page). */
export const SignInForm = lazyComponent(
  () => import('../../features/auth/sign-in-form.tsx').then((m) => m.SignInForm),
  {
    fallback: (
      <Center mih={320}>
        <Loader aria-label="Loading" />
      </Center>
    ),
  },
);

/**
 * 003 §2.2: the login modal closes on a backdrop click or its close button. Its parts are spelled out so the
 * dialog gets a name (the form's own heading shows the title; a Modal `title` would show a second one).
 */
export function LoginModal() {
  const { loginOpen, closeLogin } = useOverlays();
  return (
    <Modal.Root opened={loginOpen} onClose={closeLogin} closeOnClickOutside centered size="md">
      <Modal.Overlay />
      <Modal.Content aria-label="Sign in">
        <Modal.Header>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <SignInForm onCancel={closeLogin} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
