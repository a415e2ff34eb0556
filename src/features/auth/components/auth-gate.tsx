import type { ReactNode } from 'react';
import { useToken } from '../use-token';
import { SignInScreen } from './sign-in-screen';

/** Renders the app for a signed-in user, the sign-in screen otherwise, without touching the URL. */
export function AuthGate({ children }: { children: ReactNode }) {
  const token = useToken();
  return token ? children : <SignInScreen />;
}
