'use client';

/** The generic error screen's 'Reload Page' button (spec §2). */
export function ReloadButton() {
  return (
    <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
      Reload Page
    </button>
  );
}
