/** The football mark used in the header, the landing page and the sign-in page. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <ellipse cx="16" cy="16" rx="11" ry="7" transform="rotate(-35 16 16)" fill="#8b4513" />
      <path
        d="M11 21 21 11M13.5 15.5l3 3M15.5 13.5l3 3M11.5 17.5l3 3"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
