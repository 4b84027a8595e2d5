import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app.tsx';
import './admin.css';

/** Marks the document as taken over by React, the same signal the public pages give (tests wait for it). */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const container = document.getElementById('admin-root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <ReadyMarker />
      <AdminApp />
    </StrictMode>,
  );
}
