import { Alert } from '@mui/material';
import { useState } from 'react';
import { Login, LoginForm } from 'react-admin';
import { SESSION_EXPIRED_MESSAGE, sessionExpired } from './auth-provider.ts';

/** react-admin's login, with a notice when the admin arrives here because her session ended. */
export function LoginPage() {
  const [expired] = useState(sessionExpired);
  return (
    <Login>
      {expired ? (
        <Alert severity="warning" role="alert" sx={{ mx: 2, mt: 2 }}>
          {SESSION_EXPIRED_MESSAGE}
        </Alert>
      ) : null}
      <LoginForm />
    </Login>
  );
}
