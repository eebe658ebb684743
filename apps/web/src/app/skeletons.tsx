// Placeholders drawn while a chunk or the session check loads, in the frame's own geometry, so the screen
// that replaces them moves nothing (no layout shift: decision 0100). No data, no database code: they are in the entry chunk.

/**
 * A screen's heading and a few rows (LoadingBlock's), in the page area. Without words: the frame's skeleton is also
 * markup the build renders once for every language, before any message catalog exists (vite.config.ts), and the
 * sign-up and crisis pages draw it before the shared catalog is loaded; the area says it is busy instead.
 */
export function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl" aria-busy="true">
      <div className="skeleton mb-6 h-8 w-48" aria-hidden="true" />
      <div className="flex flex-col gap-3 py-2" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton h-16 w-full" />
        ))}
      </div>
    </div>
  );
}

/** The top bar's menu icon (the frame's button below 1024 px), drawn by the skeleton too. */
export function MenuIcon() {
  return (
    <svg aria-hidden="true" className="h-5 w-5 shrink-0" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.5}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />
    </svg>
  );
}

/**
 * The signed-in frame (sidebar from 1024 px, top bar) around a page skeleton. The build also renders it to
 * `shell.html`, which the server puts in the page of every signed-in path (vite.config.ts, decision 0100): a phone
 * draws it before any script has run, and React replaces it.
 */
export function ShellSkeleton() {
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-64 shrink-0 border-r border-base-300 bg-base-100 lg:block" aria-hidden="true">
        <div className="flex items-center gap-3 px-5 py-4">
          <div className="skeleton h-9 w-9 rounded-lg" />
          <div className="skeleton h-5 w-28" />
        </div>
        <div className="flex flex-col gap-3 px-5 pt-2">
          {[0, 1, 2, 3, 4].map((i) => <div key={i} className="skeleton h-6 w-40" />)}
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="sticky top-0 z-20 flex h-[57px] items-center gap-2 border-b border-base-300 bg-base-100 px-3 sm:px-5" aria-hidden="true">
          <span className="btn btn-ghost btn-square pointer-events-none lg:hidden"><MenuIcon /></span>
          <div className="skeleton h-6 w-28 lg:hidden" />
          <div className="flex-1" />
          <div className="skeleton h-8 w-8 rounded-full" />
        </div>
        <main className="flex-1 p-4 sm:p-6">
          <PageSkeleton />
        </main>
      </div>
    </div>
  );
}
