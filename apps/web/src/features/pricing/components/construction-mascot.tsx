/**
 * Radi, Radica's construction mascot (seed 002 §2 "construction mascot image"): a round, smiling worker in a yellow
 * hard hat and a safety vest, waving beside a traffic cone. Original artwork drawn for Radica as inline SVG, so it
 * costs no request and follows the theme through its classes (the backdrop and outlines change in the dark theme).
 * Decorative: hidden from assistive technology; the page's title says what the page is.
 */
export function ConstructionMascot({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 200 200"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-testid="construction-mascot"
    >
      <circle cx="100" cy="106" r="90" className="fill-amber-100 dark:fill-slate-800" />
      <ellipse cx="100" cy="184" rx="62" ry="7" className="fill-slate-900/10 dark:fill-black/40" />

      <g className="stroke-slate-800 dark:stroke-slate-950" strokeWidth="3" strokeLinejoin="round">
        {/* traffic cone */}
        <path d="M160 128 L176 182 L144 182 Z" className="fill-orange-500" />
        <path d="M154 152 L166 152 L169 163 L151 163 Z" className="fill-white" strokeWidth="0" />
        <rect x="138" y="178" width="44" height="7" rx="3" className="fill-orange-600" />

        {/* boots */}
        <rect x="72" y="166" width="22" height="16" rx="7" className="fill-slate-700" />
        <rect x="106" y="166" width="22" height="16" rx="7" className="fill-slate-700" />

        {/* waving arm and the arm at rest */}
        <path d="M66 128 Q48 118 42 96" fill="none" strokeWidth="14" strokeLinecap="round" />
        <path
          d="M66 128 Q48 118 42 96"
          fill="none"
          strokeWidth="9"
          strokeLinecap="round"
          className="stroke-orange-200"
        />
        <circle cx="41" cy="92" r="9" className="fill-orange-200" />
        <path d="M134 130 Q146 142 144 156" fill="none" strokeWidth="14" strokeLinecap="round" />
        <path
          d="M134 130 Q146 142 144 156"
          fill="none"
          strokeWidth="9"
          strokeLinecap="round"
          className="stroke-orange-200"
        />
        <circle cx="144" cy="158" r="8" className="fill-orange-200" />

        {/* body in overalls with a safety vest */}
        <rect x="62" y="110" width="76" height="64" rx="28" className="fill-brand-600" />
        <path d="M70 118 Q100 108 130 118 L126 168 Q100 174 74 168 Z" className="fill-orange-500" />
        <path d="M73 140 L127 140" className="stroke-yellow-100" strokeWidth="6" />
        <path d="M72 154 L128 154" className="stroke-yellow-100" strokeWidth="6" />
        <path d="M100 116 L100 170" className="stroke-orange-700" strokeWidth="2" />

        {/* head */}
        <circle cx="100" cy="86" r="38" className="fill-orange-200" />
      </g>

      {/* face */}
      <ellipse cx="86" cy="90" rx="5" ry="6.5" className="fill-slate-800" />
      <ellipse cx="114" cy="90" rx="5" ry="6.5" className="fill-slate-800" />
      <circle cx="88" cy="87.5" r="1.8" className="fill-white" />
      <circle cx="116" cy="87.5" r="1.8" className="fill-white" />
      <circle cx="77" cy="102" r="5.5" className="fill-rose-300" />
      <circle cx="123" cy="102" r="5.5" className="fill-rose-300" />
      <path
        d="M89 103 Q100 114 111 103"
        fill="none"
        strokeWidth="3.5"
        strokeLinecap="round"
        className="stroke-slate-800"
      />

      {/* hard hat */}
      <g className="stroke-slate-800 dark:stroke-slate-950" strokeWidth="3" strokeLinejoin="round">
        <path d="M63 74 A37 35 0 0 1 137 74 Z" className="fill-yellow-400" />
        <rect x="54" y="70" width="92" height="11" rx="5.5" className="fill-yellow-500" />
        <path d="M92 41 Q100 37 108 41 L108 72 L92 72 Z" className="fill-yellow-300" />
      </g>
      <path
        d="M74 62 Q80 52 90 48"
        fill="none"
        strokeWidth="3.5"
        strokeLinecap="round"
        className="stroke-yellow-100"
      />
    </svg>
  );
}
